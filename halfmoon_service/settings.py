"""Settings of the Half Moon service, all read from the environment.

With nothing set you get the embedded default: SQLite in the project folder and an in-memory
channel layer. ``DATABASE_URL`` (PostgreSQL) and ``REDIS_URL`` switch to the real servers.
A malformed value stops the process with an ``ImproperlyConfigured`` error naming it.
"""

import datetime as dt
import os
import tempfile
from pathlib import Path

from django.core.exceptions import ImproperlyConfigured
from whitenoise.compress import Compressor

from games.engine.deals import PUBLIC_KEY as PUBLIC_DEAL_KEY

from .env import (
    cache_from_url,
    channel_layer_from_urls,
    database_from_url,
    deployment_prefix,
    env_bool,
    env_int,
    env_list,
    env_networks,
    env_str,
    require_production_secrets,
)
from .logs import logging_config
from .secrets import INSECURE_SECRET_PREFIX

BASE_DIR = Path(__file__).resolve().parent.parent

SECRET_KEY = env_str("SECRET_KEY") or INSECURE_SECRET_PREFIX + "change-me-in-production-0c4f1b"
#: Former keys, still accepted to check what they signed (sessions of the admin and the site,
#: signed cursors) while everything is re-signed with SECRET_KEY: rotating the key signs no one
#: out (docs/OPERATIONS.md, "Rotate secrets"). Comma-separated; drop them after a session's age.
SECRET_KEY_FALLBACKS = env_list("SECRET_KEY_FALLBACKS", [])
DEBUG = env_bool("DEBUG", False)
#: Production mode refuses to start without real secrets and turns on HTTPS-only settings.
PRODUCTION = env_bool("HALFMOON_PRODUCTION", False)
ALLOWED_HOSTS = env_list("ALLOWED_HOSTS", ["127.0.0.1", "localhost", "[::1]"])
CSRF_TRUSTED_ORIGINS = env_list("CSRF_TRUSTED_ORIGINS", [])
#: Proxies whose X-Forwarded-For is believed (addresses or networks), e.g. the entry point's.
HALFMOON_TRUSTED_PROXIES = env_networks("HALFMOON_TRUSTED_PROXIES")

#: Secret from which every deal layout is derived (SPEC §2). The public key is for
#: development and tests only: with it anyone can compute tomorrow's daily deal.
HALFMOON_DEAL_KEY = (env_str("HALFMOON_DEAL_KEY") or "").encode("utf-8") or PUBLIC_DEAL_KEY
if PRODUCTION:
    require_production_secrets(SECRET_KEY, HALFMOON_DEAL_KEY, DEBUG)
#: Node budgets of the staff-only solver (SPEC §10; docs/SOLVABILITY.md: 3,000,000 positions
#: decided every deal of a 10,000-deal study). SOLVE: ``solve_deals`` and the winnable pool;
#: DAILY: choosing a date's deal (ahead by ``prepare_daily``, or on demand); LOSS: each
#: position of a game when staff ask where it was lost.
HALFMOON_SOLVE_BUDGET = env_int("HALFMOON_SOLVE_BUDGET", 3_000_000, minimum=1)
HALFMOON_DAILY_BUDGET = env_int("HALFMOON_DAILY_BUDGET", 3_000_000, minimum=1)
HALFMOON_LOSS_BUDGET = env_int("HALFMOON_LOSS_BUDGET", 200_000, minimum=1)
#: How many proven-winnable deals ``fill_winnable_pool`` keeps ready.
HALFMOON_WINNABLE_POOL_TARGET = env_int("HALFMOON_WINNABLE_POOL_TARGET", 200, minimum=1)
#: The deployment's policy (SPEC §10), never revealed to players: every random deal
#: (``POST /games`` without a deal code) is drawn from the pool of proven-winnable deals, and
#: a plain random deal when the pool is empty (``games.deals.services.draw_random``).
HALFMOON_WINNABLE_DEALS_ONLY = env_bool("HALFMOON_WINNABLE_DEALS_ONLY", False)
#: The scheduled jobs (games.management.jobs: the pool, the coming days' deals, closing days,
#: due races, prunes, the fair-play review) in ``python -m halfmoon_service.serve``
#: (halfmoon_service.background): "auto" on SQLite only (the embedded default, where no worker
#: runs them), "on" always, "off" never (compose's worker runs ``manage.py run_jobs``).
HALFMOON_BACKGROUND_JOBS = (env_str("HALFMOON_BACKGROUND_JOBS") or "auto").lower()
if HALFMOON_BACKGROUND_JOBS not in ("auto", "on", "off"):
    raise ImproperlyConfigured(
        f"HALFMOON_BACKGROUND_JOBS={HALFMOON_BACKGROUND_JOBS!r}: use auto, on or off."
    )
