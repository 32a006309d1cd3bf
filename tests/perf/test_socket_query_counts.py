"""Every socket's connect and every action frame costs a fixed, known number of SQL queries
(issue 24; the REST operations are ``test_query_counts``).

Two tables: :data:`CONNECTS` (each socket of :data:`realtime.frames.SOCKETS`, plus a watcher
without credentials and an unknown path) and :data:`ACTIONS` (each client action of
:data:`realtime.frames.ACTIONS`). A socket's database work runs on Channels' threads, not the
test's: the statements are counted in every thread (:func:`tests.support.queries.all_threads`),
the way ``django_assert_num_queries`` counts them in one. A window closes once the frames that
prove the work done have arrived (the snapshot; the result, then the change on every socket),
never after a fixed wait; a socket's work after its last frame would show up as statements
when it disconnects, and :func:`test_disconnects_and_read_only_frames_cost_nothing` asserts
there are none.

The clock is frozen (``query_world``): no race reaches a moment during a window, so the race
clock of the socket process settles nothing in the background.

The action table is run with 1 and 4 other watchers of the game: a change is read and framed
once, whatever the watchers (a count that grew with them would be an N+1 of the fan-out).
"""

from __future__ import annotations

import datetime as dt
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

import pytest
from asgiref.sync import sync_to_async
from django.db import connections

from realtime.frames import ACTIONS_BY_NAME, SOCKETS
from tests.daily.helpers import DAY
from tests.support.queries import Expected, all_threads, expected
from tests.support.sockets import communicator, game_path, own_reply, receive, receive_until

from .helpers import Actor, Crew, World, change, daily_entries, game_with_moves, legal

pytestmark = pytest.mark.django_db(transaction=True)

#: Items of a board, a race, a match: the count must not depend on it.
SIZES = (2, 5)
#: Watchers of the game besides its owner, while the owner acts.
WATCHERS = (1, 4)


@dataclass
class Connection:
    """A socket to open (``path``, with ``token`` or without), the ``type`` of the frame that
    ends its connect and what that frame must show."""

    path: str
    token: str | None
    first: str
    check: Callable[[dict], Any] = lambda frame: True
    #: The socket closes after its first frame (with this code).
    closes: int | None = None


def game_owner(w: World, n: int) -> Connection:
    """The owner of a game with moves, with its token."""
    me = Actor()
    game_id = game_with_moves(me)
    return Connection(
        game_path(game_id),
        me.token,
        "game",
        lambda f: f["game"]["id"] == game_id and f["game"]["moves"] == 3,
    )


def game_watcher(w: World, n: int) -> Connection:
    """Anyone, without credentials, on a watchable game."""
    me = Actor()
    game_id = game_with_moves(me)
    me.call("patch", "games", game_id, body={"watchable": True})
    return Connection(game_path(game_id), None, "game", lambda f: f["game"]["id"] == game_id)


def daily_board(w: World, n: int) -> Connection:
    """A player on today's board of ``n`` entries."""
    me = daily_entries(w.fake, n)[0]
    return Connection(
        f"/ws/daily/{DAY.isoformat()}/",
        me.token,
        "board",
        lambda f: f["total"] == n and len(f["top"]) == n and f["closed"] is False,
    )


def race_member(w: World, n: int) -> Connection:
    """A member of a running race of ``n``, every member having moved."""
    crew = Crew(n)
    crew.run(w.fake, w.settings)
    return Connection(
        f"/ws/races/{crew.id}/",
        crew.members[1].token,
        "race",
        lambda f: f["race"]["status"] == "running" and len(f["race"]["members"]) == n,
    )


def me_matched(w: World, n: int) -> Connection:
    """A player the quick-match queue matched into a race of ``n`` (the ``matched`` frame)."""
    players = [Actor() for _ in range(n)]
    for player in players:
        player.call("post", "matchmaking", body={"seats": n}, status=202)
    return Connection(
        "/ws/me/",
        players[-1].token,
        "matched",
        lambda f: f["race"]["status"] == "countdown" and len(f["race"]["members"]) == n,
    )


def challenge_board(w: World, n: int) -> Connection:
    """A challenger on a challenge's board of ``n`` entries."""
    creator = Actor()
    game_id = game_with_moves(creator)
    creator.call("post", "games", game_id, "resign")
    code = creator.call("post", "games", game_id, "challenge", status=201)["code"]
    challengers = [Actor() for _ in range(n)]
    for player in challengers:
        played = player.call("post", "challenges", code, "games", status=201)["id"]
        player.call("post", "games", played, "resign")
    return Connection(
        f"/ws/challenges/{code}/",
        challengers[0].token,
        "challenge_board",
        lambda f: f["total"] == n and len(f["top"]) == n,
    )


