"""WebSocket routes: each socket path, behind the session and player middleware.

Each path is taken with or without its trailing slash (``/ws/games/13`` is ``/ws/games/13/``).
Whatever no route takes — an unknown path, a game or race id that is not a number — reaches the
catch-all at the end (:class:`realtime.unknown_socket.UnknownPathSocket`): an error frame
``not_found`` and close code 4404, never Channels' "No route found" (an HTTP 500 at the
handshake). The paths and their parameters are :data:`realtime.frames.SOCKETS`'.
"""

from channels.routing import URLRouter
from django.urls import re_path

from .auth import PlayerMiddleware
from .challenge_socket import ChallengeBoardSocket
from .daily_socket import DailyBoardSocket
from .frames import SOCKETS, SocketDefinition
from .game_socket import GameSocket
from .lobby_socket import LobbySocket
from .me_socket import MeSocket
from .race_socket import RaceSocket
from .season_socket import SeasonBoardSocket
from .sessions import SocketAuthMiddlewareStack
from .unknown_socket import UnknownPathSocket


def route(socket: SocketDefinition, consumer, **kwargs: str):
    """The route of ``socket``'s path, with or without its trailing slash; each parameter
    is matched by its pattern and passed under the name ``kwargs`` gives (else its own)."""
    regex = socket.path.strip("/")
    for parameter in socket.parameters:
        name = kwargs.get(parameter.name, parameter.name)
        regex = regex.replace(f"{{{parameter.name}}}", f"(?P<{name}>{parameter.pattern})")
    return re_path(rf"^{regex}/?$", consumer.as_asgi())


_SOCKETS = {socket.name: socket for socket in SOCKETS}

websocket_urlpatterns = [
    route(_SOCKETS["game"], GameSocket, id="game_id"),
    route(_SOCKETS["daily"], DailyBoardSocket),
    route(_SOCKETS["challenge"], ChallengeBoardSocket),
    route(_SOCKETS["lobby"], LobbySocket),
    route(_SOCKETS["race"], RaceSocket, id="race_id"),
    route(_SOCKETS["me"], MeSocket),
    route(_SOCKETS["season"], SeasonBoardSocket),
    # Last: every other path is refused cleanly.
    # django-stubs types re_path() for views; Channels routes ASGI applications with it.
    re_path(r"", UnknownPathSocket.as_asgi()),  # type: ignore[arg-type]
]

websocket_application = SocketAuthMiddlewareStack(
    PlayerMiddleware(URLRouter(websocket_urlpatterns))
)