#: The bearer token Prometheus shows to scrape ``/metrics`` (halfmoon_service.metrics); unset,
#: the endpoint does not exist (404). At least 16 characters.
HALFMOON_METRICS_TOKEN = env_str("HALFMOON_METRICS_TOKEN") or ""
if HALFMOON_METRICS_TOKEN and len(HALFMOON_METRICS_TOKEN) < 16:
    raise ImproperlyConfigured("HALFMOON_METRICS_TOKEN must be at least 16 characters long.")
#: Former metrics tokens, still accepted while Prometheus moves to the new one (rotation:
#: docs/OPERATIONS.md). Comma-separated; only with HALFMOON_METRICS_TOKEN set.
HALFMOON_METRICS_TOKEN_FALLBACKS = env_list("HALFMOON_METRICS_TOKEN_FALLBACKS", [])
#: prometheus_client's multiprocess mode (values of every process of a server, e.g. gunicorn's
#: workers, in files there): made here if missing, emptied by the server's start
#: (halfmoon_service.multiprocess).
if env_str("PROMETHEUS_MULTIPROC_DIR"):
    Path(env_str("PROMETHEUS_MULTIPROC_DIR") or "").mkdir(parents=True, exist_ok=True)
#: Largest accepted request body and WebSocket frame, in bytes.
HALFMOON_MAX_BODY_BYTES = env_int("HALFMOON_MAX_BODY_BYTES", 16 * 1024, minimum=256)
DATA_UPLOAD_MAX_MEMORY_SIZE = HALFMOON_MAX_BODY_BYTES

INSTALLED_APPS = [
    "daphne",
    "django.contrib.admin",
    "django.contrib.auth",
    "django.contrib.contenttypes",
    "django.contrib.sessions",
    "django.contrib.messages",
    "django.contrib.staticfiles",
    "corsheaders",
    "rest_framework",
    "drf_spectacular",
    "drf_spectacular_sidecar",
    "channels",
    "oauth2_provider",
    "axes",
    "halfmoon_service",
    "games",
    "realtime",
    "api",
    "web",
]

MIDDLEWARE = [
    "halfmoon_service.request_log.RequestLogMiddleware",
    # A request waits for the database (a failover) within one budget from its start.
    "halfmoon_service.postgresql.deadline.RequestDeadlineMiddleware",
    # The API's errors as RFC 9457 problem details for a client that asks (api.http.problem).
    "api.http.problem.ProblemDetailsMiddleware",
    # GET /metrics (with HALFMOON_METRICS_TOKEN), ahead of the host check and HTTPS redirect.
    "halfmoon_service.metrics.MetricsEndpointMiddleware",
    "django.middleware.security.SecurityMiddleware",
    # /static/ answered here, before sessions and the rest (docs/PERFORMANCE.md, "First load").
    "halfmoon_service.static_serving.StaticFilesMiddleware",
    "corsheaders.middleware.CorsMiddleware",
    # The site-only five (sessions, CSRF, auth, messages, X-Frame-Options) are Django's, with a
    # step aside for a token-authenticated call to /api/ (the API lane: halfmoon_service.lanes).
    "halfmoon_service.lanes.SessionMiddleware",
    "django.middleware.locale.LocaleMiddleware",
    "django.middleware.common.CommonMiddleware",
    "halfmoon_service.lanes.CsrfViewMiddleware",
    "halfmoon_service.lanes.AuthenticationMiddleware",
    "halfmoon_service.lanes.MessageMiddleware",
    "halfmoon_service.lanes.XFrameOptionsMiddleware",
    "halfmoon_service.admin_policy.AdminContentSecurityPolicyMiddleware",
    "api.errors.DependencyDownMiddleware",
    # Last, as django-axes asks: a locked-out admin sign-in answers 429 (games.admin.lockout).
    "axes.middleware.AxesMiddleware",
]

