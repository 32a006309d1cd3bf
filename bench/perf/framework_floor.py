"""The framework floor: what Django + DRF and Channels cost for a move that does nothing, in
one run with the service's full move and, given the workspace's peers, the Node and Starlette
peers' full moves.

Issue 17 asks the service to be ahead of a Node peer on moves per second while DRF stays the
REST framework and the domain services stay the one write path. This measures how much of the
machine is spent before the service does anything of its own:

* ``floor REST gunicorn`` — gunicorn as deployed (``deploy/gunicorn.conf.py``, 4 ``gthread``
  workers) serving :mod:`bench.perf.floor_app`: a DRF ``APIView`` that parses the move's JSON
  body and answers a game-sized representation; no database, Redis, token, throttle or log.
* ``floor REST granian`` — the same view on granian's WSGI server (HTTP in Rust; 4 workers),
  the fastest WSGI server measured here (when granian is installed: it is not a dependency).
* ``floor REST … + I/O`` — that view doing a move's round trips first, as the service's
  request does them (:mod:`bench.perf.floor_io`: psycopg and redis-py, no ORM, no engine);
  ``… + I/O pipelined``: the same statements in four round trips instead of seven.
* ``floor WS`` — two socket replicas as deployed (``python -m halfmoon_service.serve``, with
  its immediate writes) serving the floor's Channels consumer: each move frame is answered with
  the ``result`` frame and the ``game`` frame a watcher gets.
* ``floor WS + I/O`` (``… pipelined``) — that consumer doing a move's round trips first, on a
  pool thread as the service does.
* ``floor WS + I/O async`` — that consumer awaiting the same round trips on the event loop
  (psycopg's ``AsyncConnection``, ``redis.asyncio``; no thread hop): the async limit. If it
  costs less than ``floor WS + I/O``, it is the socket's limit.
* ``project REST`` / ``project WS`` — the service's full move on the deployed split stack
  (``bench.perf.stack``), with the clients of ``rest_moves`` and ``ws_moves``.
* ``node …`` / ``starlette …`` — with ``--peers DIR`` (the workspace's ``peers/`` folder, outside
  this repository; default ``$HALFMOON_PEERS``), the peers' full moves, started and measured by
  that folder's ``compare.py``.

Every target gets 64 clients on keep-alive connections (3 s warm-up, 15 s measured); each line
gives moves/s, p99 and the CPU time per move of the server processes, read from /proc. The
floor's clients connect straight to its servers, as the peers' do (the project's go through
nginx, whose CPU is reported apart). The closing lines set each floor against the peers' full
moves, and give the most moves per second the machine's cores could serve if the service's move
cost no more server CPU than the floor (the floor's server CPU plus the PostgreSQL and load
generator CPU the service's own move measured).

    .venv/bin/python -m bench.perf.framework_floor [--peers <workspace>/peers] [--seconds 15]
        [--floors-only]
"""

from __future__ import annotations

import argparse
import asyncio
import importlib.util
import os
import sys
import time
from dataclasses import dataclass, field
from pathlib import Path

from tests.support.http import AsyncHttp
from tests.support.ports import free_port

from . import floor_io, rest_moves, ws_moves
from .env import DATABASE_URL, PYTHON, REDIS_URL, prepare, reset, server_env
from .measure import Window, emit, load_average, measure_moves
from .stack import Process, Stack, _children, http_command, replica_command, wait_ready
from .ws import Socket

CLIENTS = 64
CORES = os.cpu_count() or 1
FLOOR_REST = {"gunicorn": "floor REST gunicorn", "granian": "floor REST granian"}
FLOOR_WS = "floor WS"


