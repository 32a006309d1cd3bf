"""Production refuses every key written in the repository: anyone can read those."""

import json
import re
import subprocess
from pathlib import Path

import pytest

from halfmoon_service.secrets import deal_key_problem, secret_key_problem

REPO = Path(__file__).resolve().parents[2]
ASSIGNED = re.compile(r"""(SECRET_KEY|HALFMOON_DEAL_KEY)["']?\s*[=:]\s*["']([^"'$\s{}…]{4,})["']""")


def keys_written_in_the_repository() -> list[tuple[str, str, str]]:
    files = subprocess.run(
        ["git", "ls-files"], cwd=REPO, capture_output=True, text=True, check=True
    ).stdout.split()
    found = []
    for name in files:
        path = REPO / name
        if path.suffix in (".png", ".mo", ".ico") or not path.is_file():
            continue
        for setting, value in ASSIGNED.findall(path.read_text(encoding="utf-8", errors="ignore")):
            found.append((name, setting, value))
    vectors = json.loads((REPO / "tests" / "data" / "deal-vectors.json").read_text())
    found += [
        ("tests/data/deal-vectors.json", "HALFMOON_DEAL_KEY", deal["key"])
        for deal in vectors["deals"]
    ]
    return found


def test_the_scan_finds_keys_where_they_are_written():
    assert any(value == "another-secret" for _, _, value in keys_written_in_the_repository())


@pytest.mark.parametrize("where, setting, value", keys_written_in_the_repository())
def test_every_key_written_in_the_repository_is_refused(where, setting, value):
    problem = (
        secret_key_problem(value) if setting == "SECRET_KEY" else deal_key_problem(value.encode())
    )
    assert problem, f"{setting} {value!r} from {where} would be accepted in production"


@pytest.mark.parametrize("key", ["change-me-to-a-long-random-string-before-exposing-this-service"])
def test_the_old_compose_default_is_refused(key):
    assert secret_key_problem(key)
