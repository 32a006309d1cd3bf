"""``/metrics`` of the stack as docker-compose.yml runs it, after real traffic: gunicorn with two
workers (``deploy/gunicorn.conf.py``) sharing a multiprocess directory, and a daphne replica
(``halfmoon_service.serve``) with its own, each one scrape target; the figures are those of
the traffic sent. The HTTP workers' proofs run on each of ``HTTP_SERVERS`` (gunicorn as
deployed, granian the candidate).
"""

from __future__ import annotations

import asyncio
import json
from pathlib import Path

import pytest
import websockets
from prometheus_client.multiprocess import MultiProcessCollector

from tests.support.http import new_player
from tests.support.metrics import TOKEN, Exposition, get, promql_metric_names, scrape
from tests.support.moves import mismatched_pair, visible_pair
from tests.support.servers import HTTP_SERVERS
from tests.support.sockets import SERVER_TIMEOUT, game_path, receive_json
from tests.support.waiting import wait_until, wait_until_async

pytestmark = [pytest.mark.process, pytest.mark.slow]

REPO = Path(__file__).resolve().parents[2]
#: Moves sent over REST at least, and at most (the loop stops once both workers applied some).
FEWEST_REST_MOVES, MOST_REST_MOVES = 6, 120
SOCKET_MOVES = 3


#: What the multiprocess directory needs of the server, which granian's command line cannot
#: give: emptying it before the first worker starts (gunicorn's ``on_starting``) and the live
#: gauges of a worker that exits removed (``child_exit``; granian has no worker-exit hook).
NO_HOOK = {
    "restart": "granian runs no hook before its first worker starts (gunicorn: on_starting)",
    "replaced": "granian has no hook when a worker exits (gunicorn: child_exit)",
}


def http_servers(hook: str | None = None) -> list:
    """HTTP_SERVERS as a parameter; granian's failure expected where it lacks ``hook``."""
    return [
        pytest.param(
            kind,
            marks=[pytest.mark.xfail(strict=True, reason=NO_HOOK[hook])]
            if hook and kind == "granian"
            else [],
        )
        for kind in HTTP_SERVERS
    ]


def moves_by_worker(directory: Path) -> dict[str, float]:
    """REST moves each HTTP worker wrote to its own file (``counter_<pid>.db``)."""
    found = {}
    for file in directory.glob("counter_*.db"):
        pid = file.stem.split("_")[1]
        for family in MultiProcessCollector.merge([str(file)]):
            for sample in family.samples:
                if sample.name == "halfmoon_moves_total" and sample.labels == {"transport": "rest"}:
                    found[pid] = sample.value
    return found


def play_over_rest(base_url: str, directory: Path) -> int:
    """Moves over REST, each on a new connection (so that both workers take some), until both
    workers applied at least one and at least FEWEST_REST_MOVES were sent: how many."""
    player = new_player(base_url, "rest-mover")
    game = player.post("/api/v1/games", {"deal_code": "HM1-N-AAAAAAA"}).body
    applied = 0

    def both_workers_moved() -> bool:
        counts = moves_by_worker(directory)
        return len(counts) == 2 and all(counts.values())

    while applied < FEWEST_REST_MOVES or not both_workers_moved():
        assert applied < MOST_REST_MOVES, (
            f"one worker took every move: {moves_by_worker(directory)}"
        )
        pair = visible_pair(game)
        if pair is None:  # stalled: another deal
            game = player.post("/api/v1/games", {}).body
            player.close()
            continue
        reply = player.post(f"/api/v1/games/{game['id']}/moves", {"positions": pair})
        player.close()  # the next request on a new connection: any worker may accept it
        assert reply.status == 200, reply
        game, applied = reply.body, applied + 1
    return applied


def throttled_log_reads(base_url: str) -> int:
    """Reads of a move log (``log_read`` is 2/min here) until one is refused: how many were.
    Without Redis each worker counts its own window, so it may take up to five."""
    reader = new_player(base_url, "reader")
    game = reader.post("/api/v1/games", {}).body
    refused = 0
    for _ in range(10):
        reply = reader.get(f"/api/v1/games/{game['id']}/log")
        reader.close()
        assert reply.status in (200, 429), reply
        if reply.status == 429:
            assert reply.body["code"] == "throttled"
            refused += 1
            break
    assert refused == 1, "no read of the log was throttled"
    return refused


