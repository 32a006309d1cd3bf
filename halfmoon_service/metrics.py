"""Prometheus metrics of the service: the HTTP request metrics, and ``GET /metrics``.

What each layer counts is defined where it is counted: requests here (the request log
middleware, :mod:`halfmoon_service.request_log`, observes every request), sockets and frames in
:mod:`realtime.metrics`, moves, refusals and the database's and Redis's failures in
:mod:`games.core.metrics`; the gauges of the whole service (races, the quick-match queue, the
winnable pool: :mod:`games.stats.gauges`) are read from the database when a scrape asks.

**Across processes.** gunicorn runs several workers behind one port, so a scrape reaches one
of them at random: with ``PROMETHEUS_MULTIPROC_DIR`` set (docker-compose.yml sets it for every
server) each process writes its values to files there and any worker's scrape adds up all the
workers' (prometheus_client's multiprocess mode; :mod:`halfmoon_service.multiprocess` keeps the
directory). One directory per server (container), so each server is one scrape target: the
``http`` container (all its workers) and each daphne replica of ``web``.

**Not public.** The endpoint answers only with ``HALFMOON_METRICS_TOKEN`` set, to a request
that shows it (``Authorization: Bearer <token>``, 401 otherwise); unset, ``/metrics`` is a 404
like any unknown path. It is answered by :class:`MetricsEndpointMiddleware` ahead of Django's
host check, since Prometheus addresses each replica by its own address (not a host in
``ALLOWED_HOSTS``) in plain HTTP; nginx, the public entry point, refuses the path (404).
"""

from __future__ import annotations

import hmac
import logging
import time
from collections.abc import Iterable, Iterator

from asgiref.sync import sync_to_async
from django.conf import settings
from django.http import HttpResponse
from prometheus_client import (
    CONTENT_TYPE_LATEST,
    REGISTRY,
    Counter,
    Histogram,
    disable_created_metrics,
    generate_latest,
)
from prometheus_client.core import GaugeMetricFamily, Metric

from api.http.middleware import SyncAndAsyncMiddleware
from games.core import metrics as domain

from . import multiprocess

logger = logging.getLogger(__name__)

# No ``*_created`` series: multiprocess mode has none, so a server shows the same names either way.
disable_created_metrics()

PATH = "/metrics"
#: The route label of a request no URL pattern matched (a 404 of an unknown path).
UNMATCHED = "unmatched"
#: The route label of a scrape (answered before URL resolution).
SCRAPE_ROUTE = "metrics"
#: Methods reported as they are; any other (a client may send anything) is ``other``.
METHODS = frozenset({"GET", "HEAD", "POST", "PUT", "PATCH", "DELETE", "OPTIONS"})

REQUESTS = Counter(
    "halfmoon_http_requests",
    "HTTP requests answered, by route (URL pattern name), method and status.",
    ["route", "method", "status"],
)
DURATION = Histogram(
    "halfmoon_http_request_duration_seconds",
    "Time to answer an HTTP request (the middleware chain and the view), by route and method.",
    ["route", "method"],
    buckets=(0.002, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1.0, 2.5, 10.0),
)

_counters: dict[tuple[str, str, str], Counter] = {}
_timers: dict[tuple[str, str], Histogram] = {}


def route_of(request) -> str:
    """The URL pattern's name (``game-moves``, ``admin:index``), never the path."""
    forced = getattr(request, "_metrics_route", None)
    if forced is not None:
        return forced
    match = getattr(request, "resolver_match", None)
    if match is None:
        return UNMATCHED
    return match.view_name or match.route or UNMATCHED


def observe_request(request, status: int, seconds: float) -> None:
    """One answered request (two increments; the label children are cached)."""
    route = route_of(request)
    method = request.method if request.method in METHODS else "other"
    key = (route, method, str(status))
    counter = _counters.get(key)
    if counter is None:
        counter = _counters[key] = REQUESTS.labels(*key)
    counter.inc()
    timer = _timers.get(key[:2])
    if timer is None:
        timer = _timers[key[:2]] = DURATION.labels(route, method)
    timer.observe(seconds)


