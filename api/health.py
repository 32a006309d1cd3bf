"""Liveness and readiness probes for load balancers and orchestrators.

``/readyz`` answers each check's outcome and latency (``{"ok", "ms"}``) and, for a failing
one, the kind of failure only (the exception's class name, e.g. ``OperationalError``): the
reason itself, with its hosts and messages, goes to the log (an unauthenticated caller learns
nothing of the deployment's internals). Each check is one round trip (``SELECT 1``, a Redis
``PING``), so a probe every second costs nothing.
"""

import logging
import time

from channels.layers import InMemoryChannelLayer, get_channel_layer
from channels_redis.utils import decode_hosts
from django.conf import settings
from django.db import connection
from django.http import JsonResponse

from games.core import redis

logger = logging.getLogger(__name__)


def healthz(request):
    """The process is alive and serving requests (no dependency is checked)."""
    return JsonResponse({"status": "ok"})


def readyz(request):
    """Ready for traffic: the database and the channel layer's Redis both answer."""
    checks = {"database": _check("database", _database)}
    checks["channel_layer"] = _check("channel_layer", _channel_layer)
    ready = all(check["ok"] for check in checks.values())
    return JsonResponse(
        {"status": "ready" if ready else "unavailable", "checks": checks},
        status=200 if ready else 503,
    )


def _check(name: str, probe) -> dict:
    """``{"ok", "ms"}`` of one probe (and ``error``, the failure's kind, when it fails)."""
    start = time.perf_counter()
    try:
        probe()
    except Exception as failure:  # any failure means "not ready"; the reason is for the log
        logger.warning("readyz: %s is not ready", name, exc_info=True)
        return {"ok": False, "ms": _since(start), "error": type(failure).__name__}
    return {"ok": True, "ms": _since(start)}


def _since(start: float) -> float:
    return round((time.perf_counter() - start) * 1000, 1)


def _database():
    with connection.cursor() as cursor:
        cursor.execute("SELECT 1")
        cursor.fetchone()


def _channel_layer():
    """PING every Redis host of the channel layer (no channel, no subscription is made)."""
    if isinstance(get_channel_layer(), InMemoryChannelLayer):
        return
    hosts = decode_hosts(settings.CHANNEL_LAYERS["default"].get("CONFIG", {}).get("hosts"))
    for host in hosts:
        redis.client(host["address"]).ping()
