from django.apps import AppConfig


class RealtimeConfig(AppConfig):
    name = "realtime"
    verbose_name = "Half Moon realtime"

    def ready(self):
        from . import publisher  # noqa: F401  (connects the receivers of the domain events)