ROOT_URLCONF = "halfmoon_service.urls"
ASGI_APPLICATION = "halfmoon_service.asgi.application"
WSGI_APPLICATION = "halfmoon_service.wsgi.application"

TEMPLATES = [
    {
        "BACKEND": "django.template.backends.django.DjangoTemplates",
        "DIRS": [BASE_DIR / "templates"],
        "APP_DIRS": True,
        "OPTIONS": {
            "context_processors": [
                "django.template.context_processors.request",
                "django.contrib.auth.context_processors.auth",
                "django.contrib.messages.context_processors.messages",
            ],
        },
    },
]

_database_url = env_str("DATABASE_URL")
if _database_url:
    DATABASES = {"default": database_from_url(_database_url)}
else:
    DATABASES = {
        "default": {
            "ENGINE": "django.db.backends.sqlite3",
            "NAME": env_str("SQLITE_PATH") or str(BASE_DIR / "db.sqlite3"),
            "OPTIONS": {"timeout": 20, "transaction_mode": "IMMEDIATE"},
            # A file (not memory) so that a test can serve the test database from a daphne
            # subprocess; one per test process so parallel runs do not collide.
            "TEST": {
                "NAME": str(Path(tempfile.gettempdir()) / f"halfmoon-test-{os.getpid()}.sqlite3")
            },
        }
    }

#: A read replica (a PostgreSQL streaming standby of ``DATABASE_URL``): the boards' and
#: statistics' selectors read it (``games.core.replica``, docs/CAPACITY.md section 3); unset,
#: everything reads the primary. In tests it mirrors the primary (no second test database).
_replica_url = env_str("DATABASE_REPLICA_URL")
if _replica_url:
    # A replica that does not answer must not hold a board read for long: the read falls
    # back to the primary (games.core.replica). Several hosts with
    # ``target_session_attrs=prefer-standby`` read a standby while one is up, else the primary.
    DATABASES["replica"] = database_from_url(
        _replica_url, "DATABASE_REPLICA_URL", connect_timeout=2
    )
    DATABASES["replica"]["TEST"] = {"MIRROR": "default"}
#: Seconds a new database connection is tried again while no server takes writes (a failover,
#: a switchover) before the request fails with 503: halfmoon_service.postgresql. The serving
#: processes set 4 (deploy/gunicorn.conf.py, halfmoon_service.serve); 0 tries once.
DATABASE_CONNECT_WAIT = env_int("DATABASE_CONNECT_WAIT", 0)
#: Seconds a player's own change is read from the primary (read-your-writes), the lag the
#: replica is allowed.
DATABASE_REPLICA_MAX_LAG = env_int("DATABASE_REPLICA_MAX_LAG", 10, minimum=1)

REDIS_URL = env_str("REDIS_URL") or None
#: Names this deployment's channels on a Redis shared with others (see ``deployment_prefix``).
HALFMOON_CHANNEL_PREFIX = env_str("HALFMOON_CHANNEL_PREFIX") or deployment_prefix(
    DATABASES["default"], REDIS_URL
)
#: The channel layer's Redis servers, comma-separated, to shard the sockets' groups across
#: several (every process must list the same ones in the same order); default ``REDIS_URL``
#: alone. Throttles, ranks and the cache stay on ``REDIS_URL`` (docs/CAPACITY.md).
CHANNEL_REDIS_URLS = env_list("CHANNEL_REDIS_URLS", [REDIS_URL] if REDIS_URL else [])
CHANNEL_LAYERS = {
    "default": channel_layer_from_urls(
        CHANNEL_REDIS_URLS,
        HALFMOON_CHANNEL_PREFIX,
        "CHANNEL_REDIS_URLS" if "CHANNEL_REDIS_URLS" in os.environ else "REDIS_URL",
    )
}
#: The start of every key this deployment writes to Redis (the cache, the throttle counters,
#: the daily boards' ranks): deployments sharing one Redis, or a test run's parallel workers,
#: never touch each other's keys.
HALFMOON_REDIS_PREFIX = env_str("HALFMOON_REDIS_PREFIX") or "halfmoon"
#: The daily boards' rank sets (games.daily.ranks), under the Redis prefix.
HALFMOON_LEADERBOARD_PREFIX = f"{HALFMOON_REDIS_PREFIX}:board:"
#: Throttle counters must be shared by all processes: Redis when there is one.
CACHES = {"default": cache_from_url(REDIS_URL, HALFMOON_REDIS_PREFIX)}

