"""``manage.py verify_games [--since DATE] [--game ID ...]``: replay stored games and compare.

Prints one line per mismatched game and a summary; exits with status 1 when any game does not
match what its deal and move log replay to (status 2 for bad arguments, as Django does).
"""

import datetime as dt

from django.core.management.base import BaseCommand, CommandError

from games.models import Game
from games.play.verification import games_to_verify, verify_games


def iso_date(text: str) -> dt.date:
    try:
        return dt.date.fromisoformat(text)
    except ValueError:
        raise CommandError(
            f"--since takes a date like 2026-11-30, not {text!r}.", returncode=2
        ) from None


class Command(BaseCommand):
    help = "Replay games from their deal and move log and compare with what is stored."

    def add_arguments(self, parser):
        parser.add_argument(
            "--since",
            metavar="DATE",
            help="only games started on or after this UTC date (YYYY-MM-DD)",
        )
        parser.add_argument(
            "--game",
            metavar="ID",
            type=int,
            action="append",
            dest="games",
            help="only this game (repeat for several)",
        )

    def handle(self, *args, since=None, games=None, verbosity=1, **options):
        since_date = iso_date(since) if since is not None else None
        if games:
            missing = sorted(
                set(games) - set(Game.objects.filter(pk__in=games).values_list("pk", flat=True))
            )
            if missing:
                raise CommandError("No such game: " + ", ".join(map(str, missing)), returncode=2)
        checked = mismatched = 0
        for verdict in verify_games(games_to_verify(since_date, games)):
            checked += 1
            if verdict.ok:
                if verbosity >= 2:
                    self.stdout.write(f"OK       {verdict}")
                continue
            mismatched += 1
            self.stdout.write(
                self.style.ERROR(f"MISMATCH game {verdict.game_id} ({verdict.deal_code})")
            )
            for problem in verdict.problems:
                self.stdout.write(f"         - {problem}")
        scope = (f" started since {since_date}" if since_date else "") + (
            f" among ids {', '.join(map(str, games))}" if games else ""
        )
        summary = (
            f"Verified {checked} games{scope}: {checked - mismatched} consistent, "
            f"{mismatched} mismatched."
        )
        if mismatched:
            raise CommandError(summary, returncode=1)
        self.stdout.write(self.style.SUCCESS(summary))
