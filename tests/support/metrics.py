"""Reading the service's ``/metrics`` as Prometheus does: the exposition parsed by
``prometheus_client.parser``, its figures looked up by sample name and labels.

:func:`scrape` asks a real server process (gunicorn, daphne); :func:`scrape_client` Django's
test client (in process: this process's metrics only, no multiprocess directory).
"""

from __future__ import annotations

import http.client
import re
from dataclasses import dataclass
from urllib.parse import urlsplit

from prometheus_client.parser import text_string_to_metric_families

#: The token the tests' servers are started with (``HALFMOON_METRICS_TOKEN``).
TOKEN = "metrics-token-for-the-tests-0123456789"

#: The sample names each type of family exposes (no ``_created``: the service turns them off).
_SUFFIXES = {
    "counter": ("_total",),
    "gauge": ("",),
    "histogram": ("_bucket", "_count", "_sum"),
    "summary": ("", "_count", "_sum"),
    "info": ("_info",),
    "stateset": ("",),
    "unknown": ("",),
}


@dataclass
class Exposition:
    text: str

    def __post_init__(self):
        self.families = list(text_string_to_metric_families(self.text))

    def value(self, name: str, **labels: str) -> float:
        """The sum of the samples named ``name`` whose labels include ``labels`` (0 if none)."""
        return sum(
            sample.value
            for family in self.families
            for sample in family.samples
            if sample.name == name and all(sample.labels.get(k) == v for k, v in labels.items())
        )

    def samples(self, name: str) -> list:
        return [s for family in self.families for s in family.samples if s.name == name]

    def label_values(self, name: str, label: str) -> set[str]:
        return {s.labels[label] for s in self.samples(name) if label in s.labels}

    def sample_names(self) -> set[str]:
        """Every sample name a family of this exposition can show, samples or not yet."""
        return {
            family.name + suffix
            for family in self.families
            for suffix in _SUFFIXES.get(family.type, ("",))
        } | {sample.name for family in self.families for sample in family.samples}


def get(base_url: str, token: str | None = TOKEN) -> tuple[int, str, dict]:
    """(status, body, headers) of ``GET /metrics`` on a server, a new connection each time."""
    parts = urlsplit(base_url)
    connection = http.client.HTTPConnection(parts.hostname, parts.port, timeout=15)
    headers = {"Authorization": f"Bearer {token}"} if token else {}
    try:
        connection.request("GET", "/metrics", headers=headers)
        response = connection.getresponse()
        body = response.read().decode()
        return response.status, body, {k.lower(): v for k, v in response.getheaders()}
    finally:
        connection.close()


def scrape(base_url: str, token: str = TOKEN) -> Exposition:
    status, body, _ = get(base_url, token)
    assert status == 200, (status, body)
    return Exposition(body)


def scrape_client(client, token: str = TOKEN) -> Exposition:
    response = client.get("/metrics", HTTP_AUTHORIZATION=f"Bearer {token}")
    assert response.status_code == 200, (response.status_code, response.content)
    return Exposition(response.content.decode())


# -- PromQL --------------------------------------------------------------------------------
_KEYWORDS = {
    "by", "without", "on", "ignoring", "group_left", "group_right", "offset", "bool", "and",
    "or", "unless", "inf", "nan",
}  # fmt: skip


def promql_metric_names(expression: str) -> set[str]:
    """The metric names a PromQL expression reads: what is left once strings, label matchers,
    ranges, grouping clauses, function names, keywords and numbers are taken out."""
    text = re.sub(r'"(?:[^"\\]|\\.)*"', "", expression)
    text = re.sub(r"\{[^}]*\}", " ", text)
    text = re.sub(r"\[[^\]]*\]", " ", text)
    text = re.sub(r"\b(?:by|without|on|ignoring|group_left|group_right)\s*\([^)]*\)", " ", text)
    names = set()
    for match in re.finditer(r"[A-Za-z_:][A-Za-z0-9_:]*", text):
        word = match.group()
        if text[match.end() :].lstrip().startswith("("):
            continue  # a function
        if word.lower() in _KEYWORDS or re.fullmatch(r"\d+[smhdwy]", word):
            continue
        names.add(word)
    return names
