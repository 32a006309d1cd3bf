"""The load generators' HTTP client: the suite's asyncio client, :mod:`tests.support.http`.

``Connection`` is one keep-alive connection (``await connection.request(method, path, body)``
→ ``(status, JSON body)``); ``new_player`` opens one for a freshly created player.
"""

from __future__ import annotations

from tests.support.http import AsyncHttp as Connection
from tests.support.http import HttpError
from tests.support.http import new_async_player as new_player

__all__ = ["Connection", "HttpError", "new_player"]
