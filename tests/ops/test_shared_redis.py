"""Two deployments on one Redis server do not hear each other's games: pub/sub channels are
server-wide, so each deployment names its channels with a prefix of its own."""

import pytest
from asgiref.sync import sync_to_async
from channels.layers import channel_layers
from channels_redis.pubsub import RedisPubSubChannelLayer

from halfmoon_service.env import channel_layer_from_url, deployment_prefix
from realtime.publisher import send_frame

pytestmark = [pytest.mark.redis, pytest.mark.django_db]


def deployment_layer(redis_url: str, database_name: str) -> dict:
    """The channel layer settings a deployment storing its games in ``database_name`` gets."""
    database = {
        "ENGINE": "django.db.backends.postgresql",
        "HOST": "127.0.0.1",
        "PORT": 5432,
        "NAME": database_name,
    }
    return channel_layer_from_url(redis_url, deployment_prefix(database, redis_url))


def test_deployments_get_their_own_prefix_and_a_setting_names_one(settings):
    a, b = (deployment_layer(settings.REDIS_URL, name) for name in ("halfmoon_a", "halfmoon_b"))
    assert a["CONFIG"]["prefix"] != b["CONFIG"]["prefix"]
    assert deployment_layer(settings.REDIS_URL, "halfmoon_a") == a  # stable across restarts
    assert (
        settings.CHANNEL_LAYERS["default"]["CONFIG"]["prefix"] == settings.HALFMOON_CHANNEL_PREFIX
    )


async def test_a_watcher_of_deployment_b_never_receives_deployment_a_s_game(settings):
    a = deployment_layer(settings.REDIS_URL, "halfmoon_a")
    b = deployment_layer(settings.REDIS_URL, "halfmoon_b")
    watcher_layer = RedisPubSubChannelLayer(**b["CONFIG"])
    channel = await watcher_layer.new_channel()
    await watcher_layer.group_add("game.47", channel)
    settings.CHANNEL_LAYERS = {"default": a}
    channel_layers.backends.clear()
    try:
        await sync_to_async(send_frame)("game.47", '{"type":"game","game":{"id":47,"from":"a"}}')
    finally:
        channel_layers.backends.clear()
    # B's own change of its game 47 comes after A's: the first frame B's watcher gets is B's.
    await watcher_layer.group_send(
        "game.47",
        {"type": "relay.frame", "group": "game.47", "frame": '{"type":"game","game":{"id":47}}'},
    )
    received = await watcher_layer.receive(channel)
    assert received["frame"] == '{"type":"game","game":{"id":47}}'
    await watcher_layer.flush()
