"""Load for crash and shutdown runs: client threads playing their own games over HTTP.

Every acknowledged change (a 200 response that reached the client) is recorded as an
:class:`Ack`; a request whose connection broke is counted as ``lost`` (the client cannot know
whether it was applied). Used by the crash/shutdown tests and by ``bench/crash.py``.
"""

from __future__ import annotations

import http.client
import random
import threading
import time
from collections import Counter
from dataclasses import dataclass, field

from .http import Http, new_player
from .moves import choose_action
from .waiting import join_all, wait_until

#: A client whose server is down or restarting tries again after this pause (client pacing,
#: not a wait in a test: the test waits on acknowledgements, :meth:`LoadRun.wait_for_acks`).
RETRY_PAUSE = 0.05

KIND_OF = {"moves": "move", "undo": "undo", "taps": "tap"}


@dataclass(frozen=True)
class Ack:
    game_id: int
    version: int
    kind: str
    positions: tuple[str, ...]  # sorted; empty for undo


@dataclass
class LoadRun:
    """``clients`` threads, each playing one game at a time against ``base_url``."""

    base_url: str
    clients: int = 6
    acks: list[Ack] = field(default_factory=list)
    counts: Counter = field(default_factory=Counter)
    game_ids: set[int] = field(default_factory=set)
    ack_times: list[float] = field(default_factory=list)  # time.monotonic() of each answer

    def __post_init__(self):
        self.stop = threading.Event()
        self.lock = threading.Lock()
        self.threads: list[threading.Thread] = []
        #: Changes sent and not answered yet (nor failed), at this moment.
        self.in_flight = 0

    def start(self) -> LoadRun:
        players = [new_player(self.base_url, f"load{i}") for i in range(self.clients)]
        for seed, player in enumerate(players):
            thread = threading.Thread(target=self._play, args=(player, seed), daemon=True)
            self.threads.append(thread)
            thread.start()
        return self

    def finish(self, timeout: float = 30) -> LoadRun:
        self.stop.set()
        join_all(self.threads, timeout, "load clients still running after the stop")
        return self

    def wait_for_acks(self, count: int, timeout: float = 30) -> None:
        """Until ``count`` changes in all were acknowledged; raises when the deadline passes."""
        wait_until(
            lambda: len(self.acks) >= count,
            timeout,
            lambda: (
                f"{len(self.acks)} of {count} changes acknowledged; other replies: "
                f"{dict(self.counts)}"
            ),
        )

    def _count(self, what: str) -> None:
        with self.lock:
            self.counts[what] += 1

    def _new_game(self, client: Http) -> dict:
        reply = client.post("/api/v1/games", {})
        if reply.status != 201:
            raise _Retry(f"http_{reply.status}")
        with self.lock:
            self.game_ids.add(reply.body["id"])
        return reply.body

    def _play(self, client: Http, seed: int) -> None:
        rng = random.Random(seed)
        game_id, game = None, None
        while not self.stop.is_set():
            try:
                if game_id is None or (game is not None and game["status"] in ("won", "resigned")):
                    game = self._new_game(client)
                    game_id = game["id"]
                if game is None:
                    reply = client.get(f"/api/v1/games/{game_id}")
                    if reply.status != 200:
                        raise _Retry(f"http_{reply.status}")
                    game = reply.body
                endpoint, body = choose_action(game, rng)
                seen = game["version"]
                with self.lock:
                    self.counts["sent"] += 1
                    self.in_flight += 1
                try:
                    reply = client.post(
                        f"/api/v1/games/{game_id}/{endpoint}", {**body, "expected_version": seen}
                    )
                except (OSError, http.client.HTTPException):
                    self._count("lost")  # no response: applied or not, the client cannot know
                    raise
                finally:
                    with self.lock:
                        self.in_flight -= 1
                if reply.status == 200:
                    game = reply.body["game"] if endpoint == "taps" else reply.body
                    positions = body.get("positions") or (
                        [body["position"]] if "position" in body else []
                    )
                    with self.lock:
                        self.acks.append(
                            Ack(
                                game_id,
                                game["version"],
                                KIND_OF[endpoint],
                                tuple(sorted(positions)),
                            )
                        )
                        self.ack_times.append(time.monotonic())
                else:
                    self._count(f"http_{reply.status}")
                    game = None
                    # Told to wait (a throttle's 429, a 503): wait as told, as clients must. A
                    # client that retried at once would spend the budget of its address (nginx
                    # counts every write of one address) that other clients there share.
                    self.stop.wait(retry_after(reply))
            except (OSError, http.client.HTTPException, _Retry) as error:
                if isinstance(error, _Retry):
                    self._count(str(error))
                game = None
                self.stop.wait(RETRY_PAUSE)  # the server is down or restarting: try again shortly


def retry_after(reply) -> float:
    """Seconds a refusal asks the client to wait (``Retry-After``, at most 5), else 0."""
    try:
        return min(float(reply.headers.get("retry-after", 0)), 5.0)
    except ValueError:
        return 0.0


class _Retry(Exception):
    pass


@dataclass
class StoredCheck:
    """What the database holds for a load run's games, compared with what clients were told."""

    acknowledged: int
    found: int
    missing: list[Ack]
    unacknowledged_applied: int  # log entries no client heard about (their response was lost)
    problems: list[str]  # verification failures (gaps, half-applied changes, replay mismatch)


def check_stored(run: LoadRun) -> StoredCheck:
    """Look up every acknowledged change by game id and log seq; verify every game's replay."""
    from games.models import GameEvent
    from games.play.verification import games_to_verify, verify_games

    logged = {}
    for event in GameEvent.objects.filter(game_id__in=run.game_ids):
        positions = tuple(sorted(p for p in event.positions.split("+") if p))
        logged[(event.game_id, event.seq)] = Ack(event.game_id, event.seq, event.kind, positions)
    missing = [ack for ack in run.acks if logged.get((ack.game_id, ack.version)) != ack]
    verdicts = list(verify_games(games_to_verify(game_ids=run.game_ids)))
    problems = [str(v) for v in verdicts if not v.ok]
    if len(verdicts) != len(run.game_ids):
        problems.append(f"{len(run.game_ids) - len(verdicts)} acknowledged games are missing")
    return StoredCheck(
        len(run.acks),
        len(run.acks) - len(missing),
        missing,
        len(logged) - (len(run.acks) - len(missing)),
        problems,
    )