#: Third-party frontends allowed to call the API from a browser (CORS), comma-separated.
CORS_ALLOWED_ORIGINS = env_list("CORS_ALLOWED_ORIGINS", [])
#: The API, and what a browser app needs of the authorization server: the code's exchange and
#: a token's revocation (RFC 7009) and the metadata (RFC 8414). The authorize and device pages
#: are navigations, never fetched across origins.
CORS_URLS_REGEX = (
    r"^/(api/.*|oauth/token/|oauth/revoke_token/|\.well-known/oauth-authorization-server)$"
)
CORS_ALLOW_HEADERS = [
    "authorization",
    "content-type",
    "x-request-id",
    "idempotency-key",
    "if-match",
    "if-none-match",
    "accept-language",
]
CORS_EXPOSE_HEADERS = [
    "x-request-id",
    "retry-after",
    "deprecation",
    "sunset",
    "link",
    "etag",
    "location",
    "ratelimit",
    "ratelimit-policy",
]
#: Seconds the registered apps' allowed origins are cached for CORS (api/http/cors.py).
HALFMOON_APP_ORIGINS_TTL_S = env_int("HALFMOON_APP_ORIGINS_TTL_S", 60, minimum=0)
#: Webhooks of registered apps (games.webhooks, docs/WEBHOOKS.md): attempts of one delivery,
#: the first retry's wait (doubling after each failure), the POST's timeout, failed attempts in
#: a row that disable a subscription, subscriptions per app.
HALFMOON_WEBHOOK_ATTEMPTS = env_int("HALFMOON_WEBHOOK_ATTEMPTS", 8, minimum=1)
HALFMOON_WEBHOOK_RETRY_BASE_S = env_int("HALFMOON_WEBHOOK_RETRY_BASE_S", 30, minimum=1)
HALFMOON_WEBHOOK_TIMEOUT_S = env_int("HALFMOON_WEBHOOK_TIMEOUT_S", 5, minimum=1)
HALFMOON_WEBHOOK_DISABLE_AFTER = env_int("HALFMOON_WEBHOOK_DISABLE_AFTER", 20, minimum=1)
HALFMOON_WEBHOOK_SUBSCRIPTIONS_PER_APP = env_int(
    "HALFMOON_WEBHOOK_SUBSCRIPTIONS_PER_APP", 10, minimum=1
)

DEFAULT_AUTO_FIELD = "django.db.models.BigAutoField"

AUTH_PASSWORD_VALIDATORS = [
    {"NAME": "django.contrib.auth.password_validation.UserAttributeSimilarityValidator"},
    {"NAME": "django.contrib.auth.password_validation.MinimumLengthValidator"},
    {"NAME": "django.contrib.auth.password_validation.CommonPasswordValidator"},
    {"NAME": "django.contrib.auth.password_validation.NumericPasswordValidator"},
]
#: Players' and staff passwords are stored with Argon2 (argon2-cffi); older hashes of the
#: other hashers are still checked, and upgraded when they are.
PASSWORD_HASHERS = [
    "halfmoon_service.hashers.Argon2PasswordHasher",
    "django.contrib.auth.hashers.PBKDF2PasswordHasher",
    "django.contrib.auth.hashers.PBKDF2SHA1PasswordHasher",
    "django.contrib.auth.hashers.ScryptPasswordHasher",
]
#: A password reset link works for an hour.
PASSWORD_RESET_TIMEOUT = env_int("PASSWORD_RESET_TIMEOUT", 3600, minimum=60)

