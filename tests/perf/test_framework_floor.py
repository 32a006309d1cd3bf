"""The framework floor (bench/perf/framework_floor.py) answers a move as the service's shape
says, on the deployed servers, so that what it measures is a move's worth of framework work."""

import asyncio
import json
import os
from pathlib import Path

import psycopg
import pytest

from bench.perf import floor_io
from bench.perf import stack as stack_module
from bench.perf.floor_app import game
from bench.perf.framework_floor import FloorStack, floor_rest, floor_ws
from bench.perf.measure import Window
from bench.perf.stack import Stack
from bench.perf.ws import Socket
from tests.support.http import Http
from tests.support.servers import database_env

pytestmark = [pytest.mark.slow, pytest.mark.process]

OPENAPI = Path(__file__).resolve().parents[2] / "clients" / "openapi.json"


def test_the_floor_s_game_has_the_service_s_keys():
    schema = json.loads(OPENAPI.read_text())["components"]["schemas"]["GameResponse"]
    payload = game(3, 5)
    assert sorted(payload) == sorted(schema["properties"]) == sorted(schema["required"])
    assert len(payload["piles"]) == 12 and len(payload["reserve"]) == 8


@pytest.fixture
def floor(tmp_path):
    stack = FloorStack(tmp_path).start()
    yield stack
    stack.stop()


async def run_clients(play, host: str, port: int, clients: int, moves: int = 50):
    """``clients`` floor clients until they have made ``moves`` moves (20 s at most)."""
    window, stop = Window(measuring=True), asyncio.Event()
    tasks = [asyncio.create_task(play(i, host, port, window, stop)) for i in range(clients)]
    deadline = asyncio.get_running_loop().time() + 20
    while sum(window.outcomes.values()) < moves:
        if asyncio.get_running_loop().time() > deadline:
            raise AssertionError(f"the floor answered {dict(window.outcomes)} in 20 s")
        await asyncio.sleep(0.05)
    stop.set()
    await asyncio.gather(*tasks)
    return window.outcomes


def test_the_floor_answers_moves_over_rest_and_sockets(floor):
    host, port = floor.entry
    reply = Http(f"http://{host}:{port}").post(
        "/floor/games/7/moves", {"positions": ["P1", "P7"], "expected_version": 4}
    )
    assert reply.status == 200 and reply.body == game(7, 5)
    assert reply.headers["content-type"] == "application/json"

    rest = asyncio.run(run_clients(floor_rest(), host, port, 4))
    assert set(rest) == {"ok"}
    sockets = asyncio.run(run_clients(floor_ws(floor.ws_backends), host, port, 4))
    assert set(sockets) == {"ok"}
    assert len(floor.server_pids()) >= 7  # gunicorn's master and 4 workers, 2 socket replicas


@pytest.mark.postgres
@pytest.mark.redis
@pytest.mark.parametrize(
    ("transport", "route"),
    [
        ("rest", "floor-io"),
        ("rest", "floor-pipelined"),
        ("ws", "floor-io"),
        ("ws", "floor-pipelined"),
        ("ws", floor_io.ASYNC_ROUTE),  # the round trips awaited on the event loop
    ],
)
def test_the_floor_with_i_o_writes_each_move_once(
    transactional_db, tmp_path, settings, transport, route
):
    """The ``+ I/O`` floors really do a move's round trips: each answered move is one version
    and one log row of its game, and a stale version is refused without a write."""
    url = database_env()["DATABASE_URL"]
    floor_io.create_tables(url, 4)
    stack = FloorStack(tmp_path, database_url=url, redis_url=settings.REDIS_URL).start()
    try:
        host, port = stack.entry
        clients = floor_rest(route) if transport == "rest" else floor_ws(stack.ws_backends, route)
        outcomes = asyncio.run(run_clients(clients, host, port, 4))
        assert set(outcomes) == {"ok"}

        async def stale_socket_move():
            socket = await Socket.connect(*stack.ws_backends[0], f"/ws/{route}/1/")
            await socket.receive_json()
            move = {"action": "move", "request_id": 1, "positions": ["P1"], "expected_version": 0}
            socket.send_json(move)
            reply = await socket.receive_json()
            socket.close()
            return reply["code"]

        with psycopg.connect(url) as connection:
            before = connection.execute("SELECT count(*) FROM floor_event").fetchone()[0]
            if transport == "rest":
                stale = Http(f"http://{host}:{port}").post(
                    f"/{route}/games/1/moves", {"positions": ["P1"], "expected_version": 0}
                )
                assert stale.status == 409
            else:
                assert asyncio.run(stale_socket_move()) == "version_conflict"
            versions = dict(connection.execute("SELECT id, version FROM floor_game").fetchall())
            logged = dict(
                connection.execute(
                    "SELECT game_id, count(*) FROM floor_event GROUP BY game_id"
                ).fetchall()
            )
            after = connection.execute("SELECT count(*) FROM floor_event").fetchone()[0]
        assert sum(versions.values()) == outcomes["ok"] == before == after
        assert logged == {game: v for game, v in versions.items() if v}
    finally:
        stack.stop()
        with psycopg.connect(url, autocommit=True) as connection:
            connection.execute("DROP TABLE floor_event, floor_game, floor_player")


@pytest.mark.parametrize("nginx", ["exits at once", "not installed"])
def test_a_stack_whose_nginx_cannot_start_leaves_nothing_running(tmp_path, monkeypatch, nginx):
    """The measured stack starts its HTTP workers and socket replicas before nginx: when nginx
    exits at once (a stand-in that refuses to start) or is not there at all (its start raises,
    as when it could not be installed), every process already started is stopped before the
    error reaches the caller."""
    bin_dir = tmp_path / "bin"
    bin_dir.mkdir()
    if nginx == "exits at once":
        fake = bin_dir / "nginx"
        fake.write_text("#!/bin/sh\necho 'nginx: [emerg] cannot start' >&2\nexit 1\n")
        fake.chmod(0o755)
        monkeypatch.setenv("PATH", f"{bin_dir}:{os.environ['PATH']}")
        expected = pytest.raises(RuntimeError, match="nginx exited")
    else:
        monkeypatch.setattr(stack_module, "ensure_nginx", lambda: None)
        monkeypatch.setenv("PATH", str(bin_dir))  # the servers run by absolute path
        expected = pytest.raises(FileNotFoundError)
    stack = Stack(folder=tmp_path / "stack", http_server="gunicorn", ws_server="daphne")
    stack.folder.mkdir()
    with expected:
        stack.start()
    started = [p for p in stack.processes if p.popen is not None]
    names = ["daphne0", "daphne1", "gunicorn", "nginx"]
    assert sorted(p.name for p in started) == names[: 4 if nginx == "exits at once" else 3]
    for process in started:  # each was started in a session (process group) of its own
        assert process.popen.poll() is not None
        with pytest.raises(ProcessLookupError):
            os.killpg(process.popen.pid, 0)  # no worker of it is left either
