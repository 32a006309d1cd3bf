"""The alert rules (``deploy/prometheus/alerts.yml``): valid for Prometheus (``promtool check
rules``), each firing on the series that mean trouble and quiet on healthy ones (``promtool
test rules deploy/prometheus/alerts_test.yml``), reading only metrics the service exposes,
wired into compose's Prometheus, and each explained in the runbook (docs/OPERATIONS.md).

promtool comes with Debian's ``prometheus`` package: a run without it installs it through
``make promtool`` (as root, as CI runs); in CI a promtool that cannot be had fails the test.
"""

from __future__ import annotations

import re
import shutil
import subprocess
from pathlib import Path

import pytest
import yaml
from django.test import Client

from tests.conftest import IN_CI
from tests.support.metrics import TOKEN, promql_metric_names, scrape_client

REPO = Path(__file__).resolve().parents[2]
RULES = REPO / "deploy" / "prometheus" / "alerts.yml"
RULE_TESTS = REPO / "deploy" / "prometheus" / "alerts_test.yml"
OPERATIONS = REPO / "docs" / "OPERATIONS.md"
#: Every alert the issue asks for, by what it watches.
EXPECTED = {
    "DatabaseDown", "DatabaseFailingOver", "DatabaseNoStandby", "DatabaseReplicationLag",
    "ServerErrors", "SlowAnswers", "RedisDown", "WinnablePoolMisses", "BackgroundJobsStalled",
}  # fmt: skip


def alerts() -> list[dict]:
    groups = yaml.safe_load(RULES.read_text())["groups"]
    return [rule for group in groups for rule in group["rules"]]


@pytest.fixture(scope="module")
def promtool() -> str:
    if shutil.which("promtool") is None:
        subprocess.run(["make", "--no-print-directory", "promtool"], cwd=REPO, capture_output=True)
    found = shutil.which("promtool")
    if found is None:
        if IN_CI:
            pytest.fail("promtool is required in CI: `make promtool` did not install it")
        pytest.skip("promtool is not installed (`make promtool`, as root)")
    return found


def test_the_rules_are_valid(promtool):
    done = subprocess.run([promtool, "check", "rules", str(RULES)], capture_output=True, text=True)
    assert done.returncode == 0, done.stdout + done.stderr
    assert f"SUCCESS: {len(alerts())} rules found" in done.stdout


def test_the_rules_pass_their_unit_tests(promtool):
    done = subprocess.run(
        [promtool, "test", "rules", str(RULE_TESTS)], capture_output=True, text=True
    )
    assert done.returncode == 0, done.stdout + done.stderr
    assert "SUCCESS" in done.stdout


def test_every_alert_asked_for_is_there_and_unit_tested():
    names = {rule["alert"] for rule in alerts()}
    assert names == EXPECTED
    tested = {case["alertname"] for test in yaml.safe_load(RULE_TESTS.read_text())["tests"]
              for case in test.get("alert_rule_test", [])}  # fmt: skip
    assert tested == EXPECTED


@pytest.mark.django_db
def test_the_rules_read_only_metrics_the_service_exposes(settings):
    """Against this process's exposition (the replication gauges too: 0 on SQLite)."""
    settings.HALFMOON_METRICS_TOKEN = TOKEN
    exposed = scrape_client(Client()).sample_names()
    used = set().union(*(promql_metric_names(rule["expr"]) for rule in alerts()))
    assert used and not used - exposed, sorted(used - exposed)


def test_each_alert_has_its_section_in_the_runbook():
    anchors = {
        re.sub(r"[^a-z0-9 -]", "", line.lstrip("#").strip().lower()).replace(" ", "-")
        for line in OPERATIONS.read_text().splitlines()
        if line.startswith("#")
    }
    for rule in alerts():
        runbook = rule["annotations"]["runbook"]
        assert runbook.startswith("docs/OPERATIONS.md#"), rule["alert"]
        assert runbook.partition("#")[2] in anchors, rule["alert"]


def test_compose_prometheus_loads_the_rules():
    config = yaml.safe_load((REPO / "deploy" / "prometheus.yml").read_text())
    compose = yaml.safe_load((REPO / "docker-compose.yml").read_text())
    mounts = compose["services"]["prometheus"]["volumes"]
    (path,) = config["rule_files"]
    assert f"./deploy/prometheus/alerts.yml:{path}:ro" in mounts
