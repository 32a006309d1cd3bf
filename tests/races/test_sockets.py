"""The race socket and the personal socket through the ASGI application (WebsocketCommunicator),
the race clock with a controllable clock, and a leak scanner over everything members receive."""

from __future__ import annotations

import json

import pytest
from asgiref.sync import sync_to_async

from games.models import Race
from tests.support.sockets import open_socket, receive, receive_until

from .helpers import CARD, ok

pytestmark = pytest.mark.django_db(transaction=True)


def race_path(race_id) -> str:
    return f"/ws/races/{race_id}/"


async def next_race(socket, wanted=lambda race: True, seen=None) -> dict:
    """The next race frame whose race ``wanted`` accepts (every frame goes to ``seen``)."""

    def keep(message):
        if seen is not None:
            seen.append(message)

    message = await receive_until(
        socket, lambda m: m["type"] == "race" and wanted(m["race"]), keep, timeout=5
    )
    keep(message)
    return message["race"]


async def test_members_see_every_change_and_the_deadline_ends_the_race(
    members, fake_clock, winning, settings
):
    ann, bob = await sync_to_async(members)(2)
    race = ok(await sync_to_async(ann.create)(2, deal_code=winning[0], time_limit_s=60), 201)
    ann_socket = await open_socket(race_path(race["id"]), ann.token)
    first = await next_race(ann_socket)
    assert first["version"] == race["version"] and first["status"] == "open"
    ok(await sync_to_async(bob.join)(race["invite"]))
    joined = await next_race(ann_socket)
    assert [m["player"]["id"] for m in joined["members"]] == [ann.id, bob.id]
    bob_socket = await open_socket(race_path(race["id"]), bob.token)
    assert (await next_race(bob_socket))["version"] == joined["version"]
    for member in (ann, bob):
        ok(await sync_to_async(member.ready)(race["id"]))
    ok(await sync_to_async(ann.start)(race["id"]))
    for socket in (ann_socket, bob_socket):
        assert (await next_race(socket, lambda r: r["status"] == "countdown"))["deal_code"] is None

    # Nobody acts: the race clock of this process runs the race at starts_at...
    fake_clock.advance(milliseconds=settings.HALFMOON_RACE_COUNTDOWN_MS)
    running = {}
    for member, socket in ((ann, ann_socket), (bob, bob_socket)):
        running[member.id] = await next_race(socket, lambda r: r["status"] == "running")
        assert running[member.id]["deal_code"] == winning[0]
        own = [
            m["game_id"] for m in running[member.id]["members"] if m["player"]["id"] == member.id
        ]
        others = [
            m["game_id"] for m in running[member.id]["members"] if m["player"]["id"] != member.id
        ]
        assert own[0] is not None and others == [None]
    # ... progress reaches the other member ...
    bob_game = bob.own_game_id(running[bob.id])
    ok(await sync_to_async(bob.move)(bob_game, winning[1][0]))
    progress = await next_race(ann_socket, lambda r: r["version"] > running[ann.id]["version"])
    assert [m["progress"]["moves"] for m in progress["members"]] == [0, 1]
    # ... and ends it at ends_at.
    fake_clock.advance(seconds=60)
    for socket in (ann_socket, bob_socket):
        ended = await next_race(socket, lambda r: r["status"] == "finished")
        assert ended["end_reason"] == "time" and ended["standings"][0]["player"]["id"] == bob.id
    stored = await sync_to_async(Race.objects.get)(pk=race["id"])
    assert stored.version == ended["version"]  # one end, however many clocks looked
    await ann_socket.disconnect(), await bob_socket.disconnect()


async def test_a_non_member_is_refused(members):
    ann, bob = await sync_to_async(members)(2)
    race = ok(await sync_to_async(ann.create)(2), 201)
    for token in (bob.token, None):
        socket = await open_socket(race_path(race["id"]), token)
        error = await receive(socket)
        assert error["type"] == "error" and error["code"] == "race_not_found"
        assert "invite" not in json.dumps(error)
        assert (await socket.receive_output(timeout=5))["code"] == 4404
    socket = await open_socket(race_path(race["id"]), ann.token)
    assert (await receive(socket))["race"]["id"] == race["id"]
    await socket.send_to(text_data='{"action": "start"}')
    assert (await receive(socket))["code"] == "read_only_socket"
    await socket.disconnect()


async def test_the_personal_socket_hears_a_quick_match(members):
    ann, bob = await sync_to_async(members)(2)
    anonymous = await open_socket("/ws/me/")
    assert (await receive(anonymous))["code"] == "not_authenticated"
    assert (await anonymous.receive_output(timeout=5))["code"] == 4401
    ann_me = await open_socket("/ws/me/", ann.token)
    assert ok(await sync_to_async(ann.post)("matchmaking", body={"seats": 2}), 202)["status"] == (
        "waiting"
    )
    matched = ok(await sync_to_async(bob.post)("matchmaking", body={"seats": 2}), 202)
    assert matched["status"] == "matched"
    frame = await receive(ann_me)
    assert frame["type"] == "matched" and frame["race"]["id"] == matched["race"]["id"]
    assert frame["race"]["status"] == "countdown" and all(
        m["ready"] for m in frame["race"]["members"]
    )
    late = await open_socket("/ws/me/", bob.token)  # connecting later: told on connect
    assert (await receive(late))["race"]["id"] == matched["race"]["id"]
    await ann_me.disconnect(), await late.disconnect()


