"""Every event, played through the real paths, delivered to a real receiver: the payloads
carry public results only — never a card (the hidden 9C above all), a deal's code or layout,
a game's position, a token — and a player's game reaches only the apps that player connected.
docs/WEBHOOKS.md, "Who receives what"."""

from __future__ import annotations

import datetime as dt
import json
import re

from django.core.management import call_command

from games.management import jobs
from games.models import Delivery, Player
from games.webhooks import services as webhooks
from games.webhooks.events import EVENTS
from tests.daily.conftest import daily_deal, fake_clock, new_player, private_board_keys
from tests.daily.helpers import (
    DAY,
    HIDDEN,
    PILES,
    RESERVE,
    WIN,
    at,
    attempt,
    store_daily_layout,
)
from tests.seasons.helpers import SATURDAY, WEEK, play_two_days

from .conftest import connect

__all__ = ["daily_deal", "fake_clock", "new_player", "private_board_keys"]

CARD = re.compile(r"(?<![0-9A-Za-z])(?:10|[2-9AJQK])[CDHS](?![0-9A-Za-z])")
LAYOUT_CARDS = {card for pile in PILES for card in pile} | {c for c in RESERVE if c}


def assert_public(body: bytes, *secrets: str) -> dict:
    """The body holds no card, no deal code or layout, no position, none of ``secrets``."""
    text = body.decode()
    assert HIDDEN not in text
    assert CARD.findall(text) == [], text
    assert not LAYOUT_CARDS & set(re.findall(r"[0-9A-Z]{2,3}", text)), text
    for forbidden in ("HM1-", "deal_code", "layout", "piles", "reserve", "state", "token"):
        assert forbidden not in text, (forbidden, text)
    for secret in secrets:
        assert secret not in text
    return json.loads(text)


def test_daily_and_season_events_are_public_results_and_game_ends_private(
    app, receiver, new_player, fake_clock, daily_deal
):
    webhooks.subscribe(app.pk, receiver.url, list(EVENTS))
    players = play_two_days(new_player, fake_clock)
    ann = Player.objects.get(pk=players["ann"].id)
    connect(ann, app)  # ann connects the app after Friday: only her later games reach it
    # Saturday's games are played already; a third day's game of hers ends now (the fake
    # clock signs with its own moment, so tests/webhooks/test_delivery.py verifies signatures)
    sunday = SATURDAY + dt.timedelta(days=1)
    store_daily_layout(sunday)
    attempt(players["ann"], fake_clock, at(9, day=sunday), at(9, 1, day=sunday), WIN)
    attempt(players["bea"], fake_clock, at(9, day=sunday), at(9, 2, day=sunday), WIN)
    fake_clock.set(at(12, day=DAY + dt.timedelta(days=3)))  # Monday: the week is over
    call_command("run_jobs", "--once", "--job", "close_daily", "--job", "close_seasons")
    call_command("run_jobs", "--once", "--job", "deliver_webhooks")
    events = [json.loads(got.body)["type"] for got in receiver.received]
    assert sorted(events) == sorted(["game.ended"] + ["daily.closed"] * 3 + ["season.closed"]), (
        events
    )
    tokens = [p.token for p in players.values()]
    by_type: dict[str, list[dict]] = {}
    for got in receiver.received:
        assert_public(got.body, *tokens)
        by_type.setdefault(json.loads(got.body)["type"], []).append(json.loads(got.body))
    [ended] = by_type["game.ended"]
    assert ended["data"]["player"] == {"id": ann.pk, "name": "ann"}  # not bea's game
    assert ended["data"]["result"] == "won" and ended["data"]["daily_date"] == sunday.isoformat()
    friday = next(m for m in by_type["daily.closed"] if m["data"]["date"] == DAY.isoformat())
    assert [e["player"]["name"] for e in friday["data"]["top"]] == ["ann", "bea", "cid"]
    assert friday["data"]["total"] == 3
    [season] = by_type["season.closed"]
    assert season["data"]["season"] == WEEK and season["data"]["top"][0]["player"]["name"]
    assert Delivery.objects.filter(status="delivered").count() == 5


def test_a_player_who_connected_no_app_sends_it_nothing(
    app, receiver, new_player, fake_clock, daily_deal
):
    webhooks.subscribe(app.pk, receiver.url, ["game.ended", "challenge.result"])
    bea = new_player("bea")
    attempt(bea, fake_clock, at(9), at(9, 1), WIN)
    assert Delivery.objects.count() == 0
    jobs.deliver_webhooks()
    assert receiver.received == []
