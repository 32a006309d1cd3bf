"""The restore drill: a pgBackRest backup of a cluster serving the service, restored to a
moment after it into a fresh cluster, which the service then serves (docs/OPERATIONS.md, "Back
up and restore"; figures in docs/RELIABILITY.md, section 11).

Every backup and restore command is ``deploy/ha/backup.sh``, the runbook's script, run as the
postgres user (:mod:`tests.support.backups`). The drill, on one small cluster:

1. a cluster serving the service (a real server process) archives its WAL and is backed up in
   full; players play on after the backup (moves A), the moment is noted, then they play on
   (moves B, and a new game);
2. ``backup.sh restore MOMENT`` into an empty directory; PostgreSQL started on it replays the
   archived WAL up to the moment and takes writes;
3. asserted: every change up to the moment is there — the backup's and the moves A — and none
   after it; every game replays (``manage.py verify_games``, as the runbook says); a server
   process started on the restored database answers ``/readyz``, serves a game as it was at
   the moment, and takes its next move.
"""

from __future__ import annotations

import math
import random
import re
import subprocess
import sys
import time

import pytest

from tests.conftest import IN_CI
from tests.support import backups
from tests.support.http import API, Http, new_player
from tests.support.moves import choose_action
from tests.support.servers import REPO, copy_test_database
from tests.support.waiting import wait_until

OPERATIONS = REPO / "docs" / "OPERATIONS.md"
#: What the drill runs of the script (every subcommand the runbook shows but ``diff``/``info``).
DRILLED = {"archiving", "init", "full", "check", "restore"}

PLAYERS = 3
#: Changes per player in each phase (before the backup, after it up to the moment, after it).
CHANGES = 4


@pytest.fixture
def drill():
    reason = backups.missing()
    if reason:
        if IN_CI:
            pytest.fail(f"the restore drill is required in CI: {reason}", pytrace=False)
        pytest.skip(f"restore drill: {reason} (run bash .ci/run as root)")
    with backups.Backups() as made:
        yield made


def play(clients: dict[int, Http], games: dict[int, dict], rng: random.Random) -> None:
    """:data:`CHANGES` acknowledged changes of each player's game (``clients`` by game id);
    ``games`` follows them."""
    for game_id, client in clients.items():
        for _ in range(CHANGES):
            game = games[game_id]
            endpoint, body = choose_action(game, rng)
            reply = client.post(
                f"{API}/games/{game['id']}/{endpoint}",
                {**body, "expected_version": game["version"]},
            )
            assert reply.status == 200, reply
            games[game["id"]] = reply.body["game"] if endpoint == "taps" else reply.body


def server_clock(cluster: backups.LocalCluster) -> float:
    """The cluster's clock (seconds since the epoch)."""
    return float(cluster.psql("SELECT extract(epoch FROM clock_timestamp())"))


def stored_versions(cluster: backups.LocalCluster) -> dict[int, int]:
    rows = cluster.psql("SELECT id, version FROM games_game ORDER BY id")
    return {int(i): int(v) for i, v in (line.split("|") for line in rows.splitlines() if line)}


def verify_games(url: str) -> subprocess.CompletedProcess:
    """``python manage.py verify_games`` on the database at ``url``, as the runbook runs it."""
    from tests.support.servers import database_env

    return subprocess.run(
        [sys.executable, "manage.py", "verify_games"],
        cwd=REPO, env={**database_env(), "DATABASE_URL": url},
        capture_output=True, text=True, timeout=120,
    )  # fmt: skip


def test_the_runbook_backs_up_and_restores_with_the_drilled_script():
    """docs/OPERATIONS.md's backup and restore commands are deploy/ha/backup.sh's, and the
    drill below runs each that changes anything."""
    shown = set(re.findall(r"deploy/ha/backup\.sh (\w+)", OPERATIONS.read_text()))
    script = backups.BACKUP_SCRIPT.read_text()
    known = set(re.findall(r"^  ([a-z]+(?: \| [a-z]+)*)\)$", script, re.M))
    known = {name for labels in known for name in labels.split(" | ")}
    assert shown <= known, shown - known
    assert shown >= DRILLED and shown - DRILLED <= {"diff", "info"}, shown


