"""``manage.py detach_log_partition YYYY-MM [--force]``: take an ended month's partition out of
the move log (PostgreSQL; ``games.play.partitions.detach``).

The partition becomes a table of its own, ``games_gameevent_yYYYYmMM``, with every row it held
(the moves of the games started that month): archive it (``pg_dump -t <table>``), then drop it.
Refuses the current month and later ones, and a month whose games can still change (playing or
stalled) unless ``--force``. The log's lock is waited for 3 s at most: if moves hold it that
long, it fails without holding them up; run it again.
"""

import datetime as dt

from django.core.management.base import BaseCommand, CommandError

from games.play import partitions


def month(text: str) -> dt.date:
    try:
        return dt.datetime.strptime(text, "%Y-%m").date()
    except ValueError as error:
        raise CommandError(f"Not a month (YYYY-MM): {text!r}") from error


class Command(BaseCommand):
    help = "Detach an ended month's partition from the move log (PostgreSQL)."

    def add_arguments(self, parser):
        parser.add_argument("month", help="the month, YYYY-MM")
        parser.add_argument(
            "--force", action="store_true", help="even if games of that month can still change"
        )

    def handle(self, *args, **options):
        chosen = month(options["month"])
        if not partitions.is_partitioned():
            raise CommandError("The move log is not partitioned (PostgreSQL only).")
        try:
            name = partitions.detach(chosen, force=options["force"])
        except partitions.PartitionError as error:
            raise CommandError(str(error)) from error
        self.stdout.write(
            f"Detached {name}: a table of its own now, with its rows; archive it "
            f"(pg_dump -t {name}), then DROP TABLE {name}."
        )
