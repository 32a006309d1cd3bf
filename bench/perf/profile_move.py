"""Where a REST move's CPU time goes, and the engine's share of it.

In one process (Django on the perf database and Redis, through ``django.test.Client``, i.e.
the WSGI request path with every middleware, DRF, the service and the ORM):

1. plays ``--moves`` moves (random legal moves from the visible table, a new game when one
   stalls) and takes the CPU time per move (``time.process_time``) without any profiler;
2. times the engine's own work for exactly those moves — load the state
   (``Board.from_state``), ``apply``, ``status``, the new ``state_string`` and the public
   representation (``game_payload``) — on the same states, outside the request;
3. plays the same number of moves again under cProfile (timer: CPU time of the process)
   and groups self time by package.

Prints the engine µs per move, the request's CPU µs per move, their ratio and the profile.
"""

from __future__ import annotations

import argparse
import cProfile
import json
import os
import pstats
import random
import sys
import time
from collections import defaultdict

from .env import prepare, reset, setup_django
from .measure import emit
from .play import next_move

GROUPS = (
    ("games/engine/", "engine"),
    ("games/presentation", "representation"),
    ("games/", "service (games)"),
    ("/api/", "views (api)"),
    ("halfmoon_service/", "middleware (halfmoon_service)"),
    ("rest_framework/", "DRF"),
    ("django/db/", "Django ORM"),
    ("django/", "Django (request, middleware)"),
    ("psycopg", "psycopg"),
    ("redis/", "redis client"),
    ("asgiref/", "asgiref (async_to_sync)"),
    ("channels", "channels layer"),
    ("json/", "json"),
    ("logging/", "logging"),
    ("asyncio/", "asyncio"),
)


class Player:
    def __init__(self, client, name):
        from django.test import Client

        self.client = client or Client(SERVER_NAME="localhost")  # an allowed host
        reply = self.client.post("/api/v1/players", {"name": name}, content_type="application/json")
        self.auth = {"HTTP_AUTHORIZATION": f"Token {reply.json()['token']}"}

    def post(self, path, body):
        return self.client.post(
            path, json.dumps(body), content_type="application/json", **self.auth
        )


def play(player: Player, moves: int, rng: random.Random, trace: list | None = None) -> float:
    """Play ``moves`` moves; returns CPU seconds spent in the move requests only."""
    game, spent, done = None, 0.0, 0
    while done < moves:
        move = next_move(game, rng) if game else None
        if move is None:
            game = player.post("/api/v1/games", {}).json()
            continue
        if trace is not None:
            trace.append((game["id"], move))
        start = time.process_time()
        reply = player.post(
            f"/api/v1/games/{game['id']}/moves",
            {"positions": move, "expected_version": game["version"]},
        )
        spent += time.process_time() - start
        assert reply.status_code == 200, reply.content
        game = reply.json()
        done += 1
    return spent


def engine_seconds(trace) -> float:
    """CPU time of the engine's work for the traced moves, replayed on their stored states."""
    from games.engine import Action, Board, Layout, Move
    from games.models import Game
    from games.play.presentation import game_payload

    games = {
        g.pk: g
        for g in Game.objects.select_related("deal", "owner").filter(
            pk__in={game_id for game_id, _ in trace}
        )
    }
    boards = {pk: Board(Layout.from_text(g.deal.layout)) for pk, g in games.items()}
    states = []
    for game_id, move in trace:  # the state each move started from
        board = boards[game_id]
        states.append((games[game_id], board.state_string(), move))
        board.push(Move.of(move))
    spent = 0.0
    for game, state, move in states:
        start = time.process_time()
        board = _load(Board, state)
        board.apply(Action("move", Move.of(move).positions))
        _ = board.status  # a property: computed, as the service does
        board.state_string()
        game_payload(game, board)
        spent += time.process_time() - start
    return spent


def _load(board_class, state: str):
    """Load a stored state as the service does (trusted when the engine offers it)."""
    try:
        return board_class.from_state(state, trusted=True)
    except TypeError:  # an engine without the trusted path
        return board_class.from_state(state)


def grouped_profile(profile: cProfile.Profile, moves: int) -> tuple[dict, list]:
    stats = pstats.Stats(profile)
    groups, functions = defaultdict(float), []
    for (filename, line, name), (_, _, tottime, _, _) in stats.stats.items():
        group = next((label for marker, label in GROUPS if marker in filename), "other")
        groups[group] += tottime
        functions.append((tottime, f"{filename.split('site-packages/')[-1]}:{line}({name})"))
    total = sum(groups.values())
    table = {
        k: {"us_per_move": round(v / moves * 1e6), "share": round(v / total, 3)}
        for k, v in sorted(groups.items(), key=lambda kv: -kv[1])
    }
    top = [(round(t / moves * 1e6, 1), where) for t, where in sorted(functions, reverse=True)[:20]]
    return table, top


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--moves", type=int, default=600)
    parser.add_argument(
        "--server-cpu-us",
        type=float,
        default=None,
        help="server CPU µs per move from a load run, as a second denominator",
    )
    args = parser.parse_args()
    # For the whole run: the request log is still formatted, not shown.
    sys.stderr = open(os.devnull, "w")  # noqa: SIM115
    # As a gunicorn worker runs (deploy/gunicorn.conf.py): one kept-open connection.
    os.environ.setdefault("DATABASE_CONN_MAX_AGE", "300")
    prepare()
    reset()
    setup_django()
    from django.test import Client

    rng = random.Random(7)
    player = Player(Client(SERVER_NAME="localhost"), "profiled")  # an allowed host
    play(player, 200, rng)  # warm up: imports, connections, caches
    trace = []
    request_cpu = play(player, args.moves, rng, trace)
    engine_cpu = engine_seconds(trace)
    profile = cProfile.Profile(time.process_time)  # CPU time, not time spent waiting
    profile.enable()
    play(player, args.moves, rng)
    profile.disable()
    groups, top = grouped_profile(profile, args.moves)
    per_move = request_cpu / args.moves * 1e6
    engine = engine_cpu / args.moves * 1e6
    result = {
        "measurement": "engine_share",
        "moves": args.moves,
        "engine_us_per_move": round(engine, 1),
        "request_cpu_us_per_move": round(per_move, 1),
        "engine_share": round(engine / per_move, 4),
        "profile": groups,
        "top": top,
    }
    if args.server_cpu_us:
        result["server_cpu_us_per_move"] = args.server_cpu_us
        result["engine_share_of_server_cpu"] = round(engine / args.server_cpu_us, 4)
    emit(result)


if __name__ == "__main__":
    main()