# The marker has pytest-django make the test database, which the cluster copies its schema from.
@pytest.mark.postgres
@pytest.mark.process
@pytest.mark.slow
@pytest.mark.django_db(transaction=True)
def test_a_point_in_time_restore_into_a_fresh_cluster_is_served(drill, start_server):
    rng = random.Random(39)
    source = drill.cluster("source").make()
    drill.configure(source)
    copy_test_database(source.url())
    drill.script(source, "archiving")
    source.restart()  # archive_mode takes a restart
    drill.script(source, "init")

    serving = start_server("daphne", DATABASE_URL=source.url())
    clients: dict[int, Http] = {}
    games: dict[int, dict] = {}
    for number in range(PLAYERS):
        client = new_player(serving.url, f"drill{number}")
        created = client.post(f"{API}/games", {})
        assert created.status == 201, created
        clients[created.body["id"]] = client
        games[created.body["id"]] = created.body
    play(clients, games, rng)

    started = time.monotonic()
    drill.script(source, "full")
    backed_up = time.monotonic() - started
    after_backup = server_clock(source)

    play(clients, games, rng)  # moves A: after the backup, before the moment
    at_moment = {game_id: game["version"] for game_id, game in games.items()}
    # pgBackRest picks the backup to restore from by whole seconds (its stop time before the
    # moment's second): the moment is in a later second than the backup's end.
    wait_until(
        lambda: server_clock(source) >= math.floor(after_backup) + 1, 5, "the clock stood still"
    )
    moment = source.psql("SELECT clock_timestamp()")
    play(clients, games, rng)  # moves B: after the moment
    first_id, first = next(iter(clients.items()))
    later = first.post(f"{API}/games", {})
    assert later.status == 201, later
    drill.script(source, "check")  # the WAL through moves B archived (a restore needs a
    # commit after the moment to know it got there)
    assert stored_versions(source) == {**{g: v["version"] for g, v in games.items()},
                                       later.body["id"]: 0}  # fmt: skip

    restored = drill.cluster("restored").make_folder()
    started = time.monotonic()
    drill.script(restored, "restore", moment, str(restored.pgdata), "--archive-mode=off")
    copied = time.monotonic() - started
    started = time.monotonic()
    restored.start()
    backups.wait_writable(restored, 60)
    recovered = time.monotonic() - started

    # Everything up to the moment, nothing after it.
    assert stored_versions(restored) == at_moment
    entries = restored.psql("SELECT game_id, max(seq) FROM games_gameevent GROUP BY game_id")
    assert {int(g): int(s) for g, s in (line.split("|") for line in entries.splitlines())} == {
        g: v for g, v in at_moment.items() if v
    }
    # Every game replays from its deal and log.
    verified = verify_games(restored.url())
    assert verified.returncode == 0, verified.stdout + verified.stderr
    assert f"Verified {len(at_moment)} games: {len(at_moment)} consistent" in verified.stdout

    # The service starts on it: ready, serving a game as it was at the moment, taking moves.
    started = time.monotonic()
    server = start_server("daphne", DATABASE_URL=restored.url())
    served_in = time.monotonic() - started
    ready = Http(server.url).get("/readyz")
    assert ready.status == 200, ready
    player = Http(server.url, first.token)
    game = player.get(f"{API}/games/{first_id}")
    assert game.status == 200, game
    assert game.body["version"] == at_moment[first_id]
    endpoint, body = choose_action(game.body, rng)
    moved = player.post(
        f"{API}/games/{game.body['id']}/{endpoint}",
        {**body, "expected_version": game.body["version"]},
    )
    assert moved.status == 200, moved
    for client in (*clients.values(), player):  # a server stops at once with no socket open
        client.close()
    print(
        f"\nrestore drill: full backup {backed_up:.1f} s; restore to the moment "
        f"(pgbackrest restore) {copied:.1f} s; WAL replayed and promoted {recovered:.1f} s; "
        f"service ready on it {served_in:.1f} s after its start; {len(at_moment)} games, "
        f"{sum(at_moment.values())} changes restored, {PLAYERS * CHANGES} made after the moment "
        f"and a game started absent, as they should be"
    )
