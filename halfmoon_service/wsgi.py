"""WSGI entry point: the HTTP API and pages on a worker pool (gunicorn), static files included
(WhiteNoise's middleware).

Django's WSGI request path costs a fraction of the CPU of its ASGI path, so HTTP is served here
and only WebSockets by daphne (``halfmoon_service.asgi``); see docs/PERFORMANCE.md.
"""

import os

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "halfmoon_service.settings")

from django.core.wsgi import get_wsgi_application

application = get_wsgi_application()
