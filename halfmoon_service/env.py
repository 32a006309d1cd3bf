"""Reading settings from the environment: typed, and failing loudly on a bad value. Only a
variable declared in :mod:`halfmoon_service.configuration` may be read."""

from __future__ import annotations

import hashlib
import os
from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

from django.core.exceptions import ImproperlyConfigured

from .configuration import declared

if TYPE_CHECKING:
    from dj_database_url import DBConfig

_TRUE = {"1", "true", "yes", "on"}
_FALSE = {"0", "false", "no", "off", ""}


def env_str(name: str, default: str | None = None) -> str | None:
    declared(name)
    value = os.environ.get(name)
    return default if value is None else value.strip()


def env_bool(name: str, default: bool) -> bool:
    declared(name)
    value = os.environ.get(name)
    if value is None:
        return default
    lowered = value.strip().lower()
    if lowered in _TRUE:
        return True
    if lowered in _FALSE:
        return False
    raise ImproperlyConfigured(f"{name}={value!r} is not a boolean: use true/false, 1/0, yes/no.")


def env_int(name: str, default: int, minimum: int = 0) -> int:
    declared(name)
    value = os.environ.get(name)
    if value is None or not value.strip():
        return default
    try:
        number = int(value)
    except ValueError:
        raise ImproperlyConfigured(f"{name}={value!r} is not a whole number.") from None
    if number < minimum:
        raise ImproperlyConfigured(f"{name}={value!r} must be at least {minimum}.")
    return number


def env_list(name: str, default: list[str]) -> list[str]:
    declared(name)
    value = os.environ.get(name)
    if value is None:
        return default
    return [item.strip() for item in value.split(",") if item.strip()]


def env_networks(name: str) -> list[str]:
    """A comma-separated list of IP addresses or networks; a malformed one stops the process."""
    import ipaddress

    items = env_list(name, [])
    for item in items:
        try:
            ipaddress.ip_network(item, strict=False)
        except ValueError:
            raise ImproperlyConfigured(
                f"{name}: {item!r} is not an IP address or network."
            ) from None
    return items


