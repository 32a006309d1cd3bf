"""One structured log line per HTTP request, with a request id echoed to the client.

The id (the client's ``X-Request-ID`` when printable, else a new one) is also the current
request id of :mod:`halfmoon_service.logs` while the request runs, so every line logged on the
way carries it.
"""

import logging
import time
import uuid

from django.utils.functional import LazyObject, empty

from api.http.middleware import SyncAndAsyncMiddleware

from . import metrics
from .logs import current_request_id

logger = logging.getLogger("halfmoon.requests")


class RequestLogMiddleware(SyncAndAsyncMiddleware):
    """Logs method, path, status, duration and caller (``player`` and, for a signed-in site or
    admin user, ``user``); sets/echoes ``X-Request-ID``; counts and times the request by route
    (:func:`halfmoon_service.metrics.observe_request`)."""

    def __call__(self, request):
        if self.is_async:
            return self._acall(request)
        start, token = self._start(request)
        try:
            return self._finish(request, self.get_response(request), start)
        finally:
            current_request_id.reset(token)

    async def _acall(self, request):
        start, token = self._start(request)
        try:
            return self._finish(request, await self.get_response(request), start)
        finally:
            current_request_id.reset(token)

    @staticmethod
    def _start(request):
        incoming = request.headers.get("X-Request-ID", "")
        request.request_id = (
            incoming[:64] if incoming.isprintable() and incoming else uuid.uuid4().hex
        )
        return time.perf_counter(), current_request_id.set(request.request_id)

    @staticmethod
    def _finish(request, response, start):
        response["X-Request-ID"] = request.request_id
        user = getattr(request, "user", None)
        if isinstance(user, LazyObject) and user._wrapped is empty:
            user = None  # no view resolved it (a 404): reading the session here is a sync query
        player, staff_user = _who(user)
        seconds = time.perf_counter() - start
        metrics.observe_request(request, response.status_code, seconds)
        fields = {
            "event": "http_request",
            "request_id": request.request_id,
            "method": request.method,
            "path": request.path,
            "status": response.status_code,
            "ms": round(seconds * 1000, 2),
            "player": player,
            "user": staff_user,
        }
        logger.info("%s %s %s", request.method, request.path, response.status_code, extra=fields)
        return response


def _who(user) -> tuple[int | None, int | None]:
    """(player id, Django user id) of the request's caller: the API authenticates a player; a
    signed-in site or admin user is logged as a user (no query here to find their player)."""
    from games.players.models import Player

    if user is None or not getattr(user, "is_authenticated", False):
        return None, None
    if isinstance(user, Player):
        return user.pk, None
    return None, user.pk