async def play_over_a_socket(server, token: str, game: dict) -> dict:
    """SOCKET_MOVES moves and one refused move over the owner's game socket; what the client
    received, by frame type, checked against the daphne replica's scrapes on the way."""
    url = f"{server.ws_url}{game_path(game['id'])}?token={token}"
    received: dict[str, int] = {}

    async def frame(socket) -> dict:
        message = await receive_json(socket, SERVER_TIMEOUT)
        received[message["type"]] = received.get(message["type"], 0) + 1
        return message

    async def sockets_open() -> float:
        exposition = await asyncio.to_thread(scrape, server.url)
        return exposition.value("halfmoon_sockets_open", kind="game")

    async with websockets.connect(url) as socket:
        assert (await frame(socket))["type"] == "game"
        await wait_until_async(
            lambda: _equals(sockets_open(), 1), 10, "the open socket is not counted"
        )
        for number in range(SOCKET_MOVES):
            pair = visible_pair(game)
            assert pair is not None
            await socket.send(
                json.dumps({"action": "move", "positions": pair, "request_id": number})
            )
            while True:  # its result, and its broadcast (in either order)
                message = await frame(socket)
                if message["type"] == "result":
                    assert message["request_id"] == number
                    game = message["game"]
                if received.get("result", 0) == number + 1 and received["game"] == number + 2:
                    break
        await socket.send(json.dumps({"action": "move", "positions": mismatched_pair(game)}))
        error = await frame(socket)
        assert error["type"] == "error"
        received["refused_code"] = error["code"]  # type: ignore[assignment]
    await wait_until_async(
        lambda: _equals(sockets_open(), 0), 10, "the closed socket is still counted"
    )
    return received


async def _equals(value, expected) -> bool:
    return (await value) == expected


@pytest.mark.parametrize("kind", http_servers())
def test_http_workers_and_a_daphne_replica_report_the_traffic_sent(start_server, tmp_path, kind):
    env = {"HALFMOON_METRICS_TOKEN": TOKEN, "HALFMOON_THROTTLE_LOG_READ": "2/min"}
    http = start_server(kind, PROMETHEUS_MULTIPROC_DIR=tmp_path / "http", **env)
    web = start_server("drain", PROMETHEUS_MULTIPROC_DIR=tmp_path / "web", **env)
    for server in (http, web):  # not public
        assert get(server.url, token=None)[0] == 401
        assert get(server.url, token="Bearer-of-a-wrong-token-000000")[0] == 401

    rest_moves = play_over_rest(http.url, tmp_path / "http")
    refused = throttled_log_reads(http.url)

    player = new_player(http.url, "socket-mover")
    game = player.post("/api/v1/games", {"deal_code": "HM1-N-AAAAAAA"}).body
    received = asyncio.run(play_over_a_socket(web, player.token, game))

    # The HTTP workers: one scrape (of either worker) adds up both workers' files.
    by_worker = moves_by_worker(tmp_path / "http")
    assert len(by_worker) == 2 and sum(by_worker.values()) == rest_moves
    for _ in range(4):  # whichever worker answers, the same figures
        figures = scrape(http.url)
        assert figures.value("halfmoon_moves_total", transport="rest") == rest_moves
        assert figures.value("halfmoon_moves_total", transport="socket") == 0
        assert (
            figures.value(
                "halfmoon_http_requests_total", route="game-moves", method="POST", status="200"
            )
            == rest_moves
        )
        assert (
            figures.value(
                "halfmoon_http_request_duration_seconds_count", route="game-moves", method="POST"
            )
            == rest_moves
        )
        assert figures.value("halfmoon_refusals_total", code="throttled", transport="rest") == (
            refused
        )
        assert (
            figures.value("halfmoon_http_requests_total", route="game-log", status="429") == refused
        )
    routes = figures.label_values("halfmoon_http_requests_total", "route")
    assert {"players", "games", "game-moves", "game-log", "metrics"} <= routes
    assert not [route for route in routes if "/" in route]
    assert figures.value("halfmoon_database_up") == 1
    assert figures.value("halfmoon_redis_breaker_open") == 0

    # The daphne replica: its socket, frames and moves.
    sent_to_client = sum(v for k, v in received.items() if k != "refused_code")
    socket_figures = wait_until(
        lambda: _settled(web.url, sent_to_client),
        10,
        lambda: f"frames sent never reached {sent_to_client}: {received}",
    )
    assert socket_figures.value("halfmoon_moves_total", transport="socket") == SOCKET_MOVES
    assert socket_figures.value("halfmoon_moves_total", transport="rest") == 0
    assert socket_figures.value("halfmoon_socket_frames_received_total", kind="game") == (
        SOCKET_MOVES + 1
    )
    code = received["refused_code"]
    assert socket_figures.value("halfmoon_refusals_total", code=code, transport="socket") == 1
    (open_games,) = [
        s for s in socket_figures.samples("halfmoon_sockets_open") if s.labels["kind"] == "game"
    ]
    assert open_games.value == 0 and socket_figures.value("halfmoon_sockets_open") == 0

    # Every metric the dashboard reads is in what the two targets expose.
    dashboard = json.loads((REPO / "deploy/grafana/halfmoon-dashboard.json").read_text())
    expressions = [
        target["expr"] for panel in dashboard["panels"] for target in panel.get("targets", [])
    ]
    exposed = figures.sample_names() | socket_figures.sample_names()
    missing = set().union(*map(promql_metric_names, expressions)) - exposed
    assert not missing, sorted(missing)
    print("\n".join(line for line in figures.text.splitlines() if "halfmoon_" in line))
    print("\n".join(line for line in socket_figures.text.splitlines() if "halfmoon_" in line))