#: Account e-mail (verification, password reset). SMTP when EMAIL_HOST is set, else the console
#: (the embedded default prints each mail on stdout). EMAIL_BACKEND overrides both.
EMAIL_HOST = env_str("EMAIL_HOST") or "localhost"
EMAIL_BACKEND = env_str("EMAIL_BACKEND") or (
    "django.core.mail.backends.smtp.EmailBackend"
    if env_str("EMAIL_HOST")
    else "django.core.mail.backends.console.EmailBackend"
)
EMAIL_PORT = env_int("EMAIL_PORT", 25, minimum=1)
EMAIL_HOST_USER = env_str("EMAIL_HOST_USER") or ""
EMAIL_HOST_PASSWORD = env_str("EMAIL_HOST_PASSWORD") or ""
EMAIL_USE_TLS = env_bool("EMAIL_USE_TLS", False)
EMAIL_USE_SSL = env_bool("EMAIL_USE_SSL", False)
EMAIL_TIMEOUT = env_int("EMAIL_TIMEOUT", 10, minimum=1)
DEFAULT_FROM_EMAIL = env_str("DEFAULT_FROM_EMAIL") or "Half Moon <noreply@localhost>"
#: Mail goes out on background threads after the answer (see games.accounts.mail).
HALFMOON_MAIL_IN_BACKGROUND = env_bool("HALFMOON_MAIL_IN_BACKGROUND", True)
#: Whether account mail leaves this machine: any backend but the console (the embedded
#: default), memory (tests), file or dummy ones.
HALFMOON_MAIL_IS_SENT = EMAIL_BACKEND.rsplit(".", 2)[-2] not in {
    "console",
    "locmem",
    "filebased",
    "dummy",
}
#: The site's public address, the only one links in e-mails are built from (never the host a
#: request named): https://halfmoon.example. Unset where mail is printed, `make run`'s own
#: address; where mail is sent it must be set (the system check halfmoon.E004 refuses to start).
EMBEDDED_PUBLIC_URL = "http://127.0.0.1:8000"
HALFMOON_PUBLIC_URL = (
    env_str("HALFMOON_PUBLIC_URL") or ("" if HALFMOON_MAIL_IS_SENT else EMBEDDED_PUBLIC_URL)
).rstrip("/")

LANGUAGE_CODE = "en"
LANGUAGES = [("en", "English"), ("hr", "Hrvatski"), ("tr", "Türkçe")]
LOCALE_PATHS = [BASE_DIR / "locale"]
USE_I18N = True
TIME_ZONE = "UTC"
USE_TZ = True

STATIC_URL = "static/"
STATIC_ROOT = BASE_DIR / "staticfiles"
#: Static files as `make run` and the image serve them (docs/PERFORMANCE.md, "First load"):
#: collected into STATIC_ROOT (``collectstatic``, run with this set) under names carrying a hash
#: of their content, each beside its Brotli and gzip copies (halfmoon_service.static_storage),
#: which WhiteNoise serves to a client that accepts them with a year's ``Cache-Control:
#: immutable``. Unset (tests, development with no collectstatic), WhiteNoise serves the apps'
#: static folders as they are: uncompressed, unhashed, cached for a minute.
HALFMOON_STATIC_COLLECTED = env_bool("HALFMOON_STATIC_COLLECTED", False)
STORAGES = {
    "default": {"BACKEND": "django.core.files.storage.FileSystemStorage"},
    "staticfiles": {
        "BACKEND": (
            "halfmoon_service.static_storage.CompressedHashedStaticFilesStorage"
            if HALFMOON_STATIC_COLLECTED
            else "django.contrib.staticfiles.storage.StaticFilesStorage"
        )
    },
}
WHITENOISE_USE_FINDERS = not HALFMOON_STATIC_COLLECTED
#: No ``Access-Control-Allow-Origin: *`` on static files (WhiteNoise's default): as before it.
WHITENOISE_ALLOW_ALL_ORIGINS = False
#: WhiteNoise's own table of types lacks the web app manifest's (browsers ask for it).
WHITENOISE_MIMETYPES = {".webmanifest": "application/manifest+json"}
#: Source maps (15 of the 33 MB collected; only a developer's tools load them) are not
#: compressed: less time for a first collectstatic.
WHITENOISE_SKIP_COMPRESS_EXTENSIONS = (
    *Compressor.SKIP_COMPRESS_EXTENSIONS,
    "map",
)

