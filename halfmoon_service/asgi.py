"""ASGI entry point: HTTP (Django; its static files through WhiteNoise's middleware) and
WebSockets (Channels)."""

import os

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "halfmoon_service.settings")

from django.core.asgi import get_asgi_application

django_asgi_app = get_asgi_application()

from channels.routing import ProtocolTypeRouter  # noqa: E402

from realtime.routing import websocket_application  # noqa: E402

application = ProtocolTypeRouter(
    {
        "http": django_asgi_app,
        "websocket": websocket_application,
    }
)
