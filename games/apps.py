from django.apps import AppConfig


class GamesConfig(AppConfig):
    name = "games"
    verbose_name = "Half Moon games"

    def ready(self):
        from . import checks  # noqa: F401  (registers the deploy checks)
