"""Where a game was played from: one row per game started over REST, a keyed hash of the
address (never the address), the device token; ready marks and queue joins for races; the
retention period and its pruning."""

from __future__ import annotations

import datetime as dt

import pytest
from django.core.management import call_command

from games.fairplay import origins
from games.fairplay.models import GameOrigin
from games.models import DeviceToken

from .conftest import ELSEWHERE, HOME

pytestmark = pytest.mark.django_db


def test_starting_a_game_records_its_origin_and_never_the_address(player, fake_clock):
    ann = player("ann", HOME)
    game = ann.call("post", "games", body={}, status=201).json()
    (origin,) = GameOrigin.objects.all()
    assert (origin.game_id, origin.player_id, origin.source) == (game["id"], ann.id, "game")
    assert origin.deal.code == game["deal_code"]
    assert origin.token_id == DeviceToken.objects.get(player_id=ann.id).pk
    assert origin.address_hash == origins.address_hash(HOME) != origins.address_hash(ELSEWHERE)
    assert len(origin.address_hash) == 32
    stored = " ".join(str(value) for value in GameOrigin.objects.values().first().values())
    assert HOME not in stored and "203.0.113" not in stored


def test_an_ipv6_client_is_known_by_its_64():
    one = origins.address_hash("2001:db8:1:2:aaaa::1")
    assert one == origins.address_hash("2001:db8:1:2:bbbb:cccc:dddd:eeee")
    assert one != origins.address_hash("2001:db8:1:3::1")
    assert origins.address_hash("::ffff:203.0.113.7") == origins.address_hash("203.0.113.7")
    assert origins.address_hash("") == ""


def test_the_address_behind_a_trusted_proxy_is_the_one_recorded(player, settings, fake_clock):
    settings.HALFMOON_TRUSTED_PROXIES = ["10.0.0.0/8"]
    ann = player("ann", "10.1.2.3")
    ann.client.credentials(HTTP_AUTHORIZATION=f"Token {ann.token}", HTTP_X_FORWARDED_FOR=ELSEWHERE)
    ann.call("post", "games", body={}, status=201)
    assert GameOrigin.objects.get().address_hash == origins.address_hash(ELSEWHERE)


def test_origins_older_than_the_retention_period_are_pruned(player, fake_clock, capsys):
    ann = player("ann")
    ann.call("post", "games", body={}, status=201)
    fake_clock.advance(days=origins.RETENTION.days - 1)
    ann.call("post", "games", body={}, status=201)
    fake_clock.advance(days=1, seconds=1)
    call_command("prune_game_origins")
    assert "Deleted 1 game origin(s) older than 30 days." in capsys.readouterr().out
    (kept,) = GameOrigin.objects.all()
    assert fake_clock() - kept.recorded_at < origins.RETENTION
    assert origins.prune(fake_clock() + dt.timedelta(days=31)) == 1