@dataclass
class FloorStack:
    """The floor's servers: an HTTP server (REST) and two socket replicas, no proxy."""

    folder: Path
    http_server: str = "gunicorn"
    #: Where ``floor WS + I/O`` writes (its tables: :func:`bench.perf.floor_io.create_tables`).
    database_url: str = DATABASE_URL
    redis_url: str = REDIS_URL
    processes: list[Process] = field(default_factory=list)

    def start(self) -> FloorStack:
        env = {
            **server_env(),
            "DJANGO_SETTINGS_MODULE": "bench.perf.floor_site",
            "FLOOR_DATABASE_URL": self.database_url,
            "FLOOR_REDIS_URL": self.redis_url,
        }
        port = free_port()
        command = http_command(self.http_server, port, 4, "bench.perf.floor_app:wsgi")
        log = self.folder / f"floor-{self.http_server}.log"
        self.processes = [Process("http", [PYTHON, *command], port, env, log)]
        for index in range(2):
            port = free_port()
            command = replica_command(port, "bench.perf.floor_app:application")
            log = self.folder / f"floor-daphne{index}.log"
            self.processes.append(Process(f"daphne{index}", [PYTHON, *command], port, env, log))
        for process in self.processes:
            process.start()
        try:
            for process in self.processes:
                wait_ready(process, self.logs)
        except BaseException:
            self.stop()  # nothing is left running when one of them does not start
            raise
        return self

    def stop(self) -> None:
        for process in self.processes:
            process.stop()

    def logs(self) -> str:
        return "\n".join(p.log.read_text(errors="replace")[-2000:] for p in self.processes)

    @property
    def entry(self) -> tuple[str, int]:
        return "127.0.0.1", self.processes[0].port

    @property
    def ws_backends(self) -> list[tuple[str, int]]:
        return [("127.0.0.1", p.port) for p in self.processes[1:]]

    def server_pids(self) -> list[int]:
        pids = []
        for process in self.processes:
            if process.popen:
                pids += [process.popen.pid, *_children(process.popen.pid)]
        return pids

    def nginx_pids(self) -> list[int]:
        return []


def floor_rest(route: str = "floor"):
    """Clients of a REST floor (``route``: ``floor``, or a route of
    :data:`bench.perf.floor_io.VARIANTS`): a move after another on
    one keep-alive connection; each plays game ``index + 1``."""

    async def play(index: int, host: str, port: int, window: Window, stop: asyncio.Event) -> None:
        connection = await AsyncHttp(host, port).open()
        version = 0
        try:
            while not stop.is_set():
                start = time.perf_counter()
                status, body = await connection.request(
                    "POST",
                    f"/{route}/games/{index + 1}/moves",
                    {"positions": ["P1", "P7"], "expected_version": version},
                )
                ok = status == 200 and body["version"] == version + 1
                window.record(time.perf_counter() - start, "ok" if ok else f"http_{status}")
                if ok:
                    version += 1
        finally:
            await connection.close()

    return play


def floor_ws(backends, route: str = "floor"):
    """Clients of a socket floor (``route``: ``floor``, or a route of
    :data:`bench.perf.floor_io.VARIANTS`), spread over the
    replicas as nginx would; each plays game ``index + 1``."""

    async def play(index: int, host: str, port: int, window: Window, stop: asyncio.Event) -> None:
        host, port = backends[index % len(backends)]
        socket = await Socket.connect(host, port, f"/ws/{route}/{index + 1}/")
        version = (await socket.receive_json())["game"]["version"]
        request_id = 0
        try:
            while not stop.is_set():
                request_id += 1
                start = time.perf_counter()
                move = {"positions": ["P1", "P7"], "expected_version": version}
                socket.send_json({"action": "move", "request_id": request_id, **move})
                while True:
                    reply = await socket.receive_json()
                    if reply.get("request_id") == request_id:
                        break
                ok = reply["type"] == "result" and reply["game"]["version"] == version + 1
                window.record(time.perf_counter() - start, "ok" if ok else "wrong_reply")
                if ok:
                    version += 1
        finally:
            socket.close()

    return play


