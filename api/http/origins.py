"""Where a player acts from, recorded for the staff's fair-play review (one INSERT, after the
act): the client's address (behind the trusted proxies) goes to
:mod:`games.fairplay.origins`, which keeps a keyed hash of it, never the address, and the device
token's id. Nothing of fair play is ever in a response: this records and returns nothing."""

from __future__ import annotations

from api.http.client_address import of_request
from games.fairplay import origins
from games.play.models import Game


def _token_id(request) -> int | None:
    """The device token's id (``PlayerTokenAuthentication`` puts it in ``request.auth``)."""
    auth = request.auth
    return auth if isinstance(auth, int) and not isinstance(auth, bool) else None


def game_started(request, game: Game) -> None:
    origins.game_started(game, of_request(request), _token_id(request))


def marked_ready(request, race_id: int) -> None:
    origins.marked_ready(request.user, race_id, of_request(request), _token_id(request))


def queued(request, answer: dict) -> None:
    """A quick-match join; ``answer`` is the queue's reply (with the race when matched at once)."""
    race = answer.get("race") if answer.get("status") == "matched" else None
    race_id = race.get("id") if isinstance(race, dict) else None
    origins.queued(request.user, of_request(request), _token_id(request), race_id)