@pytest.mark.slow
async def test_nothing_a_member_receives_during_a_race_holds_another_members_card(
    members, fake_clock, winning, settings
):
    """The leak scanner: every frame (race socket, own game socket, personal socket) and every
    REST response a member receives while the race runs is checked: a race representation
    holds no card at all, a game representation only the member's own game."""
    crew = await sync_to_async(members)(3)
    host = crew[0]
    race = ok(await sync_to_async(host.create)(3, deal_code=winning[0], time_limit_s=120), 201)
    received = {m.id: [] for m in crew}
    for member in crew[1:]:
        received[member.id].append(ok(await sync_to_async(member.join)(race["invite"])))
    sockets = {m.id: await open_socket(race_path(race["id"]), m.token) for m in crew}
    for member in crew:
        received[member.id].append(ok(await sync_to_async(member.ready)(race["id"])))
    received[host.id].append(ok(await sync_to_async(host.start)(race["id"])))
    fake_clock.advance(milliseconds=settings.HALFMOON_RACE_COUNTDOWN_MS)
    own = {}
    for member in crew:
        running = await next_race(sockets[member.id], lambda r: r["status"] == "running")
        own[member.id] = member.own_game_id(running)
    game_sockets = {m.id: await open_socket(f"/ws/games/{own[m.id]}/", m.token) for m in crew}
    made = {m.id: 0 for m in crew}
    for step in range(6):
        for index, member in enumerate(crew):
            if step % (index + 1):
                continue  # the members play at different paces
            positions = winning[1][made[member.id]]
            made[member.id] += 1
            response = await sync_to_async(member.move)(own[member.id], positions)
            received[member.id].append(ok(response))
            received[member.id].append(ok(await sync_to_async(member.race)(race["id"])))
    for member in crew:  # and peeking at the others' games is refused without a card
        for other in crew:
            if other is not member:
                response = await sync_to_async(member.get)("games", own[other.id])
                received[member.id].append(response.json())
    final = await sync_to_async(Race.objects.get)(pk=race["id"])
    for member in crew:  # everything sent to the sockets up to the last change
        keep = received[member.id].append
        keep(
            await receive_until(
                sockets[member.id],
                lambda m: m.get("race", {}).get("version") == final.version,
                keep,
            )
        )
        keep(
            await receive_until(
                game_sockets[member.id],
                lambda m: m["game"]["moves"] == made[m["game"]["owner"]["id"]],
                keep,
            )
        )
    checked = 0
    for member in crew:
        for message in received[member.id]:
            for game in games_in(message):
                assert game["id"] == own[member.id], (member.name, game["id"])
            text = json.dumps(strip_own_games(message, own[member.id]))
            assert not CARD.search(text), (member.name, CARD.findall(text), message)
            checked += 1
    assert checked > 40
    for socket in [*sockets.values(), *game_sockets.values()]:
        await socket.disconnect()


def games_in(message) -> list[dict]:
    """Game representations inside a frame or a response."""
    if isinstance(message, dict):
        if "piles" in message and "reserve" in message:
            return [message]
        return [g for value in message.values() for g in games_in(value)]
    if isinstance(message, list):
        return [g for value in message for g in games_in(value)]
    return []


def strip_own_games(message, own_id):
    """The message without the member's own game (and the cards removed from it)."""
    if isinstance(message, dict):
        if message.get("id") == own_id and "piles" in message:
            return None
        if message.get("type") == "result" or ("removed" in message and "game" in message):
            return {k: strip_own_games(v, own_id) for k, v in message.items() if k != "removed"}
        return {k: strip_own_games(v, own_id) for k, v in message.items()}
    if isinstance(message, list):
        return [strip_own_games(v, own_id) for v in message]
    return message


async def test_the_other_members_hear_at_once_who_started_a_rematch(running_race, members):
    """The finished race's socket tells every member of the rematch and who started it; a
    member who is not in the race hears nothing of it and cannot see it."""
    (ann, bob), race = await sync_to_async(running_race)(2)
    for member in (ann, bob):
        running = ok(await sync_to_async(member.race)(race["id"]))
        ok(await sync_to_async(member.resign)(member.own_game_id(running)))
    bob_socket = await open_socket(race_path(race["id"]), bob.token)
    finished = await next_race(bob_socket, lambda r: r["status"] == "finished")
    assert finished["rematch"] is None
    rematch = ok(await sync_to_async(ann.post)("races", race["id"], "rematch"), 201)
    heard = await next_race(bob_socket, lambda r: r["version"] > finished["version"])
    assert heard["rematch"] == {
        "id": rematch["id"],
        "invite": rematch["invite"],
        "host": {"id": ann.id, "name": ann.name},
    }
    assert ok(await sync_to_async(bob.race)(race["id"]))["rematch"] == heard["rematch"]
    joined = ok(await sync_to_async(bob.post)("races", race["id"], "rematch"), 201)
    assert joined["id"] == rematch["id"] and joined["host"]["id"] == ann.id
    (outsider,) = await sync_to_async(members)(1)
    socket = await open_socket(race_path(race["id"]), outsider.token)
    assert (await receive(socket))["code"] == "race_not_found"
    await socket.disconnect(), await bob_socket.disconnect()
