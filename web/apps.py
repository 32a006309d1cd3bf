from django.apps import AppConfig


class WebConfig(AppConfig):
    """The site's own game client: one static HTML shell plus ES modules, public API only."""

    name = "web"
    verbose_name = "Half Moon web client"
