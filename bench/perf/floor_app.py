"""The framework floor: Django + DRF and Django + Channels doing nothing but answer a move.

Served with the settings :mod:`bench.perf.floor_site` by :mod:`bench.perf.framework_floor`:

* ``POST /floor/games/{id}/moves`` (WSGI, :data:`wsgi`) — a DRF ``APIView``: DRF parses
  the JSON body (``request.data``), the view reads ``expected_version`` and answers 200 with a
  representation of the service's game payload's keys and size, one version on, rendered by
  DRF's ``JSONRenderer``.
* ``POST /floor-io/games/{id}/moves`` — that view doing a move's round trips first (below).
* ``POST /floor-pipelined/games/{id}/moves`` — the same with the round trips pipelined
  (:func:`bench.perf.floor_io.move_pipelined`: four instead of seven).
* ``/ws/floor/{id}/`` (ASGI, :data:`application`, for daphne) — a Channels
  ``AsyncJsonWebsocketConsumer``: for each ``{"action": "move", …}`` it sends the
  ``{"type": "result"}`` reply and the ``{"type": "game"}`` frame a watcher gets, as the
  service's game socket does, without the channel layer in between.
* ``/ws/floor-io/{id}/`` — the same consumer doing a move's round trips first
  (:mod:`bench.perf.floor_io`: the player read again, the budget's ``INCR``, ``BEGIN``, the
  locked read, the update with its log row, ``COMMIT``, ``PUBLISH``) on a pool thread, with
  psycopg and redis-py and no Django in between; ``/ws/floor-pipelined/{id}/`` pipelined.

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

RANKS = ("A", "2", "3", "4", "5", "6", "7", "8", "9", "T", "J", "Q", "K")


def game(game_id: int, version: int) -> dict:
    """A representation with the keys and the size of the service's game payload."""
    return {
        "id": game_id,
        "deal_code": "HM1-7Q4K-2M9D",
        "owner": {"id": game_id, "name": f"floor{game_id}"},
        "status": "active",
        "score": version * 2,
        "moves": version,
        "cards_left": 104 - version * 2,
        "version": version,
        "started_at": "2026-12-01T12:00:00.000Z",
        "finished_at": None,
        "elapsed_ms": 1000 * version,
        "can_undo": version > 0,
        "selection": [],
        "piles": [
            {"position": f"P{i + 1}", "count": 7, "top": f"{RANKS[i % 13]}{'SHDC'[i % 4]}"}
            for i in range(12)
        ],
        "reserve": [{"position": f"R{i + 1}", "card": f"{RANKS[i]}H"} for i in range(8)],
        "daily_date": None,
        "ranked": False,
        "watchable": True,
        "race_id": None,
        "dimmed": None,
    }


class Move(APIView):
    def post(self, request, game_id: int):
        return Response(game(game_id, int(request.data["expected_version"]) + 1))


class MoveWithIo(APIView):
    """The DRF floor doing a move's round trips (:mod:`bench.perf.floor_io`) first."""

    pipelined = False

    def post(self, request, game_id: int):
        from . import floor_io

        io = floor_io.move_pipelined if self.pipelined else floor_io.move
        expected = int(request.data["expected_version"])
        payload = game(game_id, expected + 1)
        frame = json.dumps({"type": "game", "game": payload})
        positions = "+".join(request.data["positions"])
        if io(game_id, expected, positions, frame) is None:
            return Response({"code": "version_conflict"}, status=409)
        return Response(payload)


def healthz(request):
    return JsonResponse({"status": "ok"})


urlpatterns = [
    path("floor/games/<int:game_id>/moves", Move.as_view()),
    path("floor-io/games/<int:game_id>/moves", MoveWithIo.as_view()),
    path("floor-pipelined/games/<int:game_id>/moves", MoveWithIo.as_view(pipelined=True)),
    path("healthz", healthz),
]


def _asgi():
    from channels.db import database_sync_to_async
    from channels.generic.websocket import AsyncJsonWebsocketConsumer
    from channels.routing import ProtocolTypeRouter, URLRouter
    from django.core.asgi import get_asgi_application

    from . import floor_io

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
        """The floor with a move's round trips (:mod:`bench.perf.floor_io`) on a pool
        thread, as the service's socket runs its move."""

        io_move = staticmethod(database_sync_to_async(floor_io.move, thread_sensitive=False))

        async def receive_json(self, content, **kwargs):
            expected = int(content["expected_version"])
            payload = game(self.game_id, expected + 1)
            frame = json.dumps({"type": "game", "game": payload})
            positions = "+".join(content["positions"])
            version = await self.io_move(self.game_id, expected, positions, frame)
            if version is None:
                await self.send_json(
                    {
                        "type": "error",
                        "code": "version_conflict",
                        "request_id": content["request_id"],
                    }
                )
                return
            await self.send_json(
                {"type": "result", "request_id": content["request_id"], "game": payload}
            )
            await self.send(text_data=frame)  # what the relay would deliver to this socket

    class FloorPipelined(FloorWithIo):
        io_move = staticmethod(
            database_sync_to_async(floor_io.move_pipelined, thread_sensitive=False)
        )

    return ProtocolTypeRouter(
        {
            "http": get_asgi_application(),
            "websocket": URLRouter(
                [
                    path("ws/floor/<int:game_id>/", Floor.as_asgi()),
                    path("ws/floor-io/<int:game_id>/", FloorWithIo.as_asgi()),
                    path("ws/floor-pipelined/<int:game_id>/", FloorPipelined.as_asgi()),
                ]
            ),
        }
    )


#: For gunicorn (``bench.perf.floor_app:wsgi``) and daphne (``bench.perf.floor_app:application``).
wsgi = WSGIHandler()
application = _asgi()
