"""The framework floor: Django + DRF and Django + Channels doing nothing but answer a move.

Served with the settings :mod:`bench.perf.floor_site` by :mod:`bench.perf.framework_floor`:

* ``POST /floor/games/{id}/moves`` (WSGI, :data:`wsgi`) — a DRF ``APIView``: DRF parses
  the JSON body (``request.data``), the view reads ``expected_version`` and answers 200 with a
  representation of the service's game payload's keys and size, one version on, rendered by
  DRF's ``JSONRenderer``.
* ``POST /{route}/games/{id}/moves`` — that view making a move's round trips first, for each
  route of :data:`bench.perf.floor_io.VARIANTS` (``floor-io``: as the service makes them;
  ``floor-pipelined``: four round trips instead of seven).
* ``/ws/floor/{id}/`` (ASGI, :data:`application`, for daphne) — a Channels
  ``AsyncJsonWebsocketConsumer``: for each ``{"action": "move", …}`` it sends the
  ``{"type": "result"}`` reply and the ``{"type": "game"}`` frame a watcher gets, as the
  service's game socket does, without the channel layer in between.
* ``/ws/{route}/{id}/`` — the same consumer making a move's round trips first
  (:mod:`bench.perf.floor_io`: the player read again, the budget's ``INCR``, ``BEGIN``, the
  locked read, the update with its log row, ``COMMIT``, ``PUBLISH``) on a pool thread, with
  psycopg and redis-py and no Django in between, for each route of ``VARIANTS``.
* ``/ws/floor-async/{id}/`` — the same round trips awaited on the event loop
  (:func:`bench.perf.floor_io.move_async`: psycopg's ``AsyncConnection``, one per socket, and
  ``redis.asyncio``), no thread hop: the async limit.

The first two have no database, Redis, token, throttle or request log, and one middleware
(``CommonMiddleware``, for the ``Content-Length``); the third has only the round trips. What
the service does for a move on top of them (the ORM and its transaction, the engine, the
representation, the relay, the log line) only adds to them.
"""

from __future__ import annotations

import json

import django

django.setup()  # gunicorn and daphne import this module before anything has set Django up

from django.core.handlers.wsgi import WSGIHandler  # noqa: E402
from django.http import JsonResponse  # noqa: E402
from django.urls import path  # noqa: E402
from rest_framework.response import Response  # noqa: E402
from rest_framework.views import APIView  # noqa: E402

from games.engine import PILES, RESERVE, Board, DealCode  # noqa: E402

from . import floor_io  # noqa: E402

#: The table the floor shows: a real deal's pile tops and reserve, laid out by the engine.
_BOARD = Board(DealCode.parse("HM1-N-HALFMON").layout())
PILE_TOPS = [
    {"position": p.name, "count": len(_BOARD.piles[p]), "top": _BOARD.piles[p][-1].code}
    for p in PILES
]
RESERVE_CARDS = [{"position": p.name, "card": _BOARD.card_at(p).code} for p in RESERVE]


def game(game_id: int, version: int) -> dict:
    """A representation with the keys and the size of the service's game payload."""
    return {
        "id": game_id,
        "deal_code": "HM1-N-HALFMON",
        "owner": {"id": game_id, "name": f"floor{game_id}"},
        "status": "active",
        "score": version * 2,
        "moves": version,
        "cards_left": _BOARD.cards_left - version * 2,
        "version": version,
        "started_at": "2026-12-01T12:00:00.000Z",
        "clock_started_at": "2026-12-01T12:00:00.000Z",
        "finished_at": None,
        "elapsed_ms": 1000 * version,
        "can_undo": version > 0,
        "selection": [],
        "piles": PILE_TOPS,
        "reserve": RESERVE_CARDS,
        "daily_date": None,
        "ranked": False,
        "watchable": True,
        "race_id": None,
        "challenge": None,
        "dimmed": None,
    }


class Move(APIView):
    def post(self, request, game_id: int):
        return Response(game(game_id, int(request.data["expected_version"]) + 1))


