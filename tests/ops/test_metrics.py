"""``GET /metrics`` in process: who may scrape it, what each layer counts, the gauges read at
scrape time; and the deployment's Prometheus and Grafana files, checked against the exposition.

The stack as deployed (gunicorn's workers, a daphne replica, real traffic) is scraped in
``test_metrics_stack.py``.
"""

import json
import time
from pathlib import Path

import pytest
import yaml
from django.db.utils import OperationalError
from django.test import Client

from games.core import metrics as domain
from games.core import redis as core_redis
from games.deals.models import PooledDeal
from games.play.models import Deal
from tests.support.api import assert_error, post, url
from tests.support.metrics import (
    TOKEN,
    Exposition,
    promql_metric_names,
    scrape_client,
)
from tests.support.moves import mismatched_pair, visible_pair

REPO = Path(__file__).resolve().parents[2]
DEPLOY = REPO / "deploy"
DASHBOARD = DEPLOY / "grafana" / "halfmoon-dashboard.json"


@pytest.fixture
def token(settings):
    settings.HALFMOON_METRICS_TOKEN = TOKEN
    return TOKEN


def scraped() -> Exposition:
    return scrape_client(Client())


# -- who may scrape ------------------------------------------------------------------------
@pytest.mark.django_db
def test_without_a_configured_token_there_is_no_endpoint(settings):
    settings.HALFMOON_METRICS_TOKEN = ""
    response = Client().get("/metrics", HTTP_AUTHORIZATION=f"Bearer {TOKEN}")
    assert response.status_code == 404


@pytest.mark.django_db
@pytest.mark.parametrize(
    "authorization",
    [None, "Bearer wrong-token-of-the-same-size-000000", f"Token {TOKEN}", TOKEN, "Bearer "],
)
def test_a_scrape_without_the_token_is_refused(token, authorization):
    extra = {"HTTP_AUTHORIZATION": authorization} if authorization is not None else {}
    response = Client().get("/metrics", **extra)
    assert response.status_code == 401
    assert response["WWW-Authenticate"] == 'Bearer realm="metrics"'
    assert b"halfmoon_" not in response.content


@pytest.mark.django_db
def test_the_token_opens_the_exposition_on_any_host(token):
    """Prometheus addresses each replica by its own address, not a host in ALLOWED_HOSTS."""
    response = Client().get(
        "/metrics", HTTP_AUTHORIZATION=f"Bearer {token}", HTTP_HOST="172.18.0.5:8000"
    )
    assert response.status_code == 200
    assert response["Content-Type"].startswith("text/plain; version=")
    assert response["Cache-Control"] == "no-store"
    assert "halfmoon_http_requests_total" in response.content.decode()
    refused = Client().post("/metrics", HTTP_AUTHORIZATION=f"Bearer {token}")
    assert refused.status_code == 405


def test_a_short_token_stops_the_process():
    from tests.test_configuration import settings_in_subprocess

    result = settings_in_subprocess(HALFMOON_METRICS_TOKEN="short")
    assert result.returncode != 0 and "HALFMOON_METRICS_TOKEN" in result.stderr


# -- what is counted -----------------------------------------------------------------------
@pytest.mark.django_db
def test_requests_are_counted_by_pattern_name_never_by_path(token, player_client):
    client, _ = player_client()
    game = post(client, url("games"), {"deal_code": "HM1-N-AAAAAAA"}).json()
    before = scraped()
    for _ in range(3):
        assert client.get(url("games", game["id"])).status_code == 200
    assert client.get("/api/v1/no-such-thing").status_code == 404
    assert Client().generic("BREW", url("players")).status_code == 405
    after = scraped()

    def delta(name, **labels):
        return after.value(name, **labels) - before.value(name, **labels)

    assert delta("halfmoon_http_requests_total", route="game", method="GET", status="200") == 3
    assert delta("halfmoon_http_request_duration_seconds_count", route="game", method="GET") == 3
    assert delta("halfmoon_http_requests_total", route="unmatched", status="404") == 1
    assert delta("halfmoon_http_requests_total", route="players", method="other") == 1
    routes = after.label_values("halfmoon_http_requests_total", "route")
    assert {"game", "games", "players", "unmatched"} <= routes
    assert not [route for route in routes if "/" in route or str(game["id"]) in route]


