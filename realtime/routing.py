"""WebSocket routes: each socket path, behind the session and player middleware."""

from channels.auth import AuthMiddlewareStack
from channels.routing import URLRouter
from django.urls import path

from .auth import PlayerMiddleware
from .daily_socket import DailyBoardSocket
from .game_socket import GameSocket
from .me_socket import MeSocket
from .race_socket import RaceSocket

# django-stubs types path() for views; Channels routes ASGI applications with it.
websocket_urlpatterns = [
    path("ws/games/<int:game_id>/", GameSocket.as_asgi()),  # type: ignore[arg-type]
    path("ws/daily/<str:date>/", DailyBoardSocket.as_asgi()),  # type: ignore[arg-type]
    path("ws/races/<int:race_id>/", RaceSocket.as_asgi()),  # type: ignore[arg-type]
    path("ws/me/", MeSocket.as_asgi()),  # type: ignore[arg-type]
]

websocket_application = AuthMiddlewareStack(
    PlayerMiddleware(URLRouter(websocket_urlpatterns))  # type: ignore[arg-type]
)
