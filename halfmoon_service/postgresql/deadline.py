"""The HTTP request's budget for waiting on the database (:mod:`games.core.deadline`)."""

from __future__ import annotations

import time

from django.conf import settings

from api.http.middleware import SyncAndAsyncMiddleware
from games.core.deadline import request_deadline


class RequestDeadlineMiddleware(SyncAndAsyncMiddleware):
    """Sets the request's deadline for waiting on the database: ``DATABASE_CONNECT_WAIT``
    seconds from its start (early in the chain, before anything reads the database). None
    where the process does not wait (0: commands, tests)."""

    def __call__(self, request):
        if self.is_async:
            return self._acall(request)
        token = request_deadline.set(self._deadline())
        try:
            return self.get_response(request)
        finally:
            request_deadline.reset(token)

    async def _acall(self, request):
        token = request_deadline.set(self._deadline())
        try:
            return await self.get_response(request)
        finally:
            request_deadline.reset(token)

    @staticmethod
    def _deadline() -> float | None:
        wait = settings.DATABASE_CONNECT_WAIT
        return time.monotonic() + wait if wait > 0 else None
