"""The across-hosts scenarios, run by ``tests/reliability/test_hosts.py`` (which asserts on what
they return) and ``bench/hosts.py`` (which prints the figures): one application host cut off
the network mid-load, and Redis stopped for ten seconds under load, on a :class:`Cluster`.

Each measures against a floor taken in the same run: the writes acknowledged per second in the
ten seconds before the fault.
"""

from __future__ import annotations

import random
import time
from collections.abc import Callable
from dataclasses import dataclass

from .hosts import Cluster
from .http import Http, Reply, new_player
from .load import LoadRun, StoredCheck, check_stored
from .moves import choose_action
from .waiting import wait_until
from .watchers import Watchers

#: Sockets watching one game through the entry point: nginx spreads them over both hosts.
SOCKETS = 4
#: Load client threads, each playing its own games over HTTP through the entry point.
CLIENTS = 6
#: Changes acknowledged under load before the fault: both hosts are busy when it comes.
ACKS_BEFORE = 100
#: Seconds of load before the fault over which the floor (writes per second) is measured.
FLOOR_SECONDS = 10
#: Changes acknowledged after the cut, through the survivor alone.
ACKS_AFTER_CUT = 150
#: How long a probe waits out 429s from the entry point (:func:`unthrottled`), and the
#: Retry-After of the entry point's 429 (deploy/nginx.conf), which it waits between tries.
THROTTLED_FOR = 5
NGINX_RETRY_AFTER = 1.0
#: How long Redis stays away (the scenario itself, not a wait for a condition).
OUTAGE_SECONDS = 10
#: nginx closes a socket whose host went silent after its proxy_read_timeout (35 s); the
#: reconnect then reaches the survivor.
RECONNECT_DEADLINE = 60


def change(owner: Http, game_id: int, seed: int, timeout: float = 30) -> int:
    """One acknowledged change of the owner's game through the entry point; its new version.
    A request lost on the way (a host cut off) is tried again from the game as read."""
    rng = random.Random(seed)

    def attempt():
        try:
            game = owner.get(f"/api/v1/games/{game_id}")
            if game.status != 200:
                return None
            endpoint, body = choose_action(game.body, rng)
            reply = owner.post(
                f"/api/v1/games/{game_id}/{endpoint}",
                {**body, "expected_version": game.body["version"]},
            )
        except OSError:
            return None
        if reply.status != 200:
            return None
        return (reply.body["game"] if endpoint == "taps" else reply.body)["version"]

    return wait_until(attempt, timeout, f"no change of game {game_id} was acknowledged")


def watched_game(cluster: Cluster) -> tuple[Http, int, Watchers]:
    """A watchable game of a new player, and :data:`SOCKETS` sockets on it, all connected."""
    owner = new_player(cluster.url, "owner")
    game = owner.post("/api/v1/games", {"deal_code": "HM1-N-AAAAAAA"}).body
    assert owner.call("PATCH", f"/api/v1/games/{game['id']}", {"watchable": True}).status == 200
    ws = cluster.url.replace("http://", "ws://") + f"/ws/games/{game['id']}/"
    watchers = Watchers(ws, SOCKETS).start()
    watchers.all_at(0, 20, "sockets through the entry point")
    return owner, game["id"], watchers


def ranked_attempt(cluster: Cluster, name: str) -> tuple[Http, str]:
    """A new player's ranked daily attempt, ended (resigned): it enters the date's board."""
    created = unthrottled(lambda: Http(cluster.url).post("/api/v1/players", {"name": name}))
    assert created.status == 201, refused(cluster, created)
    player = Http(cluster.url, created.body["token"])
    started = unthrottled(lambda: player.post("/api/v1/games", {"daily": True}))
    assert started.status == 201, refused(cluster, started)
    game = started.body
    assert game["ranked"] is True, game
    resigned = unthrottled(lambda: player.post(f"/api/v1/games/{game['id']}/resign"))
    assert resigned.status == 200, refused(cluster, resigned)
    return player, game["daily_date"]