def season_board(w: World, n: int) -> Connection:
    """A player on a week's board built from a closed day of ``n`` entries."""
    from games.daily.services import close_day
    from games.seasons import keys
    from games.seasons import services as seasons

    players = daily_entries(w.fake, n)
    w.fake.set(w.fake() + dt.timedelta(days=1))
    close_day(DAY)
    week = keys.week_of(DAY)
    seasons.refresh(week)
    players[0].call("get", "players", "me")  # its token's use of the new day, written now
    return Connection(
        f"/ws/seasons/{week.key}/",
        players[0].token,
        "season",
        lambda f: f["total"] == n and len(f["top"]) == n and f["closed"] is False,
    )


def lobby(w: World, n: int) -> Connection:
    """A player watching the lobby while ``n`` public races are open."""
    hosts = [Actor() for _ in range(n)]
    for host in hosts:
        host.call("post", "races", body={"seats": 2, "public": True}, status=201)
    return Connection(
        "/ws/races/open/", hosts[0].token, "open_races", lambda f: len(f["results"]) == n
    )


def unknown_path(w: World, n: int) -> Connection:
    return Connection("/ws/nothing/", None, "error", lambda f: f["code"] == "not_found", 4404)


@dataclass(frozen=True)
class Connect:
    setup: Callable[[World, int], Connection]
    queries: Expected
    sizes: tuple[int, ...] = (1,)


#: Socket → how to connect, the queries from the handshake to its first frame. ``game``,
#: ``daily``, ``race``, ``me`` are :data:`realtime.frames.SOCKETS`' names; with a token, the
#: handshake's player lookup is one of them.
CONNECTS: dict[str, Connect] = {
    "game": Connect(game_owner, 2),
    "game_watcher": Connect(game_watcher, 1),
    "daily": Connect(daily_board, 3, SIZES),
    "race": Connect(race_member, 5, SIZES),
    "me": Connect(me_matched, 6, (2, 4)),
    "challenge": Connect(challenge_board, 6, SIZES),
    "season": Connect(season_board, 3, SIZES),
    "lobby": Connect(lobby, 2, SIZES),
    "unknown": Connect(unknown_path, 0),
}


@dataclass
class Acting:
    """The owner's game and the frame of the action to send."""

    owner: Actor
    game_id: int
    frame: dict
    check: Callable[[dict], Any] = lambda result: True


def playing(w: World) -> tuple[Actor, int]:
    me = Actor()
    game_id = game_with_moves(me)
    me.call("patch", "games", game_id, body={"watchable": True})
    return me, game_id


def move(w: World) -> Acting:
    me, game_id = playing(w)
    me.call("post", "games", game_id, "taps", body={"position": legal(game_id)[0]})  # deselect
    return Acting(
        me,
        game_id,
        {"action": "move", "positions": legal(game_id)},
        lambda r: r["game"]["moves"] == 4 and len(r["removed"]) >= 2,
    )


def tap(w: World) -> Acting:
    me, game_id = playing(w)
    return Acting(
        me,
        game_id,
        {"action": "tap", "position": legal(game_id)[1]},
        lambda r: r["game"]["version"] == 5,
    )


def undo(w: World) -> Acting:
    me, game_id = playing(w)
    return Acting(
        me, game_id, {"action": "undo", "expected_version": 4}, lambda r: r["game"]["moves"] == 2
    )


def resign(w: World) -> Acting:
    me, game_id = playing(w)
    return Acting(me, game_id, {"action": "resign"}, lambda r: r["game"]["status"] == "resigned")


#: Action → how to set it up, the queries from the frame sent to the last socket's copy of the
#: change: the socket's player read again (its token may have been revoked), then the change
#: as ``test_hot_path_sql`` counts it — what the same action costs over REST, where the token
#: lookup takes the place of the player's read.
ACTIONS: dict[str, tuple[Callable[[World], Acting], Expected]] = {
    "move": (move, change(1)),
    "tap": (tap, change(1)),
    "undo": (undo, change(1)),
    # one UPDATE more: an ending game freezes its challenge attempt, if it is one
    "resign": (resign, change(4)),  # (+2 since webhooks: see games_resign in test_query_counts)
}


def test_every_socket_and_action_has_a_count():
    """A new socket or action without a count fails here."""
    assert sorted({s.name for s in SOCKETS} - set(CONNECTS)) == []
    assert sorted(set(ACTIONS_BY_NAME) ^ set(ACTIONS)) == []


async def built(setup, *args):
    """``setup(*args)`` on the sync thread, which then closes its connection (as Channels'
    ``database_sync_to_async`` does after each call): none is left open when the test ends."""

    def run():
        try:
            return setup(*args)
        finally:
            connections.close_all()

    return await sync_to_async(run)()


