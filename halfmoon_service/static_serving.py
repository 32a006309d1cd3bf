"""WhiteNoise as this service uses it: the collected tree only when it is what is served.

With ``HALFMOON_STATIC_COLLECTED`` (``make run``, the image) WhiteNoise serves STATIC_ROOT, the
hashed and compressed files. Without it (tests, development) it serves the apps' static folders
as they are, through the finders — and a ``staticfiles/`` left by an earlier ``make run`` must
not be served beside them (stale hashed copies of files the finders serve fresh) nor walked:
WhiteNoise walks and stats its roots whenever a handler starts, and every test client starts
one (0.1-0.3 s each over that tree's 800 files, most of some tests' time).
"""

from __future__ import annotations

from django.conf import settings
from whitenoise.middleware import WhiteNoiseMiddleware


class StaticFilesMiddleware(WhiteNoiseMiddleware):
    def add_files(self, root, prefix=None):
        collected_root = settings.STATIC_ROOT and str(root) == str(settings.STATIC_ROOT)
        if collected_root and not settings.HALFMOON_STATIC_COLLECTED:
            return
        super().add_files(root, prefix)