def unthrottled(send: Callable[[], Reply], timeout: float = THROTTLED_FOR) -> Reply:
    """The first answer of ``send()`` that is not a 429, sent again a second after each 429
    (the entry point's Retry-After; nothing was applied: nginx and the service throttle
    before any change).

    The load clients write from the same address as this probe, and nginx limits the writes of
    one address (deploy/nginx.conf): at full speed the load can fill that budget for a moment,
    as many players behind one NAT would, and a real client then waits as told.
    """
    throttled: list[Reply] = []

    def answer() -> Reply | None:
        reply = send()
        if reply.status == 429:
            throttled.append(reply)
            return None
        return reply

    return wait_until(
        answer,
        timeout,
        lambda: f"still throttled after {timeout} s: {throttled[-1]}",
        interval=NGINX_RETRY_AFTER,
    )


def refused(cluster: Cluster, reply) -> str:
    """A failure message for an unexpected answer: the answer, then what the servers logged
    beyond routine lines (which says why one refused, when it logged it)."""
    return f"{reply.status} {reply.body} {reply.headers}\n{cluster.problems()}"


def rate(run: LoadRun, start: float, end: float) -> float:
    """Writes acknowledged per second between two ``time.monotonic()`` moments."""
    return sum(1 for t in run.ack_times if start <= t < end) / (end - start)


def recovered(run: LoadRun, since: float, floor: float, until: float) -> float | None:
    """Seconds from ``since`` to the first second-long window (in 0.1 s steps) in which writes
    were acknowledged at half the floor's rate or more; None if none before ``until``."""
    start = since
    while start + 1 <= until:
        if rate(run, start, start + 1) >= floor / 2:
            return round(start - since, 1)
        start += 0.1
    return None


def load_with_floor(cluster: Cluster, started: list[LoadRun]) -> tuple[LoadRun, float]:
    """Load started (and added to ``started``, to be stopped whatever happens); once it is
    warm, :data:`FLOOR_SECONDS` of it give the floor."""
    run = LoadRun(cluster.url, clients=CLIENTS).start()
    started.append(run)
    run.wait_for_acks(ACKS_BEFORE)
    warm = time.monotonic()
    wait_until(
        lambda: time.monotonic() - warm >= FLOOR_SECONDS,
        FLOOR_SECONDS + 5,
        "the floor was not measured",
    )
    return run, rate(run, warm, warm + FLOOR_SECONDS)


@dataclass
class Cut:
    run: LoadRun
    stored: StoredCheck
    floor: float  # writes/s with both hosts
    after: float  # writes/s in the FLOOR_SECONDS after the cut
    first_ack: float  # seconds from the cut to the next acknowledged write
    recovered: float | None  # seconds from the cut until writes ran at half the floor again
    on_cut_host: int  # sockets the cut host had
    reconnected: int  # of them, reconnected to the survivor
    resynced: float  # seconds from the cut until they had all resynchronised
    missed: int  # the version they missed while hanging
    resynced_at: list[list[int]]  # per socket: the version of each resync
    on_survivor: int  # sockets the survivor has at the end
    sockets: str