def database_from_url(
    url: str, name: str = "DATABASE_URL", connect_timeout: int | None = None
) -> DBConfig:
    """Django's database settings from a URL, as libpq writes it: one host, or several
    (``postgresql://user@host1:5432,host2:5432/halfmoon?target_session_attrs=read-write``),
    which libpq tries in order until one has the session asked for."""
    import dj_database_url

    if not url.startswith(("postgres://", "postgresql://", "sqlite://")):
        raise ImproperlyConfigured(
            f"{name} must be a postgres:// (or sqlite://) URL, got {url.split(':')[0]!r}."
        )
    single, hosts = _one_host(url, name)
    try:
        # No persistent connections by default: when daphne serves HTTP, every request runs in
        # a thread of its own and kept-open connections pile up (one daphne held 80 of
        # PostgreSQL's 100 under load). Processes with a bounded set of threads — gunicorn
        # workers, daphne serving only WebSockets — set DATABASE_CONN_MAX_AGE (seconds).
        config = dj_database_url.parse(single, conn_max_age=env_int("DATABASE_CONN_MAX_AGE", 0))
    except ValueError as error:
        raise ImproperlyConfigured(f"{name} cannot be parsed: {error}") from error
    if hosts:
        # libpq takes the lists as they are (``host=a,b port=5432,5433``): Django passes
        # HOST and PORT through to it.
        config["HOST"] = ",".join(host for host, _ in hosts)
        config["PORT"] = ",".join(port for _, port in hosts)
    # Django checks a kept connection (SELECT 1) before a request's first query: one round trip
    # per request, which lets a connection whose server was drained or restarted in a
    # switchover be dropped before a write meets it (halfmoon_service.postgresql). On by
    # default where several hosts are named, the one case where the server moves.
    config["CONN_HEALTH_CHECKS"] = env_bool("DATABASE_CONN_HEALTH_CHECKS", bool(hosts))
    if config["ENGINE"].endswith("postgresql"):
        # Parameters bound on the server, and a statement a connection has run this many times
        # prepared (parsed and planned once): the hot path's few statements run on every move.
        # 0 turns preparation off (for a pooler in transaction mode that cannot keep them).
        threshold = env_int("DATABASE_PREPARE_THRESHOLD", 2)
        config.setdefault("OPTIONS", {}).update(
            {"server_side_binding": True, "prepare_threshold": threshold or None}
        )
        # A database host that is cut off answers nothing, not even a reset: without these a
        # connection attempt waits for TCP's own give-up (minutes) before libpq tries the next
        # host, and a query on a kept connection waits about 15 minutes. With them a connect
        # gives up after DATABASE_CONNECT_TIMEOUT seconds, and a connection to a silent host
        # is declared dead after DATABASE_TCP_TIMEOUT seconds (data unacknowledged that long,
        # or keepalive probes unanswered), so the request fails (503) and the next one
        # connects to the new primary. The URL's own values win. docs/OPERATIONS.md, failover.
        tcp_timeout = env_int("DATABASE_TCP_TIMEOUT", 3, minimum=1)
        defaults = {
            "connect_timeout": connect_timeout or env_int("DATABASE_CONNECT_TIMEOUT", 2, 1),
            "keepalives": 1,
            "keepalives_idle": max(1, tcp_timeout // 2),
            "keepalives_interval": 1,
            "keepalives_count": 3,
            "tcp_user_timeout": tcp_timeout * 1000,
        }
        for option, value in defaults.items():
            config["OPTIONS"].setdefault(option, value)
        # Drops a kept connection to a server that turned read-only under it (a primary
        # demoted or drained in a failover) instead of using it again: halfmoon_service.postgresql.
        config["ENGINE"] = "halfmoon_service.postgresql"
        # A server process whose host is cut off inside a transaction leaves its session
        # waiting for a COMMIT that never comes, holding the game's row lock: PostgreSQL
        # would notice only when TCP keepalives give up (hours), and every request for that
        # game on the other hosts would wait behind it, taking their workers with it. The
        # serving processes (gunicorn.conf.py, halfmoon_service.serve) set this to end such
        # a session after so many seconds; 0 (the default, for commands and tests) leaves
        # PostgreSQL's own setting. docs/RELIABILITY.md section 10.
        idle = env_int("DATABASE_IDLE_TRANSACTION_TIMEOUT", 0)
        # A request that waits on a row lock longer than this many seconds (a session holding
        # it that never lets go) is ended by PostgreSQL with LockNotAvailable, answered 503 and
        # applied nowhere, and the worker serves again: neither gunicorn's gthread worker (its
        # heartbeat comes from its main thread) nor granian kills a worker stuck inside a
        # request, so the wait itself is bounded. The serving processes set it under nginx's
        # 10 s for an answer; 0 (the default, for commands, the worker's jobs and tests)
        # leaves PostgreSQL's own (no limit). docs/RELIABILITY.md section 10.
        lock = env_int("DATABASE_LOCK_TIMEOUT", 0)
        limits = [("idle_in_transaction_session_timeout", idle), ("lock_timeout", lock)]
        options = " ".join(f"-c {setting}={seconds}s" for setting, seconds in limits if seconds)
        if options:
            config["OPTIONS"]["options"] = options
    return config


def _one_host(url: str, name: str) -> tuple[str, list[tuple[str, str]]]:
    """``url`` with its first host only, and every host with its port (5432 unless given)
    when it names several; ``(url, [])`` when it names one.

    Hand-written: dj-database-url (like Python's own URL parsing) reads one host and port
    only, and refuses libpq's list (``host1:5432,host2:5432``).
    """
    from urllib.parse import urlsplit, urlunsplit

    parts = urlsplit(url)
    userinfo, _, hostlist = parts.netloc.rpartition("@")
    if "," not in hostlist:
        return url, []
    hosts = []
    for item in hostlist.split(","):
        if item.startswith("["):  # an IPv6 address: [::1]:5432
            address, _, rest = item[1:].partition("]")
            port = rest.removeprefix(":")
        else:
            address, _, port = item.partition(":")
        if not address or not (port or "5432").isdigit():
            raise ImproperlyConfigured(f"{name} cannot be parsed: bad host {item!r}.")
        hosts.append((address, port or "5432"))
    first, port = hosts[0]
    first = f"[{first}]" if ":" in first else first
    netloc = f"{userinfo}@{first}:{port}" if userinfo else f"{first}:{port}"
    return urlunsplit(parts._replace(netloc=netloc)), hosts


def channel_layer_from_url(url: str | None, prefix: str = "asgi") -> dict:
    return channel_layer_from_urls([url] if url else [], prefix)


def channel_layer_from_urls(urls: list[str], prefix: str = "asgi", name: str = "REDIS_URL") -> dict:
    """The channel layer on the Redis servers ``urls``: in memory without any; with several,
    channels-redis shards the groups and channels across them (a name's shard is a CRC of it,
    so every process that lists the same servers in the same order agrees)."""
    if not urls:
        return {"BACKEND": "channels.layers.InMemoryChannelLayer"}
    for url in urls:
        if not url.startswith(("redis://", "rediss://", "unix://")):
            scheme = url.split(":")[0]
            raise ImproperlyConfigured(f"{name} must be a redis:// URL, got {scheme!r}.")
    hosts = [{"address": url, "socket_timeout": None} for url in urls]
    return {
        # Pub/sub: a group message is one PUBLISH that each socket process receives once and
        # hands to its own watchers (the core layer queues one copy per socket in Redis).
        "BACKEND": "channels_redis.pubsub.RedisPubSubChannelLayer",
        # redis-py 8 gives connections a 5 s read timeout that breaks the layer's blocking
        # receive and drops every consumer; a blocking receive must be allowed to wait.
        "CONFIG": {"hosts": hosts, "prefix": prefix},
    }


def deployment_prefix(database: Mapping[str, Any], redis_url: str | None) -> str:
    """A channel prefix of this deployment: Redis pub/sub channels are server-wide (the
    database number in ``REDIS_URL`` does not separate them), so two deployments on one Redis
    would hear each other's games. Derived from the database this deployment stores its games
    in and the Redis URL, unless ``HALFMOON_CHANNEL_PREFIX`` names one."""
    identity = "|".join(str(database.get(key) or "") for key in ("ENGINE", "HOST", "PORT", "NAME"))
    digest = hashlib.sha256(f"{identity}|{redis_url or ''}".encode()).hexdigest()[:12]
    return f"halfmoon.{digest}"


def cache_from_url(url: str | None, prefix: str = "halfmoon") -> dict:
    if not url:
        return {"BACKEND": "django.core.cache.backends.locmem.LocMemCache"}
    return {
        "BACKEND": "django.core.cache.backends.redis.RedisCache",
        "LOCATION": url,
        "KEY_PREFIX": prefix,
    }


def require_production_secrets(secret_key: str, deal_key: bytes, debug: bool) -> None:
    """Production refuses to start with development secrets or DEBUG on."""
    from .secrets import deal_key_problem, secret_key_problem

    problems = [p for p in (secret_key_problem(secret_key), deal_key_problem(deal_key)) if p]
    if debug:
        problems.append("DEBUG must be off")
    if problems:
        raise ImproperlyConfigured("HALFMOON_PRODUCTION is on but " + "; ".join(problems) + ".")
