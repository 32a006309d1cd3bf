"""Upgrades without downtime: the previous release serves on the schema the next one migrated
(docs/OPERATIONS.md, "Upgrade": migrations expand, then contract).

In a rolling upgrade ``migrate`` runs once, then the replicas of the previous release are
replaced one by one: until the last is gone, the previous release's code serves on the new
schema, beside the new code. So:

* every migration added since the previous release (``deploy/previous-release``) expands only
  — or says why it is safe for the previous release (``compatible_because``), or that it needs
  downtime (``downtime``): :func:`tests.support.upgrades.incompatibilities`;
* the previous release's code, checked out from git, serves on the current schema (the test
  database, migrated by this checkout): its own smoke client plays a game over HTTP and a
  socket, players create, play, read and resign games through it, and the current code (a
  server beside it, and ``verify_games``) reads what it wrote, and it reads what the current
  code wrote.
"""

from __future__ import annotations

import random
import subprocess
import sys
from pathlib import Path

import pytest
from django.db import migrations, models
from django.db.migrations.state import ModelState, ProjectState

from tests.conftest import IN_CI
from tests.support import upgrades
from tests.support.http import API, Http, new_player
from tests.support.moves import choose_action
from tests.support.servers import REPO, ServerProcess, database_env


@pytest.fixture(scope="module")
def previous() -> str:
    commit = upgrades.previous_release()
    if not upgrades.in_history(commit):
        message = f"the previous release {commit} is not in this clone (git fetch --unshallow)"
        if IN_CI:
            pytest.fail(message, pytrace=False)
        pytest.skip(message)
    return commit


def test_migrations_since_the_previous_release_expand_or_say_why_not(previous):
    added = upgrades.new_migrations(previous)
    problems = [problem for migration in added for problem in upgrades.incompatibilities(migration)]
    assert problems == [], (
        "migrations since the previous release break its code while it still serves "
        "(docs/OPERATIONS.md, 'Upgrade'): split them (expand now, contract in a later release), "
        "or declare compatible_because / downtime on the migration:\n" + "\n".join(problems)
    )


def _state() -> ProjectState:
    """A project with one table the previous release uses."""
    state = ProjectState()
    state.add_model(
        ModelState(
            "games",
            "widget",
            [
                ("id", models.BigAutoField(primary_key=True)),
                ("name", models.CharField(max_length=10)),
                ("note", models.CharField(max_length=10, null=True)),
            ],
        )
    )
    return state


def _migration(*operations, **declared) -> migrations.Migration:
    migration = migrations.Migration("0999_change", "games")
    migration.operations = list(operations)
    for name, value in declared.items():
        setattr(migration, name, value)
    return migration


@pytest.mark.parametrize(
    "operation",
    [
        migrations.RemoveField("widget", "name"),
        migrations.RenameField("widget", "name", "title"),
        migrations.DeleteModel("widget"),
        migrations.AddField("widget", "size", models.IntegerField(default=1)),
        migrations.AlterField("widget", "name", models.IntegerField()),
        migrations.AlterField("widget", "note", models.CharField(max_length=10)),
        migrations.AddConstraint(
            "widget", models.UniqueConstraint(fields=["name"], name="one_name")
        ),
    ],
    ids=lambda operation: operation.describe(),
)
def test_what_breaks_the_previous_release_is_named_unless_declared(operation):
    assert upgrades.incompatibilities(_migration(operation), _state())
    downtime = _migration(operation, downtime="rewrites the table: stop the replicas first")
    assert upgrades.incompatibilities(downtime, _state()) == []


@pytest.mark.parametrize(
    "operation",
    [
        migrations.AddField("widget", "size", models.IntegerField(null=True)),
        migrations.AddField("widget", "size", models.IntegerField(db_default=1)),
        migrations.AlterField("widget", "name", models.CharField(max_length=10, help_text="x")),
        migrations.AddIndex("widget", models.Index(fields=["name"], name="widget_name")),
        migrations.CreateModel("gadget", [("id", models.BigAutoField(primary_key=True))]),
    ],
    ids=lambda operation: operation.describe(),
)
def test_what_only_expands_passes(operation):
    assert upgrades.incompatibilities(_migration(operation), _state()) == []


@pytest.mark.postgres
@pytest.mark.process
@pytest.mark.slow
@pytest.mark.django_db(transaction=True)
def test_the_previous_release_serves_on_the_current_schema(previous, tmp_path: Path):
    old_code = upgrades.extract(previous, tmp_path)
    env = database_env()  # the test database: this checkout's migrations applied
    with (
        ServerProcess(env, cwd=old_code) as old,
        ServerProcess(env) as new,
    ):
        # The previous release's own smoke client, against its own code: a game over HTTP and
        # a socket.
        smoke = subprocess.run(
            [sys.executable, str(old_code / ".ci" / "smoke_client.py"), old.url],
            cwd=old_code, capture_output=True, text=True, timeout=120,
        )  # fmt: skip
        assert smoke.returncode == 0, smoke.stdout + smoke.stderr + old.output()[-3000:]

        rng = random.Random(39)
        player = new_player(old.url, "upgrade")
        games = [_played(player, rng) for _ in range(2)]  # written by the previous release
        daily = player.post(f"{API}/games", {"daily": True})
        assert daily.status == 201, daily
        resigned = player.post(f"{API}/games/{daily.body['id']}/resign", {})
        assert resigned.status == 200, resigned

        # The current code reads what the previous release wrote, and writes on.
        current = Http(new.url, player.token)
        for game in games:
            read = current.get(f"{API}/games/{game['id']}")
            assert read.status == 200 and read.body["version"] == game["version"], read
            log = current.get(f"{API}/games/{game['id']}/log")
            assert log.status == 200, log
        moved = _change(current, games[0], rng)

        # The previous release reads what the current code wrote, and plays on.
        read = player.get(f"{API}/games/{games[0]['id']}")
        assert read.status == 200 and read.body["version"] == moved["version"], read
        _change(player, read.body, rng)
        me = player.get(f"{API}/players/me")
        assert me.status == 200, me
        stats = current.get(f"{API}/players/{me.body['id']}/stats")
        assert stats.status == 200, stats
        for client in (player, current):
            client.close()
        assert "Traceback" not in old.output(), old.output()[-3000:]

    verified = subprocess.run(
        [sys.executable, "manage.py", "verify_games"],
        cwd=REPO, env=env, capture_output=True, text=True, timeout=120,
    )  # fmt: skip
    assert verified.returncode == 0, verified.stdout + verified.stderr
    assert " 0 mismatched" in verified.stdout


def _change(client: Http, game: dict, rng: random.Random) -> dict:
    endpoint, body = choose_action(game, rng)
    reply = client.post(
        f"{API}/games/{game['id']}/{endpoint}", {**body, "expected_version": game["version"]}
    )
    assert reply.status == 200, reply
    return reply.body["game"] if endpoint == "taps" else reply.body


def _played(client: Http, rng: random.Random) -> dict:
    created = client.post(f"{API}/games", {})
    assert created.status == 201, created
    game = created.body
    for _ in range(5):
        game = _change(client, game, rng)
    return game
