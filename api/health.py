"""Liveness and readiness probes for load balancers and orchestrators."""
import asyncio
import time

from asgiref.sync import async_to_sync
from channels.layers import get_channel_layer
from django.db import connection
from django.http import JsonResponse


def healthz(request):
    """The process is alive and serving requests (no dependency is checked)."""
    return JsonResponse({"status": "ok"})


def readyz(request):
    """Ready for traffic: the database and the channel layer both answer."""
    checks = {"database": _check(_database), "channel_layer": _check(_channel_layer)}
    ready = all(c["ok"] for c in checks.values())
    return JsonResponse({"status": "ready" if ready else "unavailable", "checks": checks},
                        status=200 if ready else 503)


def _check(probe) -> dict:
    start = time.perf_counter()
    try:
        probe()
    except Exception as error:  # any failure means "not ready", reported by name
        return {"ok": False, "error": f"{type(error).__name__}: {error}"[:200]}
    return {"ok": True, "ms": round((time.perf_counter() - start) * 1000, 1)}


def _database():
    with connection.cursor() as cursor:
        cursor.execute("SELECT 1")
        cursor.fetchone()


def _channel_layer():
    layer = get_channel_layer()

    async def round_trip():
        channel = await layer.new_channel("readyz.")
        await layer.send(channel, {"type": "readyz.ping"})
        message = await asyncio.wait_for(layer.receive(channel), timeout=2)
        if message.get("type") != "readyz.ping":
            raise RuntimeError("channel layer returned another message")

    async_to_sync(round_trip)()
