"""Rotating secrets without signing anyone out (docs/OPERATIONS.md, "Rotate secrets"):
``SECRET_KEY`` with ``SECRET_KEY_FALLBACKS``, the metrics token with
``HALFMOON_METRICS_TOKEN_FALLBACKS``. Each refusal is shown too: without the fallback, what the
old key signed is no longer accepted."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest
from django.contrib.auth import get_user_model
from django.core import signing
from django.test import Client

from tests.support.metrics import TOKEN

REPO = Path(__file__).resolve().parents[2]
OLD_KEY = "old-" + "k" * 60
NEW_KEY = "new-" + "n" * 60
ADMIN = "/admin/"


@pytest.fixture
def signed_in(settings, db):
    """A staff member signed in to the admin while OLD_KEY was the key."""
    settings.SECRET_KEY, settings.SECRET_KEY_FALLBACKS = OLD_KEY, []
    user = get_user_model().objects.create_superuser("staff", "s@example.com", "pw-42-rotate")
    client = Client()
    client.force_login(user)
    assert client.get(ADMIN).status_code == 200
    return client


def test_a_new_secret_key_with_the_old_as_fallback_keeps_everyone_signed_in(signed_in, settings):
    settings.SECRET_KEY, settings.SECRET_KEY_FALLBACKS = NEW_KEY, [OLD_KEY]
    assert signed_in.get(ADMIN).status_code == 200


def test_without_the_fallback_the_old_sessions_end(signed_in, settings):
    settings.SECRET_KEY, settings.SECRET_KEY_FALLBACKS = NEW_KEY, []
    page = signed_in.get(ADMIN)
    assert page.status_code == 302 and "/login/" in page["Location"]


def test_cursors_signed_with_the_old_key_still_read(settings):
    settings.SECRET_KEY, settings.SECRET_KEY_FALLBACKS = OLD_KEY, []
    cursor = signing.dumps([1, "a"], salt="cursor")
    settings.SECRET_KEY, settings.SECRET_KEY_FALLBACKS = NEW_KEY, [OLD_KEY]
    assert signing.loads(cursor, salt="cursor") == [1, "a"]
    settings.SECRET_KEY_FALLBACKS = []
    with pytest.raises(signing.BadSignature):
        signing.loads(cursor, salt="cursor")


@pytest.mark.slow
def test_secret_key_fallbacks_come_from_the_environment():
    done = subprocess.run(
        [sys.executable, "-c", "import django; from django.conf import settings; django.setup();"
         "print(settings.SECRET_KEY_FALLBACKS)"],
        capture_output=True, text=True, cwd=REPO,
        env={**os.environ, "DJANGO_SETTINGS_MODULE": "halfmoon_service.settings",
             "SECRET_KEY_FALLBACKS": f"{OLD_KEY}, other-old-key"},
    )  # fmt: skip
    assert done.returncode == 0, done.stderr
    assert done.stdout.strip() == str([OLD_KEY, "other-old-key"])


@pytest.mark.django_db
@pytest.mark.parametrize("fallbacks, old_accepted", [([TOKEN], True), ([], False)])
def test_the_metrics_token_rotates_with_the_old_one_accepted_meanwhile(
    settings, fallbacks, old_accepted
):
    new = "new-metrics-token-" + "m" * 20
    settings.HALFMOON_METRICS_TOKEN, settings.HALFMOON_METRICS_TOKEN_FALLBACKS = new, fallbacks
    assert Client().get("/metrics", HTTP_AUTHORIZATION=f"Bearer {new}").status_code == 200
    old = Client().get("/metrics", HTTP_AUTHORIZATION=f"Bearer {TOKEN}").status_code
    assert old == (200 if old_accepted else 401)
    other = "some-other-token-of-length-40-000000000"
    assert Client().get("/metrics", HTTP_AUTHORIZATION=f"Bearer {other}").status_code == 401
