"""WS /ws/races/open/: the lobby's open public races, live (issue 38's "the lobby polls").

The list on connect, then the whole list after every change of it: a public race opened, a seat
taken, the race full (it leaves), cancelled (it leaves). A private race's changes never reach
it — not its id, not even a frame. Through the ASGI application (WebsocketCommunicator), the
changes made over REST."""

from __future__ import annotations

import pytest
from asgiref.sync import sync_to_async

from tests.support.sockets import ended, open_socket, receive

from .helpers import ok

pytestmark = pytest.mark.django_db(transaction=True)

LOBBY = "/ws/races/open/"


def listed(frame: dict) -> dict[int, int]:
    """A frame's races: id -> seats taken."""
    assert frame["type"] == "open_races", frame
    return {race["id"]: race["taken"] for race in frame["results"]}


async def test_the_lobby_gets_the_list_on_connect_and_after_every_change(members):
    ann, bob, cat, dan, pia = await sync_to_async(members)(5)
    first = ok(await sync_to_async(ann.create)(3, public=True), 201)
    socket = await open_socket(LOBBY, cat.token)
    frames = [await receive(socket)]
    assert listed(frames[-1]) == {first["id"]: 1}
    assert frames[-1]["results"][0]["host"]["name"] == first["host"]["name"]

    private = ok(await sync_to_async(pia.create)(2), 201)  # sends nothing to the lobby
    ok(await sync_to_async(bob.post)("races", first["id"], "join"))
    frames.append(await receive(socket))
    assert listed(frames[-1]) == {first["id"]: 2}  # the next frame is the join's

    ok(await sync_to_async(cat.post)("races", first["id"], "join"))  # full: off the list
    frames.append(await receive(socket))
    assert listed(frames[-1]) == {}

    second = ok(await sync_to_async(dan.create)(2, public=True), 201)
    frames.append(await receive(socket))
    assert listed(frames[-1]) == {second["id"]: 1}
    ok(await sync_to_async(dan.post)("races", second["id"], "cancel"))
    frames.append(await receive(socket))
    assert listed(frames[-1]) == {}

    ats = [frame["at"] for frame in frames]
    assert ats == sorted(ats), ats
    assert all(private["id"] not in listed(frame) for frame in frames)
    await socket.disconnect()


async def test_a_private_race_never_reaches_the_lobby(members):
    """Its creation, a join, the start: no frame at all (not even an unchanged list) — the
    frame after them is a public race's, made after them."""
    pia, quinn, ann = await sync_to_async(members)(3)
    socket = await open_socket(LOBBY, pia.token)  # its own creator watching changes nothing
    assert listed(await receive(socket)) == {}
    race = ok(await sync_to_async(pia.create)(2), 201)
    ok(await sync_to_async(quinn.join)(race["invite"]))
    for member in (pia, quinn):
        ok(await sync_to_async(member.ready)(race["id"]))
    ok(await sync_to_async(pia.start)(race["id"]))
    public = ok(await sync_to_async(ann.create)(2, public=True), 201)
    assert listed(await receive(socket)) == {public["id"]: 1}
    await socket.disconnect()


async def test_the_lobby_is_for_players_as_the_rest_list_is():
    socket = await open_socket(LOBBY)
    refused = await receive(socket)
    assert refused["type"] == "error" and refused["code"] == "not_authenticated", refused
    assert (await socket.receive_output())["code"] == 4401
    await ended(socket, 4401)


async def test_the_lobby_is_read_only(members):
    (ann,) = await sync_to_async(members)(1)
    socket = await open_socket(LOBBY, ann.token)
    assert listed(await receive(socket)) == {}
    await socket.send_to(text_data='{"action": "join", "race_id": 1}')
    refused = await receive(socket)
    assert refused["type"] == "error" and refused["code"] == "read_only_socket", refused
    await socket.disconnect()
