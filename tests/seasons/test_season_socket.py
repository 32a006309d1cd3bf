"""WS /ws/seasons/{season}/: the board on connect, again after each rebuild, a last frame when
the season closes; a season not started (4404) or not a season (4400) refused."""

import datetime as dt

import pytest
from asgiref.sync import sync_to_async

from tests.daily.helpers import at
from tests.support.sockets import open_socket, receive

from .helpers import EXPECTED, SATURDAY, WEEK, play_two_days, run_jobs

pytestmark = pytest.mark.django_db(transaction=True)


async def test_the_board_on_connect_then_after_each_rebuild_and_at_the_close(
    new_player, fake_clock, daily_deal
):
    await sync_to_async(play_two_days)(new_player, fake_clock)
    ws = await open_socket(f"/ws/seasons/{WEEK}/?limit=2")
    assert await receive(ws) == {
        "type": "season",
        "season": WEEK,
        "closed": False,
        "total": 0,
        "top": [],
    }
    fake_clock.set(at(12, day=SATURDAY + dt.timedelta(days=1)))
    await sync_to_async(run_jobs)()
    frames = [await receive(ws)]
    while frames[-1]["total"] < 3:  # a rebuild per closed day, in order
        frames.append(await receive(ws))
    last = frames[-1]
    assert last["closed"] is False and len(last["top"]) == 3  # live frames carry the top 10
    assert {e["player"]["name"]: e["points"] for e in last["top"]} == EXPECTED
    fake_clock.set(at(12, day=SATURDAY + dt.timedelta(days=2)))  # Monday: the week is over
    await sync_to_async(run_jobs)()
    closed = await receive(ws)
    assert closed["closed"] is True and closed["total"] == 3
    await ws.disconnect()


async def test_a_season_not_started_and_a_bad_key_are_refused(fake_clock, daily_deal):
    ws = await open_socket("/ws/seasons/2031-W12/")
    frame = await receive(ws)
    assert frame["type"] == "error" and frame["code"] == "season_not_started"
    assert (await ws.receive_output())["code"] == 4404
    ws = await open_socket("/ws/seasons/2031-W99/")
    frame = await receive(ws)
    assert frame["type"] == "error" and frame["code"] == "invalid_season"
    assert (await ws.receive_output())["code"] == 4400
