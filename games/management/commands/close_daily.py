"""``manage.py close_daily [--date YYYY-MM-DD]``: close past daily leaderboards.

Enters every ranked attempt not on its board yet (unfinished ones with their score at
midnight) and marks the date closed. Without ``--date``, closes every past date still open.
Idempotent and safe to run twice at once (e.g. from cron on two hosts).
"""

from django.core.management.base import BaseCommand, CommandError

from games.core import clock
from games.core.errors import ServiceError
from games.daily.dates import parse_date
from games.daily.selectors import open_days_before
from games.daily.services import close_day


class Command(BaseCommand):
    help = (
        "Close past daily leaderboards: enter unfinished ranked attempts as they stood at midnight."
    )

    def add_arguments(self, parser):
        parser.add_argument(
            "--date",
            help="The UTC date to close (YYYY-MM-DD); default: every past date still open.",
        )

    def handle(self, *args, date=None, **options):
        try:
            dates = [parse_date(date)] if date else open_days_before(clock.today())
            closings = [close_day(day) for day in dates]
        except ServiceError as error:
            raise CommandError(f"{error.code}: {error.message}") from error
        if not closings:
            self.stdout.write("No past daily leaderboard is open.")
        for closing in closings:
            if closing.closed_now:
                self.stdout.write(
                    self.style.SUCCESS(
                        f"{closing.date}: closed, {closing.entered} unfinished attempt(s) entered."
                    )
                )
            else:
                self.stdout.write(
                    f"{closing.date}: already closed (or never opened), nothing to do."
                )