def cut_scenario(cluster: Cluster) -> Cut:
    """Cut the first application host off mid-load; the figures of what followed."""
    first, survivor = cluster.apps
    owner, game_id, watchers = watched_game(cluster)
    runs: list[LoadRun] = []
    try:
        on_cut_host = first.sockets_open()
        assert on_cut_host >= 1 and survivor.sockets_open() >= 1, "sockets on both hosts"
        run, floor = load_with_floor(cluster, runs)
        watchers.all_at(change(owner, game_id, 1), 10, "a change before the cut")

        before = len(run.acks)
        cut_at = time.monotonic()
        first.cut()
        # The survivor serves: writes are acknowledged again, by it alone.
        run.wait_for_acks(before + ACKS_AFTER_CUT, timeout=60)
        first_ack = min(run.ack_times[before:]) - cut_at
        # A change the sockets of the cut host never hear of while they hang ...
        missed = change(owner, game_id, 2)
        # ... until the entry point closes them: they reconnect to the survivor and start
        # from the game as it is now.
        wait_until(
            lambda: watchers.reconnected() >= on_cut_host,
            RECONNECT_DEADLINE,
            lambda: f"{watchers.reconnected()} of {on_cut_host} sockets reconnected",
        )
        resynced = time.monotonic() - cut_at
        # Live pushes reach every socket, all of them now on the survivor.
        watchers.all_at(change(owner, game_id, 3), 10, "a change after the reconnects")
        on_survivor = survivor.sockets_open()
        wait_until(
            lambda: time.monotonic() - cut_at >= FLOOR_SECONDS,
            FLOOR_SECONDS + 5,
            "the rate after the cut was not measured",
        )
        end = time.monotonic()
        run.finish()
    finally:
        watchers.stop()
        if runs:
            runs[0].stop.set()  # a failed scenario leaves no client running
    return Cut(
        run=run,
        stored=check_stored(run),
        floor=floor,
        after=rate(run, cut_at, cut_at + FLOOR_SECONDS),
        first_ack=first_ack,
        recovered=recovered(run, cut_at, floor, end),
        on_cut_host=on_cut_host,
        reconnected=watchers.reconnected(),
        resynced=resynced,
        missed=missed,
        resynced_at=[w.resynced_at for w in watchers.watchers],
        on_survivor=on_survivor,
        sockets=watchers.summary(),
    )


@dataclass
class Outage:
    run: LoadRun
    stored: StoredCheck
    floor: float  # writes/s with Redis, just before
    during: int  # writes acknowledged while Redis was away
    resumed: float  # seconds from Redis's return to the first push that reached every socket
    ranked: list[tuple[Http, str]]  # ranked attempts: before, during and after the outage
    sockets: str


def redis_outage_scenario(cluster: Cluster) -> Outage:
    """Stop Redis for :data:`OUTAGE_SECONDS` under load; the figures of what followed."""
    ranked = [ranked_attempt(cluster, f"early{i}") for i in range(2)]
    owner, game_id, watchers = watched_game(cluster)
    runs: list[LoadRun] = []
    try:
        run, floor = load_with_floor(cluster, runs)
        watchers.all_at(change(owner, game_id, 1), 10, "a change before the outage")

        cluster.stop_redis()
        stopped_at = time.monotonic()
        before = len(run.acks)
        ranked.append(ranked_attempt(cluster, "during"))  # ends while no rank can be added
        # The outage itself: Redis stays away this long while the load goes on.
        wait_until(
            lambda: time.monotonic() - stopped_at >= OUTAGE_SECONDS,
            OUTAGE_SECONDS + 5,
            "the outage did not last",
        )
        during = len(run.acks) - before
        cluster.start_redis()
        back_at = time.monotonic()

        # Pushes resume: changes are made until one reaches every socket.
        made: list[int] = []

        def pushed() -> bool:
            if made and all(w.latest >= made[-1] for w in watchers.watchers):
                return True
            made.append(change(owner, game_id, 10 + len(made)))
            return False

        wait_until(pushed, 30, lambda: f"no push after Redis came back:\n{cluster.output()}")
        resumed = watchers.first_frame_of(made[-1]) - back_at
        run.wait_for_acks(len(run.acks) + 50)
        run.finish()
    finally:
        watchers.stop()
        if runs:
            runs[0].stop.set()  # a failed scenario leaves no client running
    ranked.append(ranked_attempt(cluster, "after"))
    return Outage(
        run=run,
        stored=check_stored(run),
        floor=floor,
        during=during,
        resumed=resumed,
        ranked=ranked,
        sockets=watchers.summary(),
    )