def move_with_io(io, game_id: int, frame: dict) -> tuple[dict, str, int | None]:
    """A move's round trips (``io``: a function of :data:`bench.perf.floor_io.VARIANTS`) for a
    client's move ``frame``: the new game, its broadcast frame, and the new version (None for a
    stale ``expected_version``)."""
    expected = int(frame["expected_version"])
    payload = game(game_id, expected + 1)
    broadcast = json.dumps({"type": "game", "game": payload})
    version = io(game_id, expected, "+".join(frame["positions"]), broadcast)
    return payload, broadcast, version


class MoveWithIo(APIView):
    """The DRF floor making a move's round trips first."""

    io = None  # set per route (as_view)

    def post(self, request, game_id: int):
        payload, _, version = move_with_io(self.io, game_id, request.data)
        if version is None:
            return Response({"code": "version_conflict"}, status=409)
        return Response(payload)


def healthz(request):
    return JsonResponse({"status": "ok"})


urlpatterns = [
    path("floor/games/<int:game_id>/moves", Move.as_view()),
    path("healthz", healthz),
    *(
        path(f"{route}/games/<int:game_id>/moves", MoveWithIo.as_view(io=io))
        for _, route, io in floor_io.VARIANTS
    ),
]


def _asgi():
    from channels.db import database_sync_to_async
    from channels.generic.websocket import AsyncJsonWebsocketConsumer
    from channels.routing import ProtocolTypeRouter, URLRouter
    from django.core.asgi import get_asgi_application

    class Floor(AsyncJsonWebsocketConsumer):
        async def connect(self):
            self.game_id = int(self.scope["url_route"]["kwargs"]["game_id"])
            await self.accept()
            await self.send_json({"type": "game", "game": game(self.game_id, 0)})

        async def receive_json(self, content, **kwargs):
            payload = game(self.game_id, int(content["expected_version"]) + 1)
            await self.send_json(
                {"type": "result", "request_id": content["request_id"], "game": payload}
            )
            await self.send_json({"type": "game", "game": payload})

    class FloorWithIo(Floor):
        """The socket floor making a move's round trips first, on a pool thread, as the
        service's socket runs its move."""

        def __init__(self, io, **kwargs):  # as_asgi(io=…) per route
            super().__init__(**kwargs)
            self.io = io

        async def receive_json(self, content, **kwargs):
            run = database_sync_to_async(move_with_io, thread_sensitive=False)
            payload, broadcast, version = await run(self.io, self.game_id, content)
            request_id = content["request_id"]
            if version is None:
                error = {"type": "error", "code": "version_conflict", "request_id": request_id}
                await self.send_json(error)
                return
            await self.send_json({"type": "result", "request_id": request_id, "game": payload})
            await self.send(text_data=broadcast)  # what the relay would deliver to this socket

    class FloorAsyncIo(Floor):
        """The socket floor making a move's round trips on the event loop, on its own
        connection (opened with the socket, closed with it)."""

        async def connect(self):
            self.connection = await floor_io.connect_async()
            await super().connect()

        async def disconnect(self, code):
            await self.connection.close()

        async def receive_json(self, content, **kwargs):
            expected = int(content["expected_version"])
            payload = game(self.game_id, expected + 1)
            broadcast = json.dumps({"type": "game", "game": payload})
            positions = "+".join(content["positions"])
            version = await floor_io.move_async(
                self.connection, self.game_id, expected, positions, broadcast
            )
            request_id = content["request_id"]
            if version is None:
                error = {"type": "error", "code": "version_conflict", "request_id": request_id}
                await self.send_json(error)
                return
            await self.send_json({"type": "result", "request_id": request_id, "game": payload})
            await self.send(text_data=broadcast)

    return ProtocolTypeRouter(
        {
            "http": get_asgi_application(),
            "websocket": URLRouter(
                [
                    path("ws/floor/<int:game_id>/", Floor.as_asgi()),
                    *(
                        path(f"ws/{route}/<int:game_id>/", FloorWithIo.as_asgi(io=io))
                        for _, route, io in floor_io.VARIANTS
                    ),
                    path(f"ws/{floor_io.ASYNC_ROUTE}/<int:game_id>/", FloorAsyncIo.as_asgi()),
                ]
            ),
        }
    )


#: For gunicorn (``bench.perf.floor_app:wsgi``) and daphne (``bench.perf.floor_app:application``).
wsgi = WSGIHandler()
application = _asgi()
