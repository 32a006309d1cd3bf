"""``manage.py settle_races [--every SECONDS]``: move on every race whose moment has passed.

A race starts running at ``starts_at`` and finishes at ``ends_at`` even if nobody acts. The
socket servers do it on time for every race a member watches, and any read or act on a race
does it first; this command does it for the others (races nobody looks at any more), so that
their members are freed and rated. Run it from cron, or as a worker with ``--every``.
Idempotent and safe to run on several hosts at once.
"""

import time

from django.core.management.base import BaseCommand

from games.races.settlement import due_race_ids, settle_due


class Command(BaseCommand):
    help = "Start and finish the races whose starts_at or ends_at has passed."

    def add_arguments(self, parser):
        parser.add_argument(
            "--every",
            type=float,
            default=0,
            help="Keep running, settling every SECONDS (default: once, then exit).",
        )

    def handle(self, *args, every=0, **options):
        while True:
            settled = [race_id for race_id in due_race_ids() if settle_due(race_id)]
            if settled or not every:
                self.stdout.write(f"Settled {len(settled)} race(s).")
            if not every:
                return
            time.sleep(every)
