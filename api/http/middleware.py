"""The base of the service's own middleware (``settings.MIDDLEWARE``): Django calls it sync under
WSGI and async under ASGI, and it runs as it is called, with no thread hop either way."""

from __future__ import annotations

from asgiref.sync import iscoroutinefunction, markcoroutinefunction


class SyncAndAsyncMiddleware:
    """Keeps ``get_response`` and marks the instance a coroutine function when the chain below
    it is async (so Django awaits it); ``is_async`` says which way it was built. A subclass's
    ``__call__`` returns ``self._acall(request)`` (a coroutine) when ``is_async``."""

    sync_capable = True
    async_capable = True

    def __init__(self, get_response):
        self.get_response = get_response
        self.is_async = iscoroutinefunction(get_response)
        if self.is_async:
            markcoroutinefunction(self)
