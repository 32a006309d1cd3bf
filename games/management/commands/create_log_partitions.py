"""Make the move log's partitions of this month and the next two that are missing (PostgreSQL;
``games.play.partitions``). A scheduled job (every hour); idempotent, and nothing on SQLite."""

from django.core.management.base import BaseCommand

from games.play import partitions


class Command(BaseCommand):
    help = "Make the move log's partitions of this month and the next two (PostgreSQL)."

    def handle(self, *args, **options):
        if not partitions.is_partitioned():
            self.stdout.write("The move log is not partitioned (SQLite): nothing to do.")
            return
        made = partitions.ensure_partitions()
        self.stdout.write(f"Made {len(made)} partition(s){': ' if made else '.'}{', '.join(made)}")
