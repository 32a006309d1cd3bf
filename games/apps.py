from importlib import import_module

from django.apps import AppConfig

#: The domains of the service, lowest layer first (``games.core`` and the engine below them).
DOMAINS = (
    "players",
    "play",
    "deals",
    "daily",
    "accounts",
    "races",
    "following",
    "seasons",
    "challenges",
    "moderation",
    "fairplay",
    "privacy",
    "oauth",
    "webhooks",
)


class GamesConfig(AppConfig):
    name = "games"
    verbose_name = "Half Moon games"

    def ready(self):
        # Every domain's errors, and the requests' own, are declared (and so registered) once
        # Django is ready.
        for domain in (*DOMAINS, "transport"):
            import_module(f"games.{domain}.errors")
        import_module("games.oauth.revocation")  # an app's token deleted: its sockets close
        # The receivers of the in-transaction events (games.core.events), each declared and
        # ordered by its event; every one must be there before a request is served.
        for domain in ("races", "daily", "challenges", "webhooks"):
            import_module(f"games.{domain}.receivers")
        from games.daily.events import day_closing
        from games.play.events import game_changing, watchable_changing
        from games.races.events import race_finishing
        from games.seasons.events import season_closing

        for event in (game_changing, watchable_changing, day_closing, race_finishing):
            event.check()
        season_closing.check()
