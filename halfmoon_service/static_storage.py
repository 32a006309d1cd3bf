"""The collected static files' storage (``HALFMOON_STATIC_COLLECTED``; docs/PERFORMANCE.md,
"First load"): WhiteNoise's hashed names with Brotli and gzip copies, compressing the hashed
copies only.

WhiteNoise compresses both a file's original name and its hashed copy. Pages link the hashed
names (``{% static %}``); the originals are reached only by relative references that nothing
rewrites (the web app manifest's icons, PNG, never compressed anyway; the ES modules' imports
of one another at ``/?modules``, for development) and are served as they are. Compressing the
hashed copies alone halves a first ``collectstatic`` (Brotli at its best quality).
"""

from __future__ import annotations

from whitenoise.storage import CompressedManifestStaticFilesStorage


class CompressedHashedStaticFilesStorage(CompressedManifestStaticFilesStorage):
    def compress_files(self, paths):
        hashed = set(self.hashed_files.values())
        return super().compress_files([path for path in paths if path in hashed])
