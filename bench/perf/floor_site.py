"""Settings of the framework floor (:mod:`bench.perf.floor_app`, ``DJANGO_SETTINGS_MODULE=
bench.perf.floor_site``), for :mod:`bench.perf.framework_floor`.

No database, no cache, one middleware (Content-Length), no authentication, no throttle, no log
handler: what
the floor serves is what Django, DRF and Channels do for any request of a move's shape.
"""

SECRET_KEY = "bench-floor-only"  # serves the bench on loopback, no one else
DEBUG = False
ALLOWED_HOSTS = ["*"]
INSTALLED_APPS = ["rest_framework", "channels"]
# Only what gives a response its Content-Length (WSGI servers chunk a body without one).
MIDDLEWARE = ["django.middleware.common.CommonMiddleware"]
ROOT_URLCONF = "bench.perf.floor_app"
DATABASES: dict = {}
USE_TZ = True
REST_FRAMEWORK = {
    "DEFAULT_AUTHENTICATION_CLASSES": [],
    "DEFAULT_PERMISSION_CLASSES": [],
    "DEFAULT_THROTTLE_CLASSES": [],
    "DEFAULT_RENDERER_CLASSES": ["rest_framework.renderers.JSONRenderer"],
    "DEFAULT_PARSER_CLASSES": ["rest_framework.parsers.JSONParser"],
    "UNAUTHENTICATED_USER": None,
}
LOGGING_CONFIG = None
# The socket replicas' server (halfmoon_service.serve) bounds request bodies as deployed.
HALFMOON_MAX_BODY_BYTES = DATA_UPLOAD_MAX_MEMORY_SIZE = 16 * 1024