def line(name: str, result: dict) -> dict:
    """One target's figures, with the CPU per move named alike for every target."""
    cpu = result["cpu_us_per_move"]
    return {
        "target": name,
        "moves_per_s": result["moves_per_s"],
        "p99_ms": result["p99_ms"],
        "errors": result["errors"],
        "server_cpu_us": cpu.get("django", cpu.get("server")),
        "proxy_cpu_us": cpu.get("nginx", cpu.get("proxy")) or 0,
        "postgres_cpu_us": cpu.get("postgres") or 0,
        "load_generator_cpu_us": cpu.get("load_generator"),
        "load_average": load_average(),
    }


def _peers_module(folder: Path):
    """The workspace's compare.py, for its peer targets and their measurement."""
    spec = importlib.util.spec_from_file_location("peer_compare", folder / "compare.py")
    module = importlib.util.module_from_spec(spec)
    sys.modules["peer_compare"] = module
    spec.loader.exec_module(module)
    return module


def measure_floors(http_servers, warmup: float, seconds: float) -> list[dict]:
    folder = Path(os.environ.get("TMPDIR", "/tmp")) / f"hm-floor-{os.getpid()}"
    folder.mkdir(parents=True, exist_ok=True)
    lines = []
    for index, server in enumerate(http_servers):
        floor = FloorStack(folder, server).start()
        try:
            name = FLOOR_REST[server]
            targets = [(name, floor_rest())]
            targets += [(f"{name} {label}", floor_rest(r)) for label, r, _ in floor_io.VARIANTS]
            if index == 0:  # the socket floors do not depend on the HTTP server
                backends = floor.ws_backends
                targets.append((FLOOR_WS, floor_ws(backends)))
                targets += [
                    (f"{FLOOR_WS} {label}", floor_ws(backends, r))
                    for label, r, _ in floor_io.VARIANTS
                ]
                targets.append(
                    (f"{FLOOR_WS} + I/O async", floor_ws(backends, floor_io.ASYNC_ROUTE))
                )
            for name, play in targets:
                floor_io.create_tables(DATABASE_URL, CLIENTS)  # every game back at version 0
                lines.append(
                    line(name, asyncio.run(measure_moves(play, floor, CLIENTS, warmup, seconds)))
                )
        finally:
            floor.stop()
    return lines


def measure_all(
    peers: Path | None, warmup: float, seconds: float, floors_only: bool = False
) -> list[dict]:
    prepare(migrate=not floors_only)
    servers = ["gunicorn"] + (["granian"] if importlib.util.find_spec("granian") else [])
    lines = measure_floors(servers, warmup, seconds)
    if floors_only:
        return lines
    for name, module in (("project REST", rest_moves), ("project WS", ws_moves)):
        reset()
        with Stack("split") as stack:
            lines.append(
                line(name, asyncio.run(measure_moves(module.play, stack, CLIENTS, warmup, seconds)))
            )
    if peers is not None:
        compare = _peers_module(peers)
        for name, port in (("node", compare.NODE_PORT), ("starlette", compare.STARLETTE_PORT)):
            target = compare.PeerTarget(name, port)
            target.start()
            try:
                for kind, module in (("REST", rest_moves), ("WS", ws_moves)):
                    measured = compare.measure(module.play, target, CLIENTS, warmup, seconds)
                    lines.append(line(f"{name} {kind}", asyncio.run(measured)))
            finally:
                target.stop()
    return lines


