"""Response bodies shared by the REST views and the WebSocket consumer."""
from games.presentation import removal_payload

from .messages import message_for


def player_payload(player, token: str | None = None) -> dict:
    body = {"id": player.pk, "name": player.name, "settings": player.settings_dict()}
    if token is not None:
        body["token"] = token
    return body


def tap_payload(outcome, player) -> dict:
    """The answer to a tap: message only with ``move_errors``, dimmed only with ``placement_aid``."""
    result = outcome.result
    message = None
    if result.message and player.move_errors:
        message = {"code": result.message, "text": message_for(result.message)}
    game = outcome.owner_payload
    return {"game": game, "removed": removal_payload(result.removal),
            "message": message, "dimmed": game["dimmed"]}
