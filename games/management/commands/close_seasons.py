"""``manage.py close_seasons [--season YYYY-Www|YYYY-MM]``: close ended seasons and rebuild
open ones whose days changed (the ``close_seasons`` job, until it has nothing left to do).

With ``--season``, closes that season if it is over (else rebuilds it). Idempotent and safe
beside any other run: each season is rebuilt or closed under its row's lock, and a closed
season never changes again.
"""

from django.core.management.base import BaseCommand, CommandError

from games.core import clock
from games.core.errors import ServiceError
from games.seasons import keys, services


class Command(BaseCommand):
    help = "Close ended seasons (their final boards) and rebuild open ones whose days changed."

    def add_arguments(self, parser):
        parser.add_argument("--season", help="One season: YYYY-Www or YYYY-MM.")

    def handle(self, *args, season=None, **options):
        try:
            if season:
                span = keys.parse(season)
                if span.ends_on < clock.today():
                    done = services.close(span)
                    self.stdout.write(f"{span.key}: " + ("closed." if done else "already closed."))
                else:
                    done = services.refresh(span)
                    self.stdout.write(f"{span.key}: " + ("rebuilt." if done else "up to date."))
                return
        except ServiceError as error:
            raise CommandError(f"{error.code}: {error.message}") from error
        notes = []
        while note := services.step():
            notes.append(note)
            self.stdout.write(self.style.SUCCESS(note))
        if not notes:
            self.stdout.write("Every season is up to date.")
