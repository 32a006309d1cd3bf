"""Races under load, on two daphne socket processes sharing PostgreSQL and Redis.

1. **Progress fan-out.** ``--races`` races of ``--seats`` players (500 × 4 = 2,000 players by
   default), every member on a race socket and on their own game's socket, the members of each
   race spread over both processes. Each player makes a move every 2–5 s (human pace) over
   their game socket for ``--seconds``; the figure is the time from sending a move to the race
   frame with that progress arriving at each of the other members (p50, p99), and a check that
   nothing was lost: every member received every version of their race, and every move's
   progress reached every other member.
2. **Quick match.** ``--matches`` players (2,000) ask for a 2-seat quick match at once, over
   HTTP to both processes alternately: the time until all their races are formed, and a check
   that every player is in exactly one race and nobody is left waiting.

Floors measured in the same run, on the same servers, before the load: a 2-player race at idle
(move → the other member's race frame), and the same number of trivial authenticated requests
(``GET /players/me``) with the same concurrency as the quick-match burst. Figures are printed
as JSON, with each as a ratio to its floor.

Run: ``.venv/bin/python bench/races.py`` (``PERF_DATABASE_URL``, ``PERF_REDIS_URL`` choose the
servers; the database is emptied first).
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import random
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from bench.perf import env
from bench.perf.ws import Socket
from tests.support.http import AsyncHttp
from tests.support.moves import visible_moves
from tests.support.servers import ServerProcess

RACE_ENV = {
    "HALFMOON_RACE_COUNTDOWN_MS": "1000",
    "HALFMOON_THROTTLE_RACE_INVITE": "1000000/min",
    # Socket servers keep their few connections (a bounded thread pool each): PostgreSQL's
    # 100 connections are shared with everything else on this machine.
    "DATABASE_CONN_MAX_AGE": "60",
}
#: A 503 (the database refused a connection: PostgreSQL is shared on this machine) is retried,
#: as a client would, after this many seconds; the retries are counted in the figures.
RETRY_503_S = 0.2


# -- setup (through the services, in this process) ----------------------------------------------
def make_players(prefix: str, count: int):
    from games.players import services as players

    return [players.create_player(f"{prefix}{i:05d}") for i in range(count)]


def make_races(count: int, seats: int, time_limit_s: int):
    """Open races, every member joined and ready: [(race id, [(player, token)…])]."""
    from games.races import services as races

    made = []
    people = make_players("r", count * seats)
    for index in range(count):
        crew = people[index * seats : (index + 1) * seats]
        race = races.create_race(crew[0][0], seats, time_limit_s)
        for player, _ in crew[1:]:
            races.join_race(player, race.pk)
        for player, _ in crew:
            races.set_ready(player, race.pk, True)
        made.append((race.pk, crew))
    return made


def start_races(made) -> None:
    from games.races import services as races

    for race_id, crew in made:
        races.start(crew[0][0], race_id)


def percentile(samples: list[float], fraction: float) -> float:
    ordered = sorted(samples)
    return ordered[min(len(ordered) - 1, int(len(ordered) * fraction))]


# -- the race load ------------------------------------------------------------------------------
class Member:
    def __init__(self, race, player_id: int, token: str, server: ServerProcess):
        self.race, self.id, self.token, self.server = race, player_id, token, server
        self.game_id: int | None = None
        self.game: dict | None = None
        self.race_socket: Socket | None = None
        self.game_socket: Socket | None = None
        self.versions: list[int] = []
        self.running = asyncio.Event()
        self.moves_sent = 0

    async def open_race_socket(self) -> None:
        path = f"/ws/races/{self.race.id}/?token={self.token}"
        self.race_socket = await Socket.connect("127.0.0.1", self.server.port, path, self.on_race)

    async def open_game_socket(self) -> None:
        path = f"/ws/games/{self.game_id}/?token={self.token}"
        self.game_socket = await Socket.connect("127.0.0.1", self.server.port, path, self.on_game)

    def on_race(self, socket, payload: bytes, now: float) -> None:
        message = json.loads(payload)
        if message.get("type") != "race":
            return
        race = message["race"]
        self.versions.append(race["version"])
        self.race.seen(self, race, now)
        if race["status"] == "running" and self.game_id is None:
            self.game_id = next(
                m["game_id"] for m in race["members"] if m["player"]["id"] == self.id
            )
            self.running.set()

    def on_game(self, socket, payload: bytes, now: float) -> None:
        message = json.loads(payload)
        game = message.get("game")
        if game is not None and (self.game is None or game["version"] > self.game["version"]):
            self.game = game


class Race:
    def __init__(self, race_id: int):
        self.id = race_id
        self.members: list[Member] = []
        #: player id → [(moves after the move, sent at, {receiver id: arrival})]
        self.pending: dict[int, list] = {}
        self.finished = False
        self.latencies: list[float] = []

    def seen(self, receiver: Member, race: dict, now: float) -> None:
        if race["status"] == "finished":
            self.finished = True
        for entry in race["members"]:
            progress, mover = entry["progress"], entry["player"]["id"]
            if progress is None or mover == receiver.id:
                continue
            for target, sent_at, arrivals in self.pending.get(mover, ()):
                if progress["moves"] >= target and receiver.id not in arrivals:
                    arrivals[receiver.id] = now
                    self.latencies.append(now - sent_at)

    def sent(self, member: Member, moves_after: int) -> None:
        self.pending.setdefault(member.id, []).append((moves_after, time.perf_counter(), {}))

    def undelivered(self) -> int:
        """(move, other member) pairs whose progress never arrived."""
        others = len(self.members) - 1
        return sum(others - len(a) for entries in self.pending.values() for _, _, a in entries)


async def play(member: Member, until: float, pace: tuple[float, float]) -> None:
    await asyncio.sleep(random.uniform(0, pace[1]))
    while time.perf_counter() < until and not member.race.finished:
        game = member.game
        if game is not None and game["status"] == "playing":
            moves = visible_moves(game)
            if moves:
                member.race.sent(member, game["moves"] + 1)
                member.game_socket.send_json({"action": "move", "positions": random.choice(moves)})
                member.moves_sent += 1
        await asyncio.sleep(random.uniform(*pace))


async def run_races(servers, made, seconds: float, pace=(2.0, 5.0), drain: float = 60.0) -> dict:
    races = []
    for race_id, crew in made:
        race = Race(race_id)
        for index, (player, token) in enumerate(crew):
            race.members.append(Member(race, player.pk, token, servers[index % 2]))
        races.append(race)
    members = [m for r in races for m in r.members]
    await gather_in_batches([m.open_race_socket() for m in members])
    await asyncio.to_thread(start_races, made)
    await asyncio.wait_for(asyncio.gather(*(m.running.wait() for m in members)), 120)
    await gather_in_batches([m.open_game_socket() for m in members])
    await asyncio.wait_for(wait_for_games(members), 60)
    started = time.perf_counter()
    await asyncio.gather(*(play(m, started + seconds, pace) for m in members))
    deadline = time.perf_counter() + drain
    while time.perf_counter() < deadline and sum(r.undelivered() for r in races):
        await asyncio.sleep(0.2)
    latencies = [x for r in races for x in r.latencies]
    # Every version from the first one received to the last must have arrived (in any order:
    # changes committed on two processes may be published in the other order).
    gaps = sum(
        1 for m in members if set(range(min(m.versions), max(m.versions) + 1)) - set(m.versions)
    )
    for m in members:
        m.race_socket.close()
        m.game_socket.close()
    return {
        "races": len(races),
        "players": len(members),
        "moves": sum(m.moves_sent for m in members),
        "moves_per_s": round(sum(m.moves_sent for m in members) / seconds, 1),
        "deliveries": len(latencies),
        "p50_ms": round(statistics.median(latencies) * 1000, 1) if latencies else None,
        "p99_ms": round(percentile(latencies, 0.99) * 1000, 1) if latencies else None,
        "undelivered": sum(r.undelivered() for r in races),
        "members_with_version_gaps": gaps,
        "races_ended_early": sum(r.finished for r in races),
    }


async def wait_for_games(members) -> None:
    while any(m.game is None for m in members):
        await asyncio.sleep(0.05)


async def gather_in_batches(coroutines, size: int = 200) -> None:
    for start in range(0, len(coroutines), size):
        await asyncio.gather(*coroutines[start : start + size])


# -- quick match --------------------------------------------------------------------------------
async def burst(servers, tokens, method: str, path: str, body, connections: int) -> float:
    """Send one request per token, ``connections`` at a time over both servers; seconds."""
    queue: asyncio.Queue = asyncio.Queue()
    for index, token in enumerate(tokens):
        queue.put_nowait((index, token))
    failures: list = []

    async def worker(number: int) -> None:
        server = servers[number % 2]
        client = AsyncHttp("127.0.0.1", server.port)
        while not queue.empty():
            _, token = queue.get_nowait()
            client.token = token
            status, reply = await client.request(method, path, body)
            while status == 503:
                retried[0] += 1
                await asyncio.sleep(RETRY_503_S)
                status, reply = await client.request(method, path, body)
            if status >= 300:
                failures.append((status, reply))
        await client.close()

    retried = [0]
    started = time.perf_counter()
    await asyncio.gather(*(worker(n) for n in range(connections)))
    if failures:
        raise RuntimeError(f"{len(failures)} requests failed, first: {failures[0]}")
    return time.perf_counter() - started, retried[0]


def matched_check(count: int) -> dict:
    from django.db.models import Count

    from games.models import QueueEntry, Race, RaceMember

    per_player = (
        RaceMember.objects.filter(race__matched=True)
        .values("player")
        .annotate(n=Count("race"))
        .values_list("n")
    )
    counts = [n for (n,) in per_player]
    return {
        "races_formed": Race.objects.filter(matched=True).count(),
        "players_in_exactly_one_race": sum(1 for n in counts if n == 1),
        "players_in_several": sum(1 for n in counts if n > 1),
        "left_waiting": QueueEntry.objects.count(),
        "players_in_no_race": count - len(counts),
        "expected_players": count,
    }


async def run_quick_match(servers, count: int, connections: int) -> dict:
    tokens = [token for _, token in await asyncio.to_thread(make_players, "q", count)]
    floor, floor_retries = await burst(
        servers, tokens, "GET", "/api/v1/players/me", None, connections
    )
    started = time.perf_counter()
    _, retries = await burst(
        servers, tokens, "POST", "/api/v1/matchmaking", {"seats": 2}, connections
    )
    check = await asyncio.to_thread(matched_check, count)
    while check["races_formed"] < count // 2 and time.perf_counter() - started < 120:
        await asyncio.sleep(0.1)
        check = await asyncio.to_thread(matched_check, count)
    formed_in = time.perf_counter() - started
    return {
        "requests": count,
        "connections": connections,
        "all_formed_s": round(formed_in, 2),
        "floor_gets_s": round(floor, 2),
        "ratio_to_floor": round(formed_in / floor, 2),
        "retried_503": retries,
        "floor_retried_503": floor_retries,
        **check,
    }


# -- the floor of the race load ----------------------------------------------------------------
async def race_floor(servers, samples: int = 40) -> dict:
    made = await asyncio.to_thread(make_races, 1, 2, 3600)
    races = []
    race = Race(made[0][0])
    for index, (player, token) in enumerate(made[0][1]):
        race.members.append(Member(race, player.pk, token, servers[index % 2]))
    races.append(race)
    for member in race.members:
        await member.open_race_socket()
    await asyncio.to_thread(start_races, made)
    await asyncio.wait_for(asyncio.gather(*(m.running.wait() for m in race.members)), 30)
    for member in race.members:
        await member.open_game_socket()
    await wait_for_games(race.members)
    mover = race.members[0]
    for _ in range(samples):
        if mover.game["status"] != "playing" or not visible_moves(mover.game):
            break
        before, version = len(race.latencies), mover.game["version"]
        race.sent(mover, mover.game["moves"] + 1)
        mover.game_socket.send_json({"action": "move", "positions": visible_moves(mover.game)[0]})
        while len(race.latencies) == before or mover.game["version"] == version:
            await asyncio.sleep(0.001)
        await asyncio.sleep(0.05)
    for member in race.members:
        member.race_socket.close()
        member.game_socket.close()
    return {
        "samples": len(race.latencies),
        "p50_ms": round(statistics.median(race.latencies) * 1000, 2),
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--races", type=int, default=500)
    parser.add_argument("--seats", type=int, default=4)
    parser.add_argument("--seconds", type=float, default=60)
    parser.add_argument("--matches", type=int, default=2000)
    parser.add_argument("--connections", type=int, default=100)
    parser.add_argument(
        "--drain", type=float, default=60, help="seconds to wait for late progress at the end"
    )
    parser.add_argument("--skip", choices=["races", "matches"], action="append", default=[])
    args = parser.parse_args()
    os.environ.update(RACE_ENV)  # this process starts the races: the same countdown
    env.raise_open_files()
    env.prepare()
    env.reset()
    servers = [ServerProcess(env.server_env(**RACE_ENV), startup_timeout=60) for _ in range(2)]
    for server in servers:
        server.start()
    result: dict = {"load_average_before": round(os.getloadavg()[0], 2)}
    try:
        if "races" not in args.skip:
            floor = asyncio.run(race_floor(servers))
            result["race_floor"] = floor
            made = make_races(args.races, args.seats, 3600)
            load = asyncio.run(run_races(servers, made, args.seconds, drain=args.drain))
            load["p50_ratio_to_floor"] = round(load["p50_ms"] / floor["p50_ms"], 1)
            load["p99_ratio_to_floor"] = round(load["p99_ms"] / floor["p50_ms"], 1)
            result["race_progress"] = load
        if "matches" not in args.skip:
            result["quick_match"] = asyncio.run(
                run_quick_match(servers, args.matches, args.connections)
            )
    except BaseException:
        for server in servers:  # what the servers said, to see why
            print(
                "\n".join(
                    line
                    for line in server.output().splitlines()
                    if "WARNING" in line or "ERROR" in line
                )[-6000:],
                file=sys.stderr,
            )
        raise
    finally:
        for server in servers:
            server.close()
    print(json.dumps(result, indent=2))


if __name__ == "__main__":
    main()
