from django.apps import AppConfig


class HalfmoonServiceConfig(AppConfig):
    """The project itself as an app: its deploy checks (``manage.py check --deploy``)."""

    name = "halfmoon_service"
    verbose_name = "Half Moon service"

    def ready(self):
        from . import checks  # noqa: F401  (registers the deploy checks)
