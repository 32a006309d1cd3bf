"""README's curl examples run as they stand, in order, against a fresh embedded-default
server (SQLite, in-memory channel layer): every request must succeed (curl's
``--fail-with-body``), with only the address of ``$B`` pointed at the test's server."""

from __future__ import annotations

import json
import re
import subprocess
import sys

import pytest

from tests.support.servers import REPO, ServerProcess, database_env

pytestmark = [pytest.mark.process, pytest.mark.slow]

README = REPO / "README.md"
BASE = "B=http://127.0.0.1:8000/api/v1"


def shell_examples() -> list[str]:
    """The ``sh`` blocks that call the API (``$B``), in README's order."""
    blocks = re.findall(r"```sh\n(.*?)```", README.read_text(), re.S)
    return [block for block in blocks if "$B/" in block]


def test_the_examples_are_found():
    blocks = shell_examples()
    assert len(blocks) == 2 and BASE in blocks[0]
    assert sum(block.count("curl ") for block in blocks) == 18


def test_readme_examples_run_literally_in_sequence(tmp_path):
    env = {
        **database_env(),
        "SQLITE_PATH": str(tmp_path / "readme.sqlite3"),
        "HALFMOON_BACKGROUND_JOBS": "off",
    }
    for name in ("DATABASE_URL", "REDIS_URL", "HALFMOON_CHANNEL_PREFIX"):
        env.pop(name, None)
    migrated = subprocess.run(
        [sys.executable, "manage.py", "migrate", "--noinput"],
        cwd=REPO,
        env=env,
        capture_output=True,
        text=True,
        timeout=300,
    )
    assert migrated.returncode == 0, migrated.stderr
    with ServerProcess(env) as server:
        script = "\n".join(shell_examples()).replace(BASE, f"B={server.url}/api/v1")
        # Every request must succeed: a refusal (4xx) or a failure fails the script.
        prelude = 'set -euo pipefail\ncurl() { command curl --fail-with-body "$@"; echo; }\n'
        run = subprocess.run(
            ["bash", "-c", prelude + script],
            cwd=tmp_path,
            capture_output=True,
            text=True,
            timeout=120,
        )
    assert run.returncode == 0, run.stdout[-3000:] + run.stderr[-3000:]
    rematch = json.loads(run.stdout.strip().splitlines()[-1])  # the last example's answer
    assert rematch["status"] == "open" and len(rematch["invite"]) == 6, rematch
