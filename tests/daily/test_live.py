"""WS /ws/daily/{date}/: a snapshot, then every new or changed entry after its commit."""

import datetime as dt

import pytest
from asgiref.sync import sync_to_async

from games.daily import services as daily
from games.moderation import services as moderation
from tests.support.sockets import open_socket, receive

from .helpers import DAY, WIN, at, attempt

pytestmark = pytest.mark.django_db(transaction=True)


async def open_board(date="2031-03-14", query=""):
    return await open_socket(f"/ws/daily/{date}/{query}")


@pytest.fixture
def players(new_player, daily_deal):
    return {name: new_player(name) for name in ("ann", "bob", "cy")}


async def test_snapshot_then_each_new_entry_with_its_rank(players, fake_clock):
    ws = await open_board()
    assert await receive(ws) == {
        "type": "board",
        "date": "2031-03-14",
        "closed": False,
        "closes_at": "2031-03-15T00:00:00Z",
        "total": 0,
        "top": [],
    }
    await sync_to_async(attempt)(players["bob"], fake_clock, at(9), at(9, 1), [["P1", "P2"]], True)
    pushed = await receive(ws)
    assert pushed["type"] == "entry" and pushed["change"] == "entered" and pushed["total"] == 1
    assert pushed["entry"]["player"]["name"] == "bob" and pushed["entry"]["rank"] == 1
    assert (pushed["entry"]["result"], pushed["entry"]["score"]) == ("resigned", 10)
    won = await sync_to_async(attempt)(players["ann"], fake_clock, at(10), at(10, 2), WIN)
    pushed = await receive(ws)
    assert pushed["entry"] == {
        "rank": 1,
        "player": {"id": players["ann"].id, "name": "ann"},
        "game_id": won["id"],
        "result": "won",
        "score": 55,
        "moves": 5,
        "elapsed_ms": 120_000,
        "ended_at": "2031-03-14T10:02:00Z",
    }
    assert pushed["total"] == 2
    # A practice game, and moves that end nothing, push nothing.
    await sync_to_async(attempt)(players["ann"], fake_clock, at(11), at(11, 1), WIN)
    playing = await sync_to_async(attempt)(
        players["cy"], fake_clock, at(11), at(11, 1), [["P1", "P2"]]
    )
    late = await open_board()
    snapshot = await receive(late)
    assert [(e["rank"], e["player"]["name"]) for e in snapshot["top"]] == [(1, "ann"), (2, "bob")]
    # Pushes keep their order: when cy's resignation is the next push, nothing came before it.
    await sync_to_async(players["cy"].resign)(playing["id"])
    pushed = await receive(ws)
    assert (pushed["change"], pushed["entry"]["player"]["name"]) == ("entered", "cy")
    await ws.disconnect(), await late.disconnect()


async def test_disqualification_and_reinstatement_are_pushed(players, fake_clock):
    game = await sync_to_async(attempt)(players["ann"], fake_clock, at(9), at(9, 1), WIN)
    ws = await open_board()
    assert (await receive(ws))["total"] == 1
    await sync_to_async(moderation.disqualify)(None, game["id"], "bot")
    pushed = await receive(ws)
    assert (
        pushed["change"],
        pushed["entry"]["game_id"],
        pushed["entry"]["rank"],
        pushed["total"],
    ) == ("removed", game["id"], None, 0)
    await sync_to_async(moderation.reinstate)(None, game["id"], "human after all")
    pushed = await receive(ws)
    assert (pushed["change"], pushed["entry"]["rank"], pushed["total"]) == ("entered", 1, 1)
    await ws.disconnect()


async def test_the_close_pushes_the_late_entries_then_closed(players, fake_clock):
    await sync_to_async(attempt)(players["ann"], fake_clock, at(9), at(9, 1), WIN)
    await sync_to_async(attempt)(players["bob"], fake_clock, at(23), at(23, 30), [["P1", "P2"]])
    ws = await open_board()
    assert (await receive(ws))["total"] == 1
    fake_clock.set(at(0, 5, day=DAY + dt.timedelta(days=1)))
    await sync_to_async(daily.close_day)(DAY)
    entered = await receive(ws)
    assert (
        entered["change"],
        entered["entry"]["player"]["name"],
        entered["entry"]["rank"],
        entered["entry"]["result"],
        entered["total"],
    ) == ("entered", "bob", 2, "unfinished", 2)
    assert await receive(ws) == {"type": "closed", "date": "2031-03-14", "total": 2}
    await ws.disconnect()


@pytest.mark.parametrize(
    "date, query, code",
    [
        ("2031-13-01", "", "invalid_date"),
        ("yesterday", "", "invalid_date"),
        ("2031-03-15", "", "date_in_future"),
        ("2031-03-14", "?limit=500", "invalid_page_size"),
    ],
)
async def test_bad_subscriptions_get_an_error_and_are_closed(players, date, query, code):
    ws = await open_board(date, query)
    message = await receive(ws)
    assert message["type"] == "error" and message["code"] == code and message["message"]
    assert (await ws.receive_output(timeout=5))["code"] == 4400


async def test_the_board_socket_is_read_only(players):
    ws = await open_board()
    await receive(ws)
    await ws.send_json_to({"action": "move", "positions": ["P1", "P2"]})
    message = await receive(ws)
    assert message["type"] == "error" and message["code"] == "read_only_socket"
    await ws.disconnect()
