"""The service's settings with its static files collected into a directory of the test's own
(``HALFMOON_TEST_STATIC_ROOT``): the first-load tests serve the site as `make run` and the
image do, hashed and compressed (``HALFMOON_STATIC_COLLECTED``), without touching the
checkout's ``staticfiles/``. See :func:`collect`."""

import os
import subprocess
import sys
from pathlib import Path

from halfmoon_service.settings import *  # noqa: F403

STATIC_ROOT = Path(os.environ.get("HALFMOON_TEST_STATIC_ROOT", "/nonexistent"))

#: The apps whose static files the web client's page never loads (the admin, the API's
#: documentation pages): left out, a tenth of the time of a full collection.
NOT_THE_PAGE = ("admin", "rest_framework", "drf_spectacular_sidecar", "oauth2_provider", "asyncapi")


def environment(root: Path) -> dict[str, str]:
    return {
        "DJANGO_SETTINGS_MODULE": "tests.support.collected_static",
        "HALFMOON_STATIC_COLLECTED": "true",
        "HALFMOON_TEST_STATIC_ROOT": str(root),
    }


def collect(root: Path) -> dict[str, str]:
    """``collectstatic`` of the page's static files into ``root``; returns the environment of a
    server that serves them (``shared_server(**environment)``)."""
    env = environment(root)
    ignored = [arg for name in NOT_THE_PAGE for arg in ("--ignore", name)]
    subprocess.run(
        [sys.executable, "manage.py", "collectstatic", "--noinput", "-v", "0", *ignored],
        cwd=Path(__file__).resolve().parents[2],
        env={**os.environ, **env},
        check=True,
    )
    return env