CONNECT_CASES = [
    pytest.param(name, size, id=f"{name}-{size}" if len(c.sizes) > 1 else name)
    for name, c in CONNECTS.items()
    for size in c.sizes
]


async def opened(connection: Connection):
    """The socket connected and its first frame (checked)."""
    socket = communicator(connection.path, connection.token)
    connected, _ = await socket.connect()
    assert connected, connection.path
    first = await receive(socket)
    assert first["type"] == connection.first, first
    assert connection.check(first), first
    return socket, first


@pytest.mark.parametrize(("name", "size"), CONNECT_CASES)
async def test_connect_query_count(name, size, query_world, monkeypatch):
    connect = CONNECTS[name]
    connection = await built(connect.setup, query_world, size)
    with all_threads(monkeypatch) as queries:
        with queries.window() as connecting:
            socket, _ = await opened(connection)
        with queries.window() as leaving:
            if connection.closes is not None:
                assert (await socket.receive_output(timeout=5))["code"] == connection.closes
            await socket.disconnect()
    assert not connecting.touched(), "the setup left the token a minute old"
    wanted = expected(connect.queries, size)
    assert connecting.count == wanted, f"{connecting.count} != {wanted}\n{connecting.describe()}"
    assert leaving.count == 0, leaving.describe()


@pytest.mark.parametrize("watchers", WATCHERS)
@pytest.mark.parametrize("name", list(ACTIONS))
async def test_action_query_count(name, watchers, query_world, monkeypatch):
    setup, queries_expected = ACTIONS[name]
    acting = await built(setup, query_world)
    path = game_path(acting.game_id)
    owner, snapshot = await opened(Connection(path, acting.owner.token, "game"))
    others = [(await opened(Connection(path, None, "game")))[0] for _ in range(watchers)]
    version = snapshot["game"]["version"]
    with all_threads(monkeypatch) as queries:
        with queries.window() as acted:
            await owner.send_json_to({**acting.frame, "request_id": f"{name}-1"})
            result = await own_reply(owner)
            assert result["type"] == "result" and result["request_id"] == f"{name}-1", result
            assert result["action"] == name and result["game"]["version"] > version, result
            changed = result["game"]["version"]
            for socket in (owner, *others):
                pushed = await receive_until(
                    socket, lambda m: m["type"] == "game" and m["game"]["version"] == changed
                )
                assert pushed["game"]["status"] == result["game"]["status"]
        with queries.window() as leaving:
            for socket in (owner, *others):
                await socket.disconnect()
    assert acting.check(result), result
    assert not acted.touched(), "the setup left the token a minute old"
    wanted = expected(queries_expected, watchers)
    assert acted.count == wanted, f"{acted.count} != {wanted}\n{acted.describe()}"
    assert leaving.count == 0, leaving.describe()


async def test_disconnects_and_read_only_frames_cost_nothing(query_world, monkeypatch):
    """A frame to a read-only socket is refused without the database (``read_only_socket``)."""
    connection = await built(daily_board, query_world, 2)
    socket, _ = await opened(connection)
    with all_threads(monkeypatch) as queries, queries.window() as refused:
        await socket.send_to(text_data='{"action": "move"}')
        error = await receive(socket)
        await socket.disconnect()
    assert error["type"] == "error" and error["code"] == "read_only_socket", error
    assert refused.count == 0, refused.describe()


def test_the_counter_counts_another_thread_as_django_counts_this_one(make_player, monkeypatch):
    """The same change, counted here as ``django_assert_num_queries`` counts (Django's
    ``CaptureQueriesContext``) and in another thread by :func:`all_threads`: the same
    statements, ``BEGIN`` and ``COMMIT`` included."""
    import threading

    from django.db import connection
    from django.test.utils import CaptureQueriesContext

    from games import actions

    player, _ = make_player()
    game = actions.start_game(player, "HM1-N-AAAAAAA").game
    with CaptureQueriesContext(connection) as here:
        actions.tap(player, game.pk, "P1")

    def tap_elsewhere():
        try:
            actions.tap(player, game.pk, "P1")  # the same tap again: deselects
        finally:
            connections.close_all()

    with all_threads(monkeypatch) as queries, queries.window() as seen:
        thread = threading.Thread(target=tap_elsewhere, name="elsewhere")
        thread.start()
        thread.join(30)
    assert not thread.is_alive()
    assert {name for name, _ in seen.statements} == {"elsewhere"}
    shapes = [sql.split(" ")[0] for _, sql in seen.statements]
    assert shapes == [q["sql"].split(" ")[0] for q in here.captured_queries], seen.describe()
    assert shapes[0] == "BEGIN" and shapes[-1] == "COMMIT"