REST_FRAMEWORK = {
    "DEFAULT_AUTHENTICATION_CLASSES": [
        "api.http.authentication.PlayerTokenAuthentication",
        "api.http.authentication.PlayerSessionAuthentication",
    ],
    "DEFAULT_PERMISSION_CLASSES": ["rest_framework.permissions.AllowAny"],
    "DEFAULT_RENDERER_CLASSES": ["rest_framework.renderers.JSONRenderer"],
    # A client that lists only application/problem+json is answered, not refused 406.
    "DEFAULT_CONTENT_NEGOTIATION_CLASS": "api.http.problem.ProblemAwareNegotiation",
    "DEFAULT_PARSER_CLASSES": ["api.http.parsers.JSONParser"],
    "EXCEPTION_HANDLER": "api.errors.exception_handler",
    "DEFAULT_SCHEMA_CLASS": "api.schema.ContractSchema",
    "UNAUTHENTICATED_USER": None,
}

# Third-party apps (games.oauth, SPEC §13): django-oauth-toolkit as an OAuth 2.1 server. PKCE
# (S256 only) for every client, exact redirect URIs, no implicit or password grant, refresh
# tokens that rotate and whose reuse revokes the family, the device grant (RFC 8628).
OAUTH2_PROVIDER = {
    "SCOPES_BACKEND_CLASS": "games.oauth.scopes.ScopesBackend",
    "PKCE_REQUIRED": True,
    "COMPLIANT_BCP_RFC9700_PKCE_METHOD": True,
    "COMPLIANT_BCP_RFC9700_IMPLICIT_GRANT": True,
    "COMPLIANT_BCP_RFC9700_PASSWORD_GRANT": True,
    "COMPLIANT_BCP_RFC9700_ACCESS_TOKEN_TRANSPORT": True,
    "ROTATE_REFRESH_TOKEN": True,
    "REFRESH_TOKEN_REUSE_PROTECTION": True,
    "REFRESH_TOKEN_GRACE_PERIOD_SECONDS": 0,
    "ACCESS_TOKEN_EXPIRE_SECONDS": 3600,
    "REFRESH_TOKEN_EXPIRE_SECONDS": 60 * 60 * 24 * 90,
    "REQUEST_APPROVAL_PROMPT": "force",
    "COMPLIANT_BCP_RFC9700_AUTHZ_RESPONSE_ISS": True,
    "COMPLIANT_BCP_RFC9700_TOKEN_STORAGE": True,
    # http stays for native apps' loopback callbacks (RFC 8252 §7.3), and only for them: the
    # admin's app form refuses http for any other host (games.admin.apps), so DOT's
    # all-or-nothing warning W008 is silenced below.
    "ALLOWED_REDIRECT_URI_SCHEMES": ["http", "https"],
    # The same for apps' browser origins (CORS): http only on a loopback host, for development
    # (games.oauth.uris, applied by the admin's form and a player's own registration).
    "ALLOWED_SCHEMES": ["http", "https"],
    "OAUTH2_VALIDATOR_CLASS": "games.oauth.validator.AppValidator",
    "OAUTH_DEVICE_VERIFICATION_URI": "/oauth/device/",
    "OAUTH2_GRANT_TYPES_SUPPORTED": [
        "authorization_code",
        "refresh_token",
        "urn:ietf:params:oauth:grant-type:device_code",
    ],
    "OAUTH2_RESPONSE_TYPES_SUPPORTED": ["code"],
}
# security.W002/W003 look for Django's X-Frame-Options and CSRF middleware by their own paths;
# the API lane installs them as subclasses (halfmoon_service.lanes), and
# halfmoon_service.checks checks the same of those (halfmoon.W005, halfmoon.W006).
SILENCED_SYSTEM_CHECKS = ["oauth2_provider.W008", "security.W002", "security.W003"]
#: The authorize step's sign-in (players with credentials only: web.oauth_views).
LOGIN_URL = "/oauth/sign-in"

