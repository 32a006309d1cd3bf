from django.apps import AppConfig


class ApiConfig(AppConfig):
    name = "api"
    verbose_name = "Half Moon API"

    def ready(self):
        from corsheaders.signals import check_request_enabled

        from . import schema  # noqa: F401  (registers the OpenAPI auth extensions)
        from .http.cors import allow_app_origins

        check_request_enabled.connect(allow_app_origins, dispatch_uid="halfmoon-app-origins")
