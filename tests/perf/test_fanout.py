"""One relay per socket process: each change reaches the process once, every watcher once."""
import asyncio
import json

import pytest
from asgiref.sync import sync_to_async
from channels.layers import get_channel_layer
from channels.testing import WebsocketCommunicator

from realtime.relay import Relay
from games import actions
from realtime.publisher import game_group
from halfmoon_service.asgi import application

pytestmark = pytest.mark.django_db(transaction=True)


class Watcher:
    def __init__(self):
        self.received = []

    async def forward(self, frame):
        self.received.append(frame)


async def settle():
    for _ in range(20):
        await asyncio.sleep(0.01)


class CountingLayer:
    """The real channel layer, counting group joins and leaves."""

    def __init__(self, layer):
        self.layer, self.calls = layer, []

    def __getattr__(self, name):
        return getattr(self.layer, name)

    async def group_add(self, group, channel):
        self.calls.append(("add", group))
        await self.layer.group_add(group, channel)

    async def group_discard(self, group, channel):
        self.calls.append(("discard", group))
        await self.layer.group_discard(group, channel)


async def test_the_process_joins_a_group_once_and_leaves_with_its_last_watcher():
    layer = get_channel_layer()
    relay = Relay(CountingLayer(layer))
    first, second, other = Watcher(), Watcher(), Watcher()
    await relay.watch("game.901", first)
    await relay.watch("game.901", second)
    await relay.watch("game.902", other)
    assert relay.layer.calls == [("add", "game.901"), ("add", "game.902")]
    await settle()  # the subscriptions are in place
    await layer.group_send("game.901", {"type": "relay.frame", "group": "game.901", "frame": "a"})
    await settle()
    assert first.received == second.received == ["a"] and other.received == []
    await relay.unwatch("game.901", first)
    await layer.group_send("game.901", {"type": "relay.frame", "group": "game.901", "frame": "b"})
    await settle()
    assert first.received == ["a"] and second.received == ["a", "b"]
    await relay.unwatch("game.901", second)
    assert relay.layer.calls[-1] == ("discard", "game.901") and "game.901" not in relay.watchers
    await layer.group_send("game.901", {"type": "relay.frame", "group": "game.901", "frame": "c"})
    await settle()
    assert second.received == ["a", "b"]
    await relay.unwatch("game.902", other)
    relay.task.cancel()


async def test_every_socket_of_a_game_gets_the_same_frame_once(make_player):
    player, token = await sync_to_async(make_player)("owner")
    game = (await sync_to_async(actions.start_game)(player, "HM1-N-AAAAAAA")).game
    sockets = [WebsocketCommunicator(application, f"/ws/games/{game.pk}/") for _ in range(3)]
    for socket in sockets:
        assert (await socket.connect())[0]
        assert json.loads(await socket.receive_from())["game"]["version"] == 0
    relay = Relay.current()
    assert len(relay.watchers[game_group(game.pk)]) == 3
    await settle()
    outcome = await sync_to_async(actions.tap)(player, game.pk, "P1")
    frames = [await socket.receive_from(timeout=5) for socket in sockets]
    assert len(set(frames)) == 1
    assert json.loads(frames[0]) == {"type": "game", "game": outcome.payload}
    for socket in sockets:
        assert await socket.receive_nothing(timeout=0.2)
        await socket.disconnect()
    assert game_group(game.pk) not in relay.watchers