# The admin's sign-in (issue 37, L3): django-axes counts wrong passwords per (username, address)
# together — a stranger elsewhere locks only themselves out, never the owner — in the cache
# (Redis in production) under keyed hashes of both (games.admin.lockout), and answers a
# locked-out sign-in 429 with Retry-After. No access log: addresses are not kept.
AUTHENTICATION_BACKENDS = [
    "axes.backends.AxesStandaloneBackend",
    "django.contrib.auth.backends.ModelBackend",
]
AXES_HANDLER = "axes.handlers.cache.AxesCacheHandler"
AXES_ONLY_ADMIN_SITE = True
AXES_LOCKOUT_PARAMETERS = [["username", "ip_address"]]
AXES_FAILURE_LIMIT = env_int("HALFMOON_ADMIN_SIGN_IN_FAILURES", 5, minimum=1)
AXES_COOLOFF_TIME = dt.timedelta(minutes=env_int("HALFMOON_ADMIN_LOCKOUT_MINUTES", 15, minimum=1))
AXES_RESET_ON_SUCCESS = True
AXES_DISABLE_ACCESS_LOG = True
AXES_USERNAME_CALLABLE = "games.admin.lockout.username_key"
AXES_CLIENT_IP_CALLABLE = "games.admin.lockout.address_key"
AXES_LOCKOUT_CALLABLE = "games.admin.lockout.lockout_response"
if CACHES["default"]["BACKEND"].endswith("LocMemCache"):
    # The embedded default serves everything from one process, whose memory cache counts
    # every attempt; axes.W001 warns of a cache per process, which only several would be.
    SILENCED_SYSTEM_CHECKS.append("axes.W001")

SPECTACULAR_SETTINGS = {
    "TITLE": "Half Moon API",
    "DESCRIPTION": "Server-authoritative play of the two-deck solitaire Half Moon. "
    "Authenticate with a device token: `Authorization: Bearer <token>` (or the older "
    "`Authorization: Token <token>`), from `POST /api/v1/players` or a sign-in.",
    "VERSION": "1.0.0",
    "OAS_VERSION": "3.1.0",
    "SERVE_INCLUDE_SCHEMA": False,
    "COMPONENT_SPLIT_REQUEST": True,
    "SWAGGER_UI_DIST": "SIDECAR",
    "SWAGGER_UI_FAVICON_HREF": "SIDECAR",
    "REDOC_DIST": "SIDECAR",
    # The default enum hook, then the HTTP semantics of api.http (Idempotency-Key, ETags,
    # Cache-Control, RateLimit, Link, unknown query parameters) from the tables they obey.
    "POSTPROCESSING_HOOKS": [
        "drf_spectacular.hooks.postprocess_schema_enums",
        "api.http.openapi.describe_http_semantics",
        "api.schema_tools.describe_for_tools",
    ],
    # Several components have a `status` or a `result`: each set of values gets its own name.
    "ENUM_NAME_OVERRIDES": {
        "GameStatusEnum": ["playing", "stalled", "won", "resigned"],
        "RaceStatusEnum": ["open", "countdown", "running", "finished", "cancelled"],
        "QueueStatusEnum": ["waiting", "matched"],
        "EntryResultEnum": ["won", "resigned", "unfinished"],
        "RaceResultEnum": ["won", "resigned", "stalled", "unfinished"],
        "SeasonKindEnum": ["week", "month"],
        "ScopeEnum": ["account", "play", "races", "read"],
        "WebhookEventEnum": [
            "game.ended",
            "daily.closed",
            "race.finished",
            "challenge.result",
            "season.closed",
        ],
    },
}

#: One JSON object a line on stderr, with the request id on every line of a request (logs.py).
LOGGING = logging_config(
    level=env_str("LOG_LEVEL") or "INFO",
    loggers={
        "daphne": {"level": "WARNING"},
        # django-axes: its start-up banner is noise; lockouts and failures (keyed hashes only,
        # games.admin.lockout) are warnings.
        "axes": {"level": "WARNING"},
        "django.channels.server": {"level": "WARNING"},
        "halfmoon.requests": {"level": env_str("REQUEST_LOG_LEVEL") or "INFO"},
    },
)

