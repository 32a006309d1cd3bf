"""Liveness and readiness probes for load balancers and orchestrators.

The answers carry the status only: what failed, and why, goes to the log (an unauthenticated
caller learns nothing of the deployment's internals).
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
    ready = all([_check("database", _database), _check("channel_layer", _channel_layer)])
    return JsonResponse(
        {"status": "ready" if ready else "unavailable"}, status=200 if ready else 503
    )


def _check(name: str, probe) -> bool:
    start = time.perf_counter()
    try:
        probe()
    except Exception:  # any failure means "not ready"; the reason is for the operators' log
        logger.warning("readyz: %s is not ready", name, exc_info=True)
        return False
    logger.debug("readyz: %s answered in %.1f ms", name, (time.perf_counter() - start) * 1000)
    return True


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
