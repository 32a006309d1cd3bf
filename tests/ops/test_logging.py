"""Logs: every line one JSON object, and every line of a request names the request's id."""

import io
import json
import logging
import subprocess
import sys
from pathlib import Path

import pytest
from django.http import HttpResponse
from django.test import AsyncClient, Client
from django.urls import include, path
from pythonjsonlogger.json import JsonFormatter

REPO = Path(__file__).resolve().parents[2]
view_logger = logging.getLogger("halfmoon.test_view")


def logging_view(request):
    """A view that logs on its own logger, as a service called from a view would."""
    view_logger.warning("inside the view")
    return HttpResponse("ok")


#: The service's URLs plus the logging view (``pytest.mark.urls(__name__)`` below).
urlpatterns = [
    path("logging-view", logging_view),
    path("", include("halfmoon_service.urls")),
]


@pytest.fixture
def log_lines():
    """Everything the configured root handler writes, read back one parsed JSON per line."""
    handler = next(
        h for h in logging.getLogger().handlers if isinstance(h.formatter, JsonFormatter)
    )
    stream = io.StringIO()
    previous = handler.setStream(stream)
    try:
        yield lambda: [json.loads(line) for line in stream.getvalue().splitlines()]
    finally:
        handler.setStream(previous)


def lines_of(lines, logger):
    return [line for line in lines if line["logger"] == logger]


def assert_view_line_names_the_request(lines, request_id):
    (inside,) = lines_of(lines, "halfmoon.test_view")
    assert inside["message"] == "inside the view" and inside["level"] == "WARNING"
    assert inside["request_id"] == request_id
    (request_line,) = lines_of(lines, "halfmoon.requests")
    assert request_line["request_id"] == request_id and request_line["status"] == 200


@pytest.mark.urls(__name__)
def test_a_line_logged_inside_a_view_carries_the_request_id(log_lines):
    response = Client(headers={"X-Request-ID": "trace-7"}).get("/logging-view")
    assert response.status_code == 200 and response["X-Request-ID"] == "trace-7"
    assert_view_line_names_the_request(log_lines(), "trace-7")


@pytest.mark.urls(__name__)
async def test_the_id_follows_an_asgi_request_into_the_sync_views_thread(log_lines):
    response = await AsyncClient().get("/logging-view", headers={"X-Request-ID": "trace-8"})
    assert response.status_code == 200 and response["X-Request-ID"] == "trace-8"
    assert_view_line_names_the_request(log_lines(), "trace-8")


@pytest.mark.urls(__name__)
def test_a_generated_request_id_is_the_one_echoed_and_logged(log_lines):
    response = Client().get("/logging-view")
    (inside,) = lines_of(log_lines(), "halfmoon.test_view")
    assert len(response["X-Request-ID"]) == 32
    assert inside["request_id"] == response["X-Request-ID"]


@pytest.mark.urls(__name__)
def test_lines_outside_a_request_carry_no_request_id(log_lines):
    Client(headers={"X-Request-ID": "before"}).get("/logging-view")
    view_logger.warning("after the request")
    after = [line for line in log_lines() if line["message"] == "after the request"]
    assert len(after) == 1 and "request_id" not in after[0]


@pytest.mark.django_db
def test_every_request_logs_one_structured_line(api, log_lines):
    response = api.post(
        "/api/v1/players", {"name": "logged"}, format="json", HTTP_X_REQUEST_ID="trace-42"
    )
    assert response["X-Request-ID"] == "trace-42"
    (line,) = lines_of(log_lines(), "halfmoon.requests")
    fields = {
        key: line[key] for key in ("event", "request_id", "method", "path", "status", "player")
    }
    assert fields == {
        "event": "http_request",
        "request_id": "trace-42",
        "method": "POST",
        "path": "/api/v1/players",
        "status": 201,
        "player": None,
    }
    assert line["ms"] > 0 and line["level"] == "INFO" and line["time"].endswith("+00:00")


@pytest.mark.django_db
def test_djangos_own_lines_are_json_with_the_request_id(log_lines):
    Client(headers={"X-Request-ID": "lost"}).get("/api/v1/no-such-thing")
    (not_found,) = lines_of(log_lines(), "django.request")
    assert not_found["message"] == "Not Found: /api/v1/no-such-thing"
    assert not_found["request_id"] == "lost" and not_found["status_code"] == 404


def test_a_traceback_stays_inside_its_json_line(log_lines):
    try:
        raise ValueError("broken")
    except ValueError:
        view_logger.exception("failed")
    (line,) = [line for line in log_lines() if line["message"] == "failed"]
    assert line["level"] == "ERROR" and "ValueError: broken" in line["exc_info"]


def test_gunicorns_own_lines_are_json():
    """deploy/gunicorn.conf.py, read by gunicorn's own config and logger classes."""
    probe = (
        "from gunicorn.config import Config; from gunicorn.glogging import Logger;"
        "cfg = Config(); cfg.set('config', 'deploy/gunicorn.conf.py');"
        "import runpy; conf = runpy.run_path('deploy/gunicorn.conf.py');"
        "cfg.set('logconfig_dict', conf['logconfig_dict']);"
        "Logger(cfg).info('Booting worker with pid: %s', 42)"
    )
    result = subprocess.run(
        [sys.executable, "-c", probe], cwd=REPO, capture_output=True, text=True, timeout=60
    )
    assert result.returncode == 0, result.stderr
    (line,) = [json.loads(text) for text in result.stderr.splitlines()]
    assert line["logger"] == "gunicorn.error" and line["message"] == "Booting worker with pid: 42"


@pytest.mark.django_db
def test_an_admin_request_logs_the_staff_user_not_a_player_id(caplog, make_player):
    from django.contrib.auth import get_user_model
    from django.test import Client

    player, token = make_player("ann")
    staff = get_user_model().objects.create_superuser("root", "r@example.com", "pw-for-tests-42")
    client = Client()
    client.force_login(staff)
    with caplog.at_level(logging.INFO, logger="halfmoon.requests"):
        assert client.get("/admin/games/game/").status_code == 200
        api = Client(HTTP_AUTHORIZATION=f"Token {token}")
        assert api.get("/api/v1/players/me").status_code == 200
    lines = [r for r in caplog.records if r.name == "halfmoon.requests"]
    assert (lines[0].player, lines[0].user) == (None, staff.pk)
    assert (lines[1].player, lines[1].user) == (player.pk, None)