def verdicts(lines: list[dict]) -> list[str]:
    """Each floor against the service's full move and each peer's, per transport."""
    by = {entry["target"]: entry for entry in lines}
    said = []
    for floor in (entry for entry in lines if entry["target"].startswith("floor")):
        name = floor["target"]
        kind = "WS" if name.startswith(FLOOR_WS) else "REST"
        project = by.get(f"project {kind}")
        cpu = floor["server_cpu_us"]
        if project is None:  # --floors-only
            continue
        if not cpu or not project["server_cpu_us"]:
            said.append(f"{name}: no move completed ({floor['errors']} errors), nothing to compare")
            continue
        said.append(
            f"{name}: {cpu} us of server CPU per move; the service's full {kind} move takes "
            f"{project['server_cpu_us']} us, {project['server_cpu_us'] / cpu:.2f} x"
        )
        # The cores' CPU time over what one move would need if the service cost no more than
        # the floor: the floor's server CPU with the service's own PostgreSQL and client CPU.
        bound = CORES * 1e6 / (cpu + project["postgres_cpu_us"] + project["load_generator_cpu_us"])
        said.append(f"{name}: at this server CPU, {CORES} cores serve at most {bound:.0f} moves/s")
        for peer in ("node", "starlette"):
            other = by.get(f"{peer} {kind}")
            if other is not None:
                said.append(
                    f"{name}: {cpu / other['server_cpu_us']:.2f} x {peer}'s full move "
                    f"({other['server_cpu_us']} us), which served {other['moves_per_s']:.0f} "
                    f"moves/s (the floor {floor['moves_per_s']:.0f})"
                )
    said += async_verdict(by)
    return said


def async_verdict(by: dict[str, dict]) -> list[str]:
    """Which socket floor is the WebSocket limit: the round trips on a pool thread or awaited
    on the event loop (the lower server CPU per move is the limit)."""
    hop, loop = by.get(f"{FLOOR_WS} + I/O"), by.get(f"{FLOOR_WS} + I/O async")
    if not hop or not loop or not hop["server_cpu_us"] or not loop["server_cpu_us"]:
        return []
    limit = "on the event loop" if loop["server_cpu_us"] < hop["server_cpu_us"] else "thread hop"
    return [
        f"{FLOOR_WS} + I/O async: {loop['server_cpu_us']} us per move, "
        f"{loop['server_cpu_us'] / hop['server_cpu_us']:.2f} x the thread hop's "
        f"({hop['server_cpu_us']} us); the WebSocket limit is the floor {limit}"
    ]


#: Title, width and alignment, number format, and key of each column of the table.
COLUMNS = (
    ("target", "<35", "", "target"),
    ("moves/s", ">8", ".0f", "moves_per_s"),
    ("p99 ms", ">8", ".1f", "p99_ms"),
    ("errors", ">6", "", "errors"),
    ("server us", ">10", "", "server_cpu_us"),
    ("proxy us", ">9", "", "proxy_cpu_us"),
    ("PG us", ">7", "", "postgres_cpu_us"),
    ("client us", ">10", "", "load_generator_cpu_us"),
    ("load", ">5", ".2f", "load_average"),
)


def table_row(entry: dict | None) -> str:
    """One line of the table (its header for None); a figure not measured is a dash."""
    cells = []
    for title, width, number, key in COLUMNS:
        value = title if entry is None else entry[key]
        text = "-" if value is None else format(value, number) if entry is not None else value
        cells.append(format(text, width))
    return " ".join(cells)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    found = os.environ.get("HALFMOON_PEERS")
    parser.add_argument(
        "--peers", type=Path, default=Path(found) if found else None, help="the peers' folder"
    )
    parser.add_argument("--no-peers", action="store_true")
    parser.add_argument("--warmup", type=float, default=3)
    parser.add_argument("--seconds", type=float, default=15)
    parser.add_argument(
        "--floors-only", action="store_true", help="the floors alone: no project, no peers"
    )
    args = parser.parse_args()
    peers = None if args.no_peers or args.peers is None else args.peers.resolve()
    lines = measure_all(peers, args.warmup, args.seconds, args.floors_only)
    for entry in [None, *lines]:
        print(table_row(entry))
    said = verdicts(lines)
    for sentence in said:
        print(sentence)
    emit({"measurement": "framework_floor", "lines": lines, "verdicts": said})


if __name__ == "__main__":
    main()
