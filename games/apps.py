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
    "challenges",
    "moderation",
    "fairplay",
    "privacy",
    "oauth",
)


class GamesConfig(AppConfig):
    name = "games"
    verbose_name = "Half Moon games"

    def ready(self):
        # Every domain's errors are declared (and so registered) once Django is ready.
        for domain in DOMAINS:
            import_module(f"games.{domain}.errors")
        import_module("games.oauth.revocation")  # an app's token deleted: its sockets close
