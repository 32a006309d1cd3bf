"""Two daphne processes on PostgreSQL + Redis act as one race service: members on different
processes see each other's progress, the deadline ends the race once, and quick match forms
every race once from requests spread over both processes."""

from __future__ import annotations

import asyncio
import threading

import pytest
import websockets

from games.models import QueueEntry, Race, RaceEvent, RaceMember
from tests.support.http import API, new_player
from tests.support.play import winnable
from tests.support.sockets import receive_json
from tests.support.waiting import join_all

pytestmark = [pytest.mark.postgres, pytest.mark.redis, pytest.mark.process, pytest.mark.slow]

FAST_RACES = {"HALFMOON_RACE_COUNTDOWN_MS": "1500", "HALFMOON_RACE_MIN_TIME_LIMIT_S": "1"}


async def next_race(socket, wanted, seen: list) -> dict:
    while True:
        message = await receive_json(socket, timeout=15)
        seen.append(message)
        if message["type"] == "race" and wanted(message["race"]):
            return message["race"]


def test_members_on_two_processes_race_to_the_deadline(start_server):
    first, second = start_server(**FAST_RACES), start_server(**FAST_RACES)
    code, line = winnable()
    ann, bob = new_player(first.url, "ann"), new_player(second.url, "bob")
    race = ann.post(f"{API}/races", {"seats": 2, "deal_code": code, "time_limit_s": 4}).body
    joined = bob.post(f"{API}/races/join", {"invite": race["invite"]})
    assert joined.status == 200
    bob_id = joined.body["members"][1]["player"]["id"]
    path = f"/ws/races/{race['id']}/"
    seen = {"ann": [], "bob": []}

    async def scenario():
        async with (
            websockets.connect(f"{first.ws_url}{path}?token={ann.token}") as on_first,
            websockets.connect(f"{second.ws_url}{path}?token={bob.token}") as on_second,
        ):
            sockets = {"ann": on_first, "bob": on_second}
            for name in sockets:
                await next_race(sockets[name], lambda r: True, seen[name])
            for client in (ann, bob):
                assert (
                    await asyncio.to_thread(
                        client.post, f"{API}/races/{race['id']}/ready", {"ready": True}
                    )
                ).status == 200
            assert (
                await asyncio.to_thread(ann.post, f"{API}/races/{race['id']}/start")
            ).status == 200
            running = {
                name: await next_race(sockets[name], lambda r: r["status"] == "running", seen[name])
                for name in sockets
            }
            bob_game = next(
                m["game_id"] for m in running["bob"]["members"] if m["player"]["id"] == bob_id
            )
            reply = await asyncio.to_thread(
                bob.post, f"{API}/games/{bob_game}/moves", {"positions": list(line[0])}
            )
            assert reply.status == 200
            progress = await next_race(
                sockets["ann"],
                lambda r: any(m["progress"] and m["progress"]["moves"] == 1 for m in r["members"]),
                seen["ann"],
            )
            assert progress["status"] == "running"
            ended = {
                name: await next_race(
                    sockets[name], lambda r: r["status"] == "finished", seen[name]
                )
                for name in sockets
            }
            return ended

    ended = asyncio.run(scenario())
    assert ended["ann"]["version"] == ended["bob"]["version"]
    assert ended["ann"]["end_reason"] == "time"
    assert ended["ann"]["standings"][0]["player"]["id"] == bob_id  # one move ahead
    stored = Race.objects.get(pk=race["id"])
    assert stored.version == ended["ann"]["version"]
    assert RaceEvent.objects.filter(race_id=race["id"], kind="finished").count() == 1
    for name in seen:
        finished = [
            m for m in seen[name] if m["type"] == "race" and m["race"]["status"] == "finished"
        ]
        assert len(finished) == 1


def test_quick_match_requests_over_two_processes_form_every_race_once(start_server):
    servers = [start_server(), start_server()]
    players = [new_player(servers[i % 2].url, f"q{i}") for i in range(40)]
    barrier = threading.Barrier(len(players))
    replies: list = [None] * len(players)

    def enqueue(index, client):
        barrier.wait(timeout=30)
        replies[index] = client.post(f"{API}/matchmaking", {"seats": 2})

    threads = [threading.Thread(target=enqueue, args=(i, p)) for i, p in enumerate(players)]
    for thread in threads:
        thread.start()
    join_all(threads, 120, "a quick-match request never finished")
    assert all(reply.status == 202 for reply in replies), [r.status for r in replies]
    assert not QueueEntry.objects.exists()
    counts = {}
    for member in RaceMember.objects.all():
        counts[member.player_id] = counts.get(member.player_id, 0) + 1
    assert len(counts) == 40 and set(counts.values()) == {1}
    assert Race.objects.filter(matched=True).count() == 20
    for client in players:
        assert client.get(f"{API}/matchmaking").body["status"] == "matched"
