"""The example bots of the generated clients (README "Clients") play a game to its end against
a real daphne process: clients/python/bot.py on openapi-python-client's package,
clients/typescript/bot.ts on openapi-typescript's types and openapi-fetch (run with the locked
tsx). What they report is checked through the API: the game is over, with as many moves."""

from __future__ import annotations

import json
import os
import subprocess
import sys

import pytest

from games.models import Game
from games.players import services as players
from tests.conftest import IN_CI
from tests.support.http import Http
from tests.support.servers import REPO

DEAL = "HM1-N-AAAAAAA"
TYPESCRIPT = REPO / "clients" / "typescript"
TSX = TYPESCRIPT / "node_modules" / ".bin" / "tsx"

pytestmark = [pytest.mark.process, pytest.mark.slow]


def python_bot(base_url: str, name: str) -> tuple[list[str], os.PathLike]:
    script = REPO / "clients" / "python" / "bot.py"
    return [
        sys.executable,
        str(script),
        "--base-url",
        base_url,
        "--deal",
        DEAL,
        "--name",
        name,
    ], REPO


def typescript_bot(base_url: str, name: str) -> tuple[list[str], os.PathLike]:
    if not TSX.exists():
        message = f"{TSX} (npm ci in clients/typescript: make clients)"
        if IN_CI:
            pytest.fail(f"{message} is required in CI", pytrace=False)
        pytest.skip(f"{message} not installed")
    return [str(TSX), "bot.ts", "--base-url", base_url, "--deal", DEAL, "--name", name], TYPESCRIPT


def run_bot(command: list[str], cwd: os.PathLike) -> dict:
    """Runs a bot to its end; returns what its last line, ``result {...}``, says."""
    done = subprocess.run(command, cwd=cwd, capture_output=True, text=True, timeout=120)
    assert done.returncode == 0, done.stdout + done.stderr
    last = done.stdout.strip().splitlines()[-1]
    assert last.startswith("result "), done.stdout
    return json.loads(last.removeprefix("result "))


@pytest.mark.parametrize("bot", [python_bot, typescript_bot], ids=["python", "typescript"])
def test_bot_plays_a_game_to_its_end(bot, daphne_server):
    name = f"{bot.__name__.removesuffix('_bot')}-bot"
    reported = run_bot(*bot(daphne_server, name))

    assert reported["status"] in ("won", "resigned"), reported
    game = Game.objects.select_related("owner").get(pk=reported["game"])
    assert game.owner.name == name
    # The owner's view through the real server (games are private): over, with the same moves.
    token = players.issue_token(game.owner, "test", "password")
    served = Http(daphne_server, token).get(f"/api/v1/games/{game.pk}")
    assert served.status == 200, served.body
    assert served.body["deal_code"] == DEAL
    assert served.body["status"] == reported["status"]
    assert served.body["finished_at"] is not None
    assert served.body["moves"] == reported["moves"] > 0
    assert served.body["score"] == reported["score"]
