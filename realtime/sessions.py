"""The browser session on a socket, without a wrapper around every frame the socket sends.

Channels' ``SessionMiddleware`` passes the application a ``send`` that, on every message, reads
the lazy session twice (``modified``, ``is_empty()``) before looking at the message's type, and
saves the session only on ``http.response.start``, which a WebSocket never sends. On a socket
process that is pure cost per frame: during a fan-out to 1,000 watchers it was about a tenth of
the process's time (py-spy; ``docs/PERFORMANCE.md``). This middleware resolves the session the
same way (Channels' own wrapper, so the cookie, engine and lazy object are Channels') and hands
the application the server's ``send`` unchanged. It is written here because Channels has no
option for it; on an HTTP scope it defers to Channels' middleware untouched.
"""

from __future__ import annotations

from channels.auth import AuthMiddleware
from channels.sessions import CookieMiddleware, InstanceSessionWrapper, SessionMiddleware


class SocketSessionMiddleware(SessionMiddleware):
    """``scope["session"]`` as Channels gives it; the ``send`` of a WebSocket left as it is."""

    async def __call__(self, scope, receive, send):
        if scope["type"] != "websocket":
            return await super().__call__(scope, receive, send)
        wrapper = InstanceSessionWrapper(scope, send)
        await wrapper.resolve_session()
        return await self.inner(wrapper.scope, receive, send)


def SocketAuthMiddlewareStack(inner):
    """Channels' ``AuthMiddlewareStack`` with :class:`SocketSessionMiddleware`."""
    return CookieMiddleware(SocketSessionMiddleware(AuthMiddleware(inner)))