def _settled(url: str, frames_sent: int) -> Exposition | None:
    figures = scrape(url)
    sent = figures.value("halfmoon_socket_frames_sent_total", kind="game")
    return figures if sent == frames_sent else None


@pytest.mark.parametrize("kind", http_servers("restart"))
def test_an_http_server_restart_starts_from_an_empty_directory(start_server, tmp_path, kind):
    """Values of a previous run (a file of an old pid) are never read back."""
    directory = tmp_path / "http"
    directory.mkdir()
    (directory / "counter_1.db").write_bytes(b"left over from a previous run")
    http = start_server(kind, PROMETHEUS_MULTIPROC_DIR=directory, HALFMOON_METRICS_TOKEN=TOKEN)
    assert not (directory / "counter_1.db").exists()
    assert scrape(http.url).value("halfmoon_moves_total") == 0


@pytest.mark.parametrize("kind", http_servers("replaced"))
def test_a_replaced_worker_leaves_its_counts_in_the_totals(start_server, tmp_path, kind):
    """A worker that dies (SIGKILL) is replaced by the server: its live gauges leave the sums
    (gunicorn's ``child_exit``), its counters stay, so a total never goes down."""
    import os
    import signal

    directory = tmp_path / "http"
    http = start_server(kind, PROMETHEUS_MULTIPROC_DIR=directory, HALFMOON_METRICS_TOKEN=TOKEN)
    player = new_player(http.url, "before-the-kill")
    game = player.post("/api/v1/games", {"deal_code": "HM1-N-AAAAAAA"}).body
    reply = player.post(f"/api/v1/games/{game['id']}/moves", {"positions": visible_pair(game)})
    assert reply.status == 200
    player.close()
    (moved,) = [pid for pid, count in moves_by_worker(directory).items() if count == 1]
    assert (directory / f"gauge_livemax_{moved}.db").exists()
    os.kill(int(moved), signal.SIGKILL)
    wait_until(
        lambda: (
            not (directory / f"gauge_livemax_{moved}.db").exists()
            and len(list(directory.glob("gauge_livemax_*.db"))) == 2
        ),
        20,
        lambda: f"the killed worker's live gauges stayed: {sorted(os.listdir(directory))}",
    )
    for _ in range(3):
        assert scrape(http.url).value("halfmoon_moves_total", transport="rest") == 1


def test_the_public_entry_point_never_serves_the_metrics(start_server):
    """nginx refuses /metrics even with the right token; the server itself answers it."""
    from tests.reliability.test_entry_point import need_nginx
    from tests.support import nginx

    need_nginx()
    http = start_server("gunicorn", HALFMOON_METRICS_TOKEN=TOKEN)
    with nginx.Nginx(http.url) as proxy:
        assert get(proxy.url)[0] == 404
        assert get(http.url)[0] == 200
