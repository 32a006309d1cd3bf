"""One relay per socket process: each change reaches the process once, every watcher once."""

import json

import pytest
from asgiref.sync import sync_to_async
from channels.layers import get_channel_layer

from games import actions
from realtime.publisher import game_group
from realtime.relay import Relay
from tests.support.sockets import receive, subscribed, watch_game
from tests.support.waiting import wait_until_async

pytestmark = pytest.mark.django_db(transaction=True)


class Watcher:
    def __init__(self):
        self.received = []

    async def forward(self, frame, owner_frame=None):
        self.received.append(frame)


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


async def delivered(layer, group, frame, *watchers):
    """Send ``frame`` to ``group`` and wait until every one of ``watchers`` holds it.

    The relay receives on one channel and forwards each frame to all of its group's watchers
    before it takes the next one, so once a frame has arrived every frame sent before it has
    been handled too: what a watcher did not get by then, it never gets.
    """
    await layer.group_send(group, {"type": "relay.frame", "group": group, "frame": frame})
    await wait_until_async(
        lambda: all(frame in w.received for w in watchers),
        5,
        f"frame {frame!r} of {group} did not reach its watchers",
    )


async def test_the_process_joins_a_group_once_and_leaves_with_its_last_watcher():
    layer = get_channel_layer()
    relay = Relay(CountingLayer(layer))
    first, second, other = Watcher(), Watcher(), Watcher()
    await relay.watch("game.901", first)
    await relay.watch("game.901", second)
    await relay.watch("game.902", other)
    assert relay.layer.calls == [("add", "game.901"), ("add", "game.902")]
    await subscribed("game.901", "game.902")
    await delivered(layer, "game.901", "a", first, second)
    await delivered(layer, "game.902", "mark 1", other)  # after "a": other got all it will
    assert first.received == second.received == ["a"] and other.received == ["mark 1"]
    await relay.unwatch("game.901", first)
    await delivered(layer, "game.901", "b", second)
    assert first.received == ["a"] and second.received == ["a", "b"]
    await relay.unwatch("game.901", second)
    assert relay.layer.calls[-1] == ("discard", "game.901") and "game.901" not in relay.watchers
    await layer.group_send("game.901", {"type": "relay.frame", "group": "game.901", "frame": "c"})
    await delivered(layer, "game.902", "mark 2", other)  # "c", sent before, is handled by now
    assert second.received == ["a", "b"]
    await relay.unwatch("game.902", other)
    relay.task.cancel()


async def test_every_socket_of_a_game_gets_the_same_frame_once(make_player):
    player, token = await sync_to_async(make_player)("owner")
    game = (await sync_to_async(actions.start_game)(player, "HM1-N-AAAAAAA")).game
    await sync_to_async(actions.set_watchable)(player, game.pk, True)
    sockets = [await watch_game(game.pk) for _ in range(3)]
    for socket in sockets:
        assert (await receive(socket))["game"]["version"] == 0
    relay = Relay.current()
    assert len(relay.watchers[game_group(game.pk)]) == 3
    await subscribed(game_group(game.pk))
    outcome = await sync_to_async(actions.tap)(player, game.pk, "P1")
    frames = [await socket.receive_from(timeout=5) for socket in sockets]
    assert len(set(frames)) == 1
    assert json.loads(frames[0]) == {"type": "game", "game": outcome.payload}
    # The next change is the next frame on every socket: the first one came once.
    after = await sync_to_async(actions.tap)(player, game.pk, "P1")
    for socket in sockets:
        assert (await receive(socket))["game"]["version"] == after.payload["version"]
        await socket.disconnect()
    assert game_group(game.pk) not in relay.watchers