@pytest.mark.django_db
def test_moves_over_rest_and_refusals_by_code(token, player_client):
    client, _ = player_client()
    game = post(client, url("games"), {"deal_code": "HM1-N-AAAAAAA"}).json()
    before = scraped()
    pair = visible_pair(game)
    moved = post(client, url("games", game["id"], "moves"), {"positions": pair})
    assert moved.status_code == 200
    refused = post(
        client, url("games", game["id"], "moves"), {"positions": mismatched_pair(moved.json())}
    )
    code = refused.json()["code"]
    assert refused.status_code == 400 and code in ("sum_must_be_11", "needs_jack_queen_king")
    tap = post(client, url("games", game["id"], "taps"), {"position": "P1"})  # selects only
    assert tap.status_code == 200 and tap.json()["removed"] is None
    after = scraped()
    assert (
        after.value("halfmoon_moves_total", transport="rest")
        - before.value("halfmoon_moves_total", transport="rest")
        == 1
    )
    assert (
        after.value("halfmoon_refusals_total", code=code, transport="rest")
        - before.value("halfmoon_refusals_total", code=code, transport="rest")
        == 1
    )


@pytest.mark.django_db
def test_a_throttled_request_is_a_refusal_by_its_code(token, player_client, settings):
    settings.HALFMOON_THROTTLE_RATES = {**settings.HALFMOON_THROTTLE_RATES, "log_read": "1/min"}
    client, _ = player_client()
    game = post(client, url("games"), {}).json()
    before = scraped().value("halfmoon_refusals_total", code="throttled", transport="rest")
    assert client.get(url("games", game["id"], "log")).status_code == 200
    assert_error(client.get(url("games", game["id"], "log")), 429, "throttled")
    after = scraped().value("halfmoon_refusals_total", code="throttled", transport="rest")
    assert after - before == 1


@pytest.mark.django_db
def test_the_database_down_at_a_scrape_is_counted_not_a_failed_scrape(token, monkeypatch):
    from games.stats import gauges

    def down():
        raise OperationalError("connection refused")

    before = scraped().value("halfmoon_database_errors_total", transport="metrics")
    monkeypatch.setattr(gauges, "service_figures", down)
    during = scraped()
    assert during.value("halfmoon_database_up") == 0
    assert not during.samples("halfmoon_races")
    assert during.value("halfmoon_database_errors_total", transport="metrics") - before == 1


@pytest.mark.django_db
def test_a_redis_failure_opens_the_breaker_for_its_pause(token, monkeypatch):
    outage = core_redis.Outage()
    domain.REDIS_BREAKER_UNTIL.set(0)  # no earlier test's failure still counts
    before = scraped()
    assert before.value("halfmoon_redis_breaker_open") == 0
    outage.failed("a test", ConnectionError("refused"))
    during = scraped()
    assert during.value("halfmoon_redis_breaker_open") == 1
    assert (
        during.value("halfmoon_redis_errors_total") - before.value("halfmoon_redis_errors_total")
        == 1
    )
    until = during.value("halfmoon_redis_breaker_open_until_timestamp_seconds")
    assert 0 < until - time.time() <= core_redis.Outage.PAUSE
    # The pause over (the clock moved on), the breaker reads closed without any new call.
    real_time = time.time
    monkeypatch.setattr(
        "halfmoon_service.metrics.time.time", lambda: real_time() + core_redis.Outage.PAUSE + 1
    )
    assert scraped().value("halfmoon_redis_breaker_open") == 0


@pytest.mark.django_db
def test_races_queue_and_pool_are_read_at_scrape_time(token, player_client, settings):
    settings.HALFMOON_WINNABLE_POOL_TARGET = 7
    empty = scraped()
    assert {s.labels["status"]: s.value for s in empty.samples("halfmoon_races")} == {
        "open": 0,
        "countdown": 0,
        "running": 0,
    }
    host, _ = player_client("host")
    assert post(host, url("races"), {"seats": 2}).status_code == 201
    waiting, _ = player_client("waiting")
    assert post(waiting, url("matchmaking"), {"seats": 3}).status_code == 202
    for number in range(2):
        deal = Deal.objects.create(code=f"HM1-N-POOLED{number}", layout="-")
        PooledDeal.objects.create(deal=deal)
    figures = scraped()
    assert figures.value("halfmoon_races", status="open") == 1
    assert figures.value("halfmoon_races", status="running") == 0
    assert figures.value("halfmoon_matchmaking_queue_length") == 1
    assert figures.value("halfmoon_winnable_pool_size") == 2
    assert figures.value("halfmoon_winnable_pool_target") == 7
    assert figures.value("halfmoon_database_up") == 1


@pytest.mark.django_db
def test_a_scrape_costs_three_small_queries(token):
    from django.db import connection
    from django.test.utils import CaptureQueriesContext

    with CaptureQueriesContext(connection) as queries:
        scraped()
    # + on PostgreSQL the standbys streaming and their replay lag (issue 39's gauges)
    expected = 4 if connection.vendor == "postgresql" else 3
    assert len(queries) == expected, [q["sql"] for q in queries]
    if connection.vendor == "postgresql":
        assert "pg_stat_replication" in queries[1]["sql"]
    races = queries[0]["sql"]
    assert "GROUP BY" in races and "ORDER BY" not in races and "'open'" in races


