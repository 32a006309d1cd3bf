"""Nothing of fair play reaches a player: no REST response and no socket frame the flagged
player (or anyone else) gets carries a flag, its figures, or where a game was played from."""

from __future__ import annotations

import json

import pytest
from asgiref.sync import sync_to_async

from games.fairplay.models import FairPlayFlag, GameOrigin
from tests.daily.helpers import DAY
from tests.support.sockets import open_socket, receive

from .conftest import HOME

pytestmark = pytest.mark.django_db(transaction=True)

#: What a flag or an origin would show if it leaked: its fields, its kinds, its figures' keys.
FORBIDDEN = (
    "fair_play",
    "fairplay",
    "flag",
    "rehearsal",
    "foresight",
    "strength",
    "figures",
    "earlier",
    "median_interval",
    "threshold",
    "address_hash",
    "origin",
    "token_id",
    HOME,
)


def leaked(text: str, hashes: set[str]) -> list[str]:
    lowered = text.lower()
    return [word for word in (*FORBIDDEN, *hashes) if word.lower() in lowered]


def player_reads(player, game_id: int) -> list[tuple[str, str]]:
    paths = [
        ("games", game_id),
        ("games",),
        ("games", game_id, "log"),
        ("players", "me"),
        ("players", player.id, "stats"),
        ("daily",),
        ("daily", DAY.isoformat(), "leaderboard"),
        ("ratings",),
    ]
    answers = []
    for parts in paths:
        response = player.client.get("/api/v1/" + "/".join(map(str, parts)))
        assert response.status_code in (200, 403, 404), (parts, response.content)
        answers.append(("/".join(map(str, parts)), response.content.decode()))
    return answers


def test_no_player_response_carries_a_flag(flagged, player, fake_clock):
    scout, scouted, main, attempt = flagged
    assert FairPlayFlag.objects.filter(game_id=attempt["id"]).count() >= 2
    hashes = set(GameOrigin.objects.values_list("address_hash", flat=True))
    stranger = player("stranger")
    readers = ((main, attempt["id"]), (scout, scouted["id"]), (stranger, attempt["id"]))
    for reader, game_id in readers:
        for path, body in player_reads(reader, game_id):
            assert not leaked(body, hashes), (path, leaked(body, hashes))
    fake_clock.advance(days=1)  # the day closed: its games and board are anyone's to see
    for path, body in player_reads(stranger, attempt["id"]):
        assert not leaked(body, hashes), (path, leaked(body, hashes))
    assert attempt["id"] == stranger.call("get", "games", attempt["id"]).json()["id"]


async def test_no_socket_frame_carries_a_flag(flagged):
    _, _, main, attempt = flagged
    hashes = set(
        await sync_to_async(
            lambda: set(GameOrigin.objects.values_list("address_hash", flat=True))
        )()
    )
    for path in (f"/ws/games/{attempt['id']}/", f"/ws/daily/{DAY.isoformat()}/"):
        socket = await open_socket(path, main.token)
        try:
            frame = await receive(socket)
        finally:
            await socket.disconnect()
        text = json.dumps(frame)
        assert not leaked(text, hashes), (path, leaked(text, hashes))
