"""Every environment variable the service reads, declared once: its name, type, default,
meaning and the part of the configuration it belongs to.

``halfmoon_service.env`` reads a variable only if it is declared here (an undeclared name is
a programming error, raised at once), the README's configuration table is generated from this
table (``manage.py configuration_doc``; a test fails when it is stale), and a test scans the
source for environment reads of names missing here. The defaults are written as a reader
sees them; the code that reads a variable keeps its typed default beside it (settings.py).
"""

from __future__ import annotations

from dataclasses import dataclass

#: The README's order of sections.
SECTIONS = (
    "Database",
    "Redis",
    "Security",
    "Play",
    "Mail",
    "Operations",
    "Processes",
)


@dataclass(frozen=True)
class Variable:
    name: str
    kind: str  # text, URL, boolean, whole number, list, networks
    default: str
    meaning: str
    section: str


#: A family of variables named by a pattern: ``HALFMOON_THROTTLE_<SCOPE>``, one per throttle
#: scope (settings.HALFMOON_THROTTLE_DEFAULTS).
THROTTLE_PREFIX = "HALFMOON_THROTTLE_"

V = Variable
VARIABLES: tuple[Variable, ...] = (
    # -- Database ---------------------------------------------------------------------------
    V("DATABASE_URL", "URL", "SQLite file",
      "`postgres://user:pass@host:5432/db`, or libpq's multi-host form "
      "`postgresql://user@host1:5432,host2:5432/db?target_session_attrs=read-write` "
      "(failover: docs/OPERATIONS.md)", "Database"),
    V("SQLITE_PATH", "text", "`db.sqlite3` beside `manage.py`",
      "the embedded default's database file (without `DATABASE_URL`)", "Database"),
    V("DATABASE_REPLICA_URL", "URL", "none: the primary serves everything",
      "`postgres://…` of a streaming standby (or several hosts with "
      "`target_session_attrs=prefer-standby`): the boards and others' statistics read it, a "
      "player's own just-made change and every write the primary; a failing replica falls back "
      "to the primary (`halfmoon_replica_fallbacks_total`; docs/CAPACITY.md section 3)",
      "Database"),
    V("DATABASE_REPLICA_MAX_LAG", "whole number", "10",
      "seconds after a player's own change during which their board reads use the primary "
      "(read-your-writes)", "Database"),
    V("DATABASE_CONN_MAX_AGE", "whole number", "0",
      "seconds a process keeps its database connection; the gunicorn workers and WebSocket-only "
      "daphne replicas keep them (300)", "Database"),
    V("DATABASE_CONN_HEALTH_CHECKS", "boolean", "true with several hosts, else false",
      "check a kept connection before each request's first query (Django's health checks)",
      "Database"),
    V("DATABASE_PREPARE_THRESHOLD", "whole number", "2",
      "executions after which psycopg prepares a statement on the server (0: never)",
      "Database"),
    V("DATABASE_TCP_TIMEOUT", "whole number", "3",
      "seconds after which a connection to a silent host is given up (TCP user timeout and "
      "keepalives): a cut host is found out in seconds", "Database"),
    V("DATABASE_CONNECT_TIMEOUT", "whole number", "2",
      "seconds a connection attempt to one host may take before libpq tries the next",
      "Database"),
    V("DATABASE_CONNECT_WAIT", "whole number", "0 (the serving processes set 6)",
      "seconds a new connection is tried again while no server takes writes (a failover, a "
      "switchover) before the request answers 503; 0 tries once", "Database"),
    V("DATABASE_IDLE_TRANSACTION_TIMEOUT", "whole number", "0 (PostgreSQL's own)",
      "seconds after which PostgreSQL ends a session left inside a transaction (its server's "
      "host cut off mid-request), releasing its locks; the gunicorn workers and "
      "`halfmoon_service.serve` set 5", "Database"),
    V("DATABASE_LOCK_TIMEOUT", "whole number", "0 (no limit)",
      "seconds a request or socket action may wait on a row lock before PostgreSQL ends the "
      "wait (503 `service_unavailable`, nothing applied); the gunicorn workers and "
      "`halfmoon_service.serve` set 8, under nginx's 10 s", "Database"),
    # -- Redis ------------------------------------------------------------------------------
    V("REDIS_URL", "URL", "in-memory layer",
      "`redis://host:6379/0`: the channel layer shared by all processes, the cache, throttle "
      "counters and daily ranks", "Redis"),
    V("HALFMOON_REDIS_PREFIX", "text", "`halfmoon`",
      "the start of every key written to `REDIS_URL` (cache, throttle counters, daily ranks): "
      "deployments, or the suite's parallel workers, share one Redis without touching each "
      "other's keys", "Redis"),
    V("HALFMOON_CHANNEL_PREFIX", "text", "from the database's name and host",
      "names this deployment's channels on a Redis shared with others", "Redis"),
    V("CHANNEL_REDIS_URLS", "list", "`REDIS_URL`",
      "comma-separated `redis://` URLs: the channel layer sharded across them (same list, same "
      "order, in every process); throttles, ranks and cache stay on `REDIS_URL` "
      "(docs/CAPACITY.md)", "Redis"),
    # -- Security ---------------------------------------------------------------------------
    V("SECRET_KEY", "text", "insecure development key", "Django's secret", "Security"),
    V("SECRET_KEY_FALLBACKS", "list", "none",
      "former secret keys, still accepted for what they signed while everything is re-signed "
      "(rotation: docs/OPERATIONS.md)", "Security"),
    V("HALFMOON_DEAL_KEY", "text", "`HM1-PUBLIC`",
      "the secret every layout and daily deal derives from", "Security"),
    V("HALFMOON_PRODUCTION", "boolean", "false",
      "production mode: refuses to start without real secrets, turns on the HTTPS settings "
      "below", "Security"),
    V("DEBUG", "boolean", "false", "Django's debug mode (never in production)", "Security"),
    V("ALLOWED_HOSTS", "list", "`127.0.0.1,localhost,[::1]`", "host names served",
      "Security"),
    V("CSRF_TRUSTED_ORIGINS", "list", "none",
      "origins trusted for the site's forms behind a proxy (`https://halfmoon.example`)",
      "Security"),
    V("CORS_ALLOWED_ORIGINS", "list", "none",
      "third-party frontends allowed to call the API from a browser", "Security"),
    V("HALFMOON_APP_ORIGINS_TTL_S", "whole number", "60",
      "seconds the registered apps' allowed origins (CORS) are cached", "Security"),
    V("HALFMOON_WEBHOOK_ATTEMPTS", "whole number", "8",
      "attempts of one webhook delivery before it is given up on (docs/WEBHOOKS.md)", "Security"),
    V("HALFMOON_WEBHOOK_RETRY_BASE_S", "whole number", "30",
      "seconds before a failed webhook delivery's first retry, doubling after each", "Security"),
    V("HALFMOON_WEBHOOK_TIMEOUT_S", "whole number", "5",
      "seconds a webhook receiver has to answer a delivery", "Security"),
    V("HALFMOON_WEBHOOK_DISABLE_AFTER", "whole number", "20",
      "failed webhook attempts in a row that disable a subscription", "Security"),
    V("HALFMOON_WEBHOOK_SUBSCRIPTIONS_PER_APP", "whole number", "10",
      "webhook subscriptions a registered app may have", "Security"),
    V("HALFMOON_TRUSTED_PROXIES", "networks", "none",
      "proxies whose `X-Forwarded-For` is believed (addresses or networks, e.g. the entry "
      "point's)", "Security"),
    V("SESSION_COOKIE_SECURE", "boolean", "production mode",
      "the site's session cookie over HTTPS only", "Security"),
    V("CSRF_COOKIE_SECURE", "boolean", "production mode",
      "the CSRF cookie over HTTPS only", "Security"),
    V("SECURE_SSL_REDIRECT", "boolean", "true in production mode",
      "plain HTTP redirected to HTTPS (the health probes excepted)", "Security"),
    V("SECURE_HSTS_SECONDS", "whole number", "31536000 in production mode",
      "`Strict-Transport-Security` max-age", "Security"),
    V("SECURE_HSTS_INCLUDE_SUBDOMAINS", "boolean", "true in production mode",
      "HSTS for subdomains too", "Security"),
    V("SECURE_HSTS_PRELOAD", "boolean", "true in production mode",
      "HSTS preload", "Security"),
    V("HALFMOON_ADMIN_SIGN_IN_FAILURES", "whole number", "5",
      "wrong passwords at `/admin/login/` per username and address before a lockout "
      "(django-axes)", "Security"),
    V("HALFMOON_ADMIN_LOCKOUT_MINUTES", "whole number", "15",
      "minutes an admin sign-in stays locked after those failures", "Security"),
    V("PASSWORD_RESET_TIMEOUT", "whole number", "3600", "seconds a reset link works",
      "Security"),
    V("HALFMOON_MAX_BODY_BYTES", "whole number", "16384",
      "largest request body / WebSocket frame", "Security"),
    V("HALFMOON_THROTTLE_<SCOPE>", "rate", "per scope (docs/PROTOCOL.md, rate limits)",
      "a throttle scope's rate, e.g. `HALFMOON_THROTTLE_GAME_ACTION=30/s`", "Security"),
    # -- Play -------------------------------------------------------------------------------
    V("HALFMOON_SOLVE_BUDGET", "whole number", "3000000",
      "positions the solver may search per deal (`solve_deals`, the winnable pool)", "Play"),
    V("HALFMOON_DAILY_BUDGET", "whole number", "3000000",
      "the same for each candidate of a daily deal", "Play"),
    V("HALFMOON_LOSS_BUDGET", "whole number", "200000",
      "the same for each position of a game, finding where it was lost", "Play"),
    V("HALFMOON_WINNABLE_POOL_TARGET", "whole number", "200",
      "proven-winnable deals `fill_winnable_pool` keeps ready", "Play"),
    V("HALFMOON_WINNABLE_DEALS_ONLY", "boolean", "false",
      "the deployment's policy (SPEC §10): every random deal is drawn from the pool of "
      "proven-winnable deals; no answer reveals it; an empty pool deals a plain random deal "
      "(`halfmoon_winnable_pool_misses_total`)", "Play"),
    V("HALFMOON_RACE_COUNTDOWN_MS", "whole number", "5000",
      "a race's countdown from its start to its first move (milliseconds)", "Play"),
    V("HALFMOON_RACE_MIN_TIME_LIMIT_S", "whole number", "60",
      "the shortest time limit a race may ask for (seconds)", "Play"),
    # -- Mail -------------------------------------------------------------------------------
    V("EMAIL_HOST", "text", "unset: mail printed on stdout",
      "SMTP server for account mail (verification, password reset)", "Mail"),
    V("EMAIL_PORT", "whole number", "25", "SMTP port", "Mail"),
    V("EMAIL_HOST_USER", "text", "none", "SMTP user", "Mail"),
    V("EMAIL_HOST_PASSWORD", "text", "none", "SMTP password", "Mail"),
    V("EMAIL_USE_TLS", "boolean", "false", "STARTTLS", "Mail"),
    V("EMAIL_USE_SSL", "boolean", "false", "SMTP over TLS", "Mail"),
    V("EMAIL_TIMEOUT", "whole number", "10", "seconds an SMTP call may take", "Mail"),
    V("EMAIL_BACKEND", "text", "SMTP with `EMAIL_HOST`, else the console",
      "Django's mail backend, overriding the choice", "Mail"),
    V("DEFAULT_FROM_EMAIL", "text", "`Half Moon <noreply@localhost>`", "the sender",
      "Mail"),
    V("HALFMOON_MAIL_IN_BACKGROUND", "boolean", "true",
      "account mail sent after the answer, off the request (false: within it)", "Mail"),
    V("HALFMOON_PUBLIC_URL", "URL",
      "`http://127.0.0.1:8000` where mail is printed; none where it is sent",
      "the only address links in e-mails are built from, never the host a request named; with "
      "`EMAIL_HOST` it must be set (system check `halfmoon.E004`)", "Mail"),
    # -- Operations -------------------------------------------------------------------------
    V("HALFMOON_STATIC_COLLECTED", "boolean", "false (`make run` and the image: true)",
      "static files served as `collectstatic` wrote them: hashed names, Brotli/gzip, cached a "
      "year (set it for `collectstatic` too; docs/PERFORMANCE.md, \"First load\")",
      "Operations"),
    V("HALFMOON_BACKGROUND_JOBS", "text", "`auto`",
      "whether `python -m halfmoon_service.serve` runs the scheduled jobs: `auto` on SQLite "
      "only (the embedded default), `on` always, `off` never (compose's worker runs them)",
      "Operations"),
    V("HALFMOON_METRICS_TOKEN", "text", "unset: no `/metrics` (404)",
      "the bearer token Prometheus shows to scrape `/metrics` (16 characters at least)",
      "Operations"),
    V("HALFMOON_METRICS_TOKEN_FALLBACKS", "list", "none",
      "former metrics tokens, accepted while Prometheus moves to the new one", "Operations"),
    V("PROMETHEUS_MULTIPROC_DIR", "text", "unset: each process reports itself",
      "a directory of this server's own: its processes' metrics are kept there and any one's "
      "`/metrics` adds them all up (gunicorn's workers); emptied when the server starts",
      "Operations"),
    V("LOG_LEVEL", "text", "`INFO`", "the level of the service's JSON log", "Operations"),
    V("REQUEST_LOG_LEVEL", "text", "`INFO`",
      "the level of the one-line-per-request log (`WARNING` silences it)", "Operations"),
    # -- Processes (read by the serving commands, not by Django) ----------------------------
    V("PORT", "whole number", "8000", "`make run`'s port", "Processes"),
    V("WEB_CONCURRENCY", "whole number", "2 × cores",
      "gunicorn workers (`deploy/gunicorn.conf.py`)", "Processes"),
    V("GUNICORN_BIND", "text", "`0.0.0.0:8000`", "gunicorn's address", "Processes"),
    V("GUNICORN_WORKER_CLASS", "text", "`gthread`", "gunicorn's worker class", "Processes"),
    V("GUNICORN_THREADS", "whole number", "1", "threads per gunicorn worker", "Processes"),
)  # fmt: skip

BY_NAME = {variable.name: variable for variable in VARIABLES}


def declared(name: str) -> Variable:
    """The declaration of ``name``; raises LookupError for a variable not declared here."""
    if name in BY_NAME:
        return BY_NAME[name]
    if name.startswith(THROTTLE_PREFIX):
        return BY_NAME[f"{THROTTLE_PREFIX}<SCOPE>"]
    raise LookupError(
        f"{name} is read from the environment but not declared in "
        "halfmoon_service/configuration.py (declare it there: name, type, default, meaning)"
    )


def table() -> str:
    """The README's configuration table, by section."""
    lines = ["| variable | type | default | meaning |", "| --- | --- | --- | --- |"]
    for section in SECTIONS:
        lines.append(f"| **{section}** | | | |")
        for variable in VARIABLES:
            if variable.section == section:
                meaning = variable.meaning.replace("|", "\\|")
                lines.append(
                    f"| `{variable.name}` | {variable.kind} | {variable.default} | {meaning} |"
                )
    return "\n".join(lines)
