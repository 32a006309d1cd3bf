"""Publishing game changes to WebSocket watchers through the channel layer."""
import logging

from asgiref.sync import async_to_sync
from channels.layers import get_channel_layer

logger = logging.getLogger(__name__)


def game_group(game_id: int) -> str:
    return f"game.{game_id}"


def publish_game(payload: dict) -> None:
    """Send a game's new representation to everyone watching it. Call after commit only."""
    layer = get_channel_layer()
    if layer is None:
        return
    try:
        async_to_sync(layer.group_send)(game_group(payload["id"]),
                                        {"type": "game.changed", "game": payload})
    except Exception:  # the change is committed; a watcher resynchronises from `version`
        logger.exception("Could not publish game %s version %s", payload["id"], payload["version"])
