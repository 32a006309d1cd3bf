"""Any WebSocket path no route takes: refused with ``not_found`` and close code 4404.

The handshake is accepted first, so the client reads why (a refused handshake is an HTTP
answer a browser does not show); nothing else is read or done for the connection.
"""

from __future__ import annotations

from games.transport.errors import NotFound

from .frames import CLOSE_NOT_FOUND
from .sockets import Socket


class UnknownPathSocket(Socket):
    kind = "unknown"

    async def connect(self):
        await self.accept()
        await self.refuse(NotFound(), CLOSE_NOT_FOUND)

    async def receive(self, text_data=None, bytes_data=None):
        """Closed already: frames that raced the close are dropped."""