# -- the scrape -------------------------------------------------------------------------------
class _Scrape:
    """What one scrape exposes: every process's metrics (multiprocess mode) or this one's,
    the breaker's state derived from them, and the service's gauges read now."""

    def collect(self) -> Iterator[Metric]:
        service = list(self._service_gauges())  # first: a failed query is in this very scrape
        breaker_until = 0.0
        for family in self._process_metrics():
            if family.name == domain.BREAKER_UNTIL:
                breaker_until = max((sample.value for sample in family.samples), default=0.0)
            yield family
        yield GaugeMetricFamily(
            "halfmoon_redis_breaker_open",
            "1 while a process of this server skips Redis after a failure (the outage breaker).",
            value=1.0 if breaker_until > time.time() else 0.0,
        )
        yield from service

    @staticmethod
    def _process_metrics() -> Iterable[Metric]:
        path = multiprocess.directory()
        if path is None:
            return REGISTRY.collect()
        from prometheus_client.multiprocess import MultiProcessCollector

        return MultiProcessCollector(None, str(path)).collect()

    @staticmethod
    def _service_gauges() -> Iterator[Metric]:
        from games.stats.gauges import service_figures

        try:
            figures = service_figures()
        except domain.DATABASE_ERRORS as error:
            logger.warning("Metrics: the database is unavailable: %s", error)
            domain.database_failed("metrics")
            yield GaugeMetricFamily(
                "halfmoon_database_up", "1 when this scrape's queries succeeded.", value=0.0
            )
            return
        yield GaugeMetricFamily(
            "halfmoon_database_up", "1 when this scrape's queries succeeded.", value=1.0
        )
        races = GaugeMetricFamily(
            "halfmoon_races", "Races not yet ended, by status.", labels=["status"]
        )
        for status, count in sorted(figures.races.items()):
            races.add_metric([status], count)
        yield races
        yield GaugeMetricFamily(
            "halfmoon_matchmaking_queue_length",
            "Players waiting in the quick-match queue.",
            value=figures.queue_length,
        )
        yield GaugeMetricFamily(
            "halfmoon_winnable_pool_size",
            "Proven-winnable deals ready in the pool.",
            value=figures.pool_size,
        )
        yield GaugeMetricFamily(
            "halfmoon_database_standbys",
            "Standbys streaming from the primary (a failover needs one).",
            value=figures.standbys,
        )
        yield GaugeMetricFamily(
            "halfmoon_database_replication_lag_seconds",
            "The largest replay lag of the standbys streaming from the primary.",
            value=figures.replication_lag,
        )
        yield GaugeMetricFamily(
            "halfmoon_database_hosts",
            "Database hosts DATABASE_URL names: all but the primary should stream from it.",
            value=figures.database_hosts,
        )
        yield GaugeMetricFamily(
            "halfmoon_winnable_pool_target",
            "How many deals fill_winnable_pool keeps ready (HALFMOON_WINNABLE_POOL_TARGET).",
            value=settings.HALFMOON_WINNABLE_POOL_TARGET,
        )


def shows_token(request, token: str) -> bool:
    scheme, _, given = request.headers.get("Authorization", "").partition(" ")
    return scheme.lower() == "bearer" and hmac.compare_digest(
        given.strip().encode("utf-8"), token.encode("utf-8")
    )


def scrape(request) -> HttpResponse:
    """The exposition for a request that shows the token (the caller checked it is set)."""
    request._metrics_route = SCRAPE_ROUTE
    if request.method not in ("GET", "HEAD"):
        response = HttpResponse("GET only\n", status=405, content_type="text/plain")
        response["Allow"] = "GET, HEAD"
        return response
    accepted = [settings.HALFMOON_METRICS_TOKEN, *settings.HALFMOON_METRICS_TOKEN_FALLBACKS]
    if not any(shows_token(request, token) for token in accepted):
        response = HttpResponse(
            "Authorization: Bearer <HALFMOON_METRICS_TOKEN> required\n",
            status=401,
            content_type="text/plain",
        )
        response["WWW-Authenticate"] = 'Bearer realm="metrics"'
        return response
    response = HttpResponse(generate_latest(_Scrape()), content_type=CONTENT_TYPE_LATEST)
    response["Cache-Control"] = "no-store"
    return response


class MetricsEndpointMiddleware(SyncAndAsyncMiddleware):
    """Answers ``/metrics`` when ``HALFMOON_METRICS_TOKEN`` is set, before the host check and
    the HTTPS redirect (Prometheus scrapes each replica by address, in plain HTTP); every other
    request (and ``/metrics`` without the token configured: a 404) goes on untouched."""

    def __call__(self, request):
        if self.is_async:
            return self._acall(request)
        if request.path_info == PATH and settings.HALFMOON_METRICS_TOKEN:
            return scrape(request)
        return self.get_response(request)

    async def _acall(self, request):
        if request.path_info == PATH and settings.HALFMOON_METRICS_TOKEN:
            return await sync_to_async(scrape)(request)  # the gauges' queries
        return await self.get_response(request)
