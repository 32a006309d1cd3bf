"""``manage.py prepare_daily [--days 7] [--from YYYY-MM-DD] [--budget B]``: choose the daily
deals of the coming days ahead of time (SPEC §10).

A date's deal is the first of its candidates proven winnable; once stored it never changes,
so running this again (or on two hosts at once) changes nothing already chosen. A date not
prepared is chosen on demand the first time its code is needed.
"""

from __future__ import annotations

import datetime as dt

from django.conf import settings
from django.core.management.base import BaseCommand, CommandError

from games.core import clock
from games.daily.choice import choose


class Command(BaseCommand):
    help = "Choose the proven-winnable daily deals of today and the coming days."

    def add_arguments(self, parser):
        parser.add_argument(
            "--days", type=int, default=7, help="How many dates, from the first (default 7)."
        )
        parser.add_argument(
            "--from",
            dest="start",
            type=dt.date.fromisoformat,
            help="The first date (YYYY-MM-DD, UTC); default today.",
        )
        parser.add_argument(
            "--budget",
            type=int,
            default=None,
            help="Positions the solver may search per candidate; default HALFMOON_DAILY_BUDGET "
            f"({settings.HALFMOON_DAILY_BUDGET:,}).",
        )

    def handle(self, *args, days, start, budget, **options):
        if days < 1 or (budget is not None and budget < 1):
            raise CommandError("--days and --budget take positive numbers.")
        first = start or clock.today()
        for offset in range(days):
            date = first + dt.timedelta(days=offset)
            choice = choose(date, budget)
            daily = choice.daily
            if not choice.chosen_now:
                self.stdout.write(
                    f"{date}: {daily.code} (candidate {daily.candidate}), stored already."
                )
                continue
            tried = ", ".join(
                f"{s.deal.code} {s.verdict} ({s.nodes:,} positions)" for s in choice.tried
            )
            self.stdout.write(
                self.style.SUCCESS(
                    f"{date}: {daily.code} (candidate {daily.candidate}) chosen: {tried}."
                )
            )
