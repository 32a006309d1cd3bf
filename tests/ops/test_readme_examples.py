"""README's examples run as they stand, in order, against a server that a player has already
used (a first visit of the site made a player and a game, as the page does, so no id in the
examples may be assumed): every request must succeed (curl's ``--fail-with-body``), with only
the server's address pointed at the test's server.

The blocks are the ``sh`` blocks that call the API (``$B/``): the five calls, the socket
example (clients/python/game_socket.py: a result, then a refused move's error frame) and the
race."""

from __future__ import annotations

import json
import re
import subprocess

import pytest

from tests.support.http import Http, new_player
from tests.support.servers import REPO

pytestmark = [pytest.mark.process, pytest.mark.slow]

README = REPO / "README.md"
ADDRESS = "127.0.0.1:8000"
BASE = f"B=http://{ADDRESS}/api/v1"
#: An answer frame as game_socket.py prints it: its type and request id.
ANSWER = re.compile(r'< \{"type": ?"(result|error)".*?"request_id": ?"(\w+)"')


def shell_examples() -> list[str]:
    """The ``sh`` blocks that call the API (``$B``), in README's order."""
    blocks = re.findall(r"```sh\n(.*?)```", README.read_text(), re.S)
    return [block for block in blocks if "$B/" in block]


def test_the_examples_are_found():
    blocks = shell_examples()
    assert len(blocks) == 3 and BASE in blocks[0]
    assert "game_socket.py" in blocks[1]
    assert sum(block.count("curl ") for block in blocks) == 19


def first_visit(base_url: str) -> None:
    """What the site's page does on a first visit: a new player, and a game of a random deal."""
    page = Http(base_url)
    assert page.get("/").status == 200
    visitor = new_player(base_url, "visitor")
    assert visitor.post("/api/v1/games", {}).status == 201


def test_readme_examples_run_literally_in_sequence(shared_server):
    server = shared_server()
    first_visit(server.url)
    script = "\n".join(shell_examples()).replace(ADDRESS, server.url.removeprefix("http://"))
    # Every request must succeed: a refusal (4xx) or a failure fails the script.
    prelude = 'set -euo pipefail\ncurl() { command curl --fail-with-body "$@"; echo; }\n'
    run = subprocess.run(
        ["bash", "-c", prelude + script],
        cwd=REPO,
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert run.returncode == 0, run.stdout[-3000:] + run.stderr[-3000:]
    lines = run.stdout.strip().splitlines()
    # The socket example's answers.
    answers = [ANSWER.match(line) for line in lines if line.startswith("< ")]
    assert [a.groups() for a in answers if a] == [("result", "a1"), ("error", "a2")], lines
    rematch = json.loads(lines[-1])  # the last example's answer
    assert rematch["status"] == "open" and len(rematch["invite"]) == 6, rematch


def test_the_socket_example_says_why_it_was_closed(shared_server):
    """Watching a private game without a token: the close code is printed, the exit is 1."""
    server = shared_server()
    owner = new_player(server.url, "owner")
    game = owner.post("/api/v1/games", {}).body
    run = subprocess.run(
        [
            ".venv/bin/python",
            "clients/python/game_socket.py",
            f"{server.ws_url}/ws/games/{game['id']}/",
        ],
        cwd=REPO,
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert run.returncode == 1, run.stdout + run.stderr
    assert '"code":"game_private"' in run.stdout and "4403" in run.stderr, run.stdout + run.stderr