# -- the deployment's files ------------------------------------------------------------------
def dashboard_expressions() -> list[str]:
    dashboard = json.loads(DASHBOARD.read_text())
    expressions = []

    def walk(panels):
        for panel in panels:
            walk(panel.get("panels", []))
            expressions.extend(t["expr"] for t in panel.get("targets", []))

    walk(dashboard["panels"])
    return expressions


def test_the_promql_reader_finds_the_metric_names():
    assert promql_metric_names(
        'histogram_quantile(0.95, sum by (le, route) (rate(a_bucket{code="x"}[$__rate_interval])))'
    ) == {"a_bucket"}
    assert promql_metric_names("count(b == 0) or vector(0)") == {"b"}
    assert promql_metric_names("sum(rate(c_total[5m])) / sum without (pid) (d)") == {
        "c_total",
        "d",
    }


@pytest.mark.django_db
def test_every_metric_the_dashboard_reads_is_exposed(token):
    """Against this process's exposition with the sockets' metrics loaded, as a daphne
    replica's is (gunicorn's workers serve no socket: theirs has no socket families)."""
    import realtime.metrics  # noqa: F401

    names = scraped().sample_names()
    expressions = dashboard_expressions()
    assert len(expressions) >= 15
    used = set().union(*map(promql_metric_names, expressions))
    assert used and all(name.startswith("halfmoon_") for name in used), used
    assert not used - names, sorted(used - names)
    # Every family of the service is on the dashboard.
    ours = {f.name for f in scraped().families if f.name.startswith("halfmoon_")}
    shown = {name for name in ours if any(name in e for e in expressions)}
    assert ours - shown <= {"halfmoon_redis_breaker_open_until_timestamp_seconds"}, ours - shown


def test_the_dashboard_and_its_provisioning_fit_together():
    dashboard = json.loads(DASHBOARD.read_text())
    assert dashboard["uid"] and dashboard["title"] == "Half Moon"
    ids = [p["id"] for p in dashboard["panels"]]
    assert len(ids) == len(set(ids))
    provisioning = DEPLOY / "grafana" / "provisioning"
    (source,) = yaml.safe_load((provisioning / "datasources" / "prometheus.yml").read_text())[
        "datasources"
    ]
    assert source["type"] == "prometheus" and source["url"] == "http://prometheus:9090"
    for panel in dashboard["panels"]:
        if panel["type"] != "row":
            assert panel["datasource"]["uid"] == source["uid"], panel["title"]
            assert all(t["datasource"]["uid"] == source["uid"] for t in panel["targets"])
    (provider,) = yaml.safe_load((provisioning / "dashboards" / "halfmoon.yml").read_text())[
        "providers"
    ]
    compose = yaml.safe_load((REPO / "docker-compose.yml").read_text())
    mounts = compose["services"]["grafana"]["volumes"]
    mounted = {m.split(":")[0]: m.split(":")[1] for m in mounts if m.startswith("./")}
    assert mounted["./deploy/grafana/provisioning"] == "/etc/grafana/provisioning"
    assert mounted["./deploy/grafana/halfmoon-dashboard.json"] == (
        provider["options"]["path"] + "/" + DASHBOARD.name
    )


def test_prometheus_scrapes_every_server_with_the_token_and_never_through_nginx():
    config = yaml.safe_load((DEPLOY / "prometheus.yml").read_text())
    compose = yaml.safe_load((REPO / "docker-compose.yml").read_text())
    services = compose["services"]
    jobs = {job["job_name"]: job for job in config["scrape_configs"]}
    scraped_services = set()
    for job in jobs.values():
        assert job["metrics_path"] == "/metrics"
        assert job["authorization"]["type"] == "Bearer"
        assert job["authorization"]["credentials_file"] == "/run/secrets/metrics_token"
        for discovery in job["dns_sd_configs"]:
            assert discovery["type"] == "A" and discovery["port"] == 8000
            scraped_services.update(discovery["names"])
    assert scraped_services == {"http", "web"}
    assert "metrics_token" in services["prometheus"]["secrets"]
    assert compose["secrets"]["metrics_token"] == {"environment": "HALFMOON_METRICS_TOKEN"}
    mounts = services["prometheus"]["volumes"]
    assert "./deploy/prometheus.yml:/etc/prometheus/prometheus.yml:ro" in mounts
    for name in ("http", "web"):
        environment = services[name]["environment"]
        directory = environment["PROMETHEUS_MULTIPROC_DIR"]
        assert directory in services[name]["tmpfs"]  # fresh at each container start
        assert environment["HALFMOON_METRICS_TOKEN"].startswith("${HALFMOON_METRICS_TOKEN:?")
    for name in ("prometheus", "grafana"):  # on this host only
        assert all(port.startswith("127.0.0.1:") for port in services[name]["ports"])
    nginx = (DEPLOY / "nginx.conf").read_text()
    assert "location = /metrics {\n        return 404;\n    }" in nginx