#: Requests per period ("N/s", "N/min", "N/hour") before a 429 with Retry-After.
#: Request budgets (``games.core.rates``; "30/s", "20/min"): the defaults, each replaced by its
#: ``HALFMOON_THROTTLE_<SCOPE>`` variable. docs/PROTOCOL.md lists them from here; the served
#: schema and the RateLimit headers show the rates in force.
HALFMOON_THROTTLE_DEFAULTS = {
    "player_create": "20/min",  # per client IP
    "game_action": "30/s",  # per player
    "socket_message": "30/s",  # per connection
    # Joins by invite code per player: a wrong guess costs as much as a right one.
    "race_invite": "10/min",
    # Challenges (SPEC §11): making one per player; reading one by its code (a wrong guess
    # costs as much as a right one) per player, or per address without a token.
    "challenge_create": "30/hour",
    "challenge_lookup": "60/min",
    # Quick-match queue joins and leaves per player (each takes the queue's lock): one flip
    # every two seconds for a whole minute, which no one waiting for a match does.
    "matchmaking": "30/min",
    "log_read": "120/min",  # per player or address
    # Follows, unfollows and follows by username per player (a wrong username costs one too).
    "follow": "30/min",
    # Follows by username per address as well: a username that exists answers otherwise than
    # one that does not, and new anonymous players cost nothing, so guesses are counted where
    # they come from.
    "username_lookup": "20/min",
    # Accounts: sign-in (password or recovery code) per address and per username, whether the
    # username exists or not; link-code redemption per address; the rest per address or player.
    # A device showing a valid device proof of the account (games.accounts.device_proofs) is
    # counted per proof instead of per username, so strangers' guesses never lock it out.
    "sign_in_address": "30/min",
    "sign_in_username": "10/min",
    "sign_in_device": "10/min",
    "link_code": "10/min",  # redeeming, per address
    # A device grant's code typed on the site (RFC 8628 §5.1), per address and per player: a
    # wrong code costs as much as a right one, so user codes cannot be guessed in bulk.
    "device_code_address": "30/min",
    "device_code_player": "10/min",
    # A device asking for a device code (RFC 8628 §3.1, ``/oauth/device-authorization/``) per
    # address and per app: each answer is a grant row that lives 30 minutes.
    "device_authorization_address": "10/min",
    "device_authorization_client": "120/min",
    "account_create": "10/hour",  # per address
    "account_change": "20/hour",  # per player
    "password_reset": "5/hour",  # address, e-mail
    # A player's whole archive (GET /account/export) per player: the largest read there is.
    "account_export": "10/hour",
}
HALFMOON_THROTTLE_RATES = {
    scope: env_str(f"HALFMOON_THROTTLE_{scope.upper()}") or default
    for scope, default in HALFMOON_THROTTLE_DEFAULTS.items()
}

#: Races (SPEC §8): the countdown from the host's start (or a quick match) to ``starts_at``,
#: and the shortest time limit a race may ask for (tests and the bench lower both).
HALFMOON_RACE_COUNTDOWN_MS = env_int("HALFMOON_RACE_COUNTDOWN_MS", 5000)
HALFMOON_RACE_MIN_TIME_LIMIT_S = env_int("HALFMOON_RACE_MIN_TIME_LIMIT_S", 60, minimum=1)

SECURE_CONTENT_TYPE_NOSNIFF = True
X_FRAME_OPTIONS = "DENY"
SESSION_COOKIE_SECURE = env_bool("SESSION_COOKIE_SECURE", PRODUCTION)
CSRF_COOKIE_SECURE = env_bool("CSRF_COOKIE_SECURE", PRODUCTION)
if PRODUCTION:
    SECURE_SSL_REDIRECT = env_bool("SECURE_SSL_REDIRECT", True)
    # Probes come from inside the deployment, in plain HTTP: answered, not redirected.
    SECURE_REDIRECT_EXEMPT = [r"^healthz$", r"^readyz$"]
    SECURE_HSTS_SECONDS = env_int("SECURE_HSTS_SECONDS", 31536000)
    SECURE_HSTS_INCLUDE_SUBDOMAINS = env_bool("SECURE_HSTS_INCLUDE_SUBDOMAINS", True)
    SECURE_HSTS_PRELOAD = env_bool("SECURE_HSTS_PRELOAD", True)
    # Behind a TLS-terminating proxy that sets X-Forwarded-Proto.
    SECURE_PROXY_SSL_HEADER = ("HTTP_X_FORWARDED_PROTO", "https")
