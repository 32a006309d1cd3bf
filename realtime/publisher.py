"""From domain events to socket frames: the receivers of ``games.core.signals``.

A change is serialised once, here, as the exact text frame every watcher receives, so the
socket servers only forward it (no per-socket JSON encoding). With Redis, the channel layer is
``RedisPubSubChannelLayer``: one PUBLISH per change, received once by each socket process's
relay (:mod:`realtime.relay`), which writes it to its local watchers. Sync code (a gunicorn
worker, a consumer's database thread) publishes on the process's Redis connection
(:func:`games.core.redis.client`) exactly as the layer's own ``group_send`` would, instead of
``async_to_sync``, which makes an event loop and a layer connection for every message.
"""

from __future__ import annotations

import datetime as dt
import json
import logging

from asgiref.sync import async_to_sync
from channels.layers import get_channel_layer
from channels_redis.pubsub import RedisPubSubChannelLayer
from channels_redis.utils import decode_hosts
from django.conf import settings
from django.dispatch import receiver
from redis.exceptions import RedisError

from games import actions
from games.core import clock, redis
from games.core.signals import (
    board_changed,
    challenge_changed,
    game_changed,
    player_changed,
    player_deleted,
    race_changed,
    race_matched,
    season_changed,
    tokens_revoked,
)
from games.races.presentation import GAMES_KEY, for_viewer

from .frames import (
    ChallengeBoardFrame,
    ClosedFrame,
    EntryFrame,
    GameFrame,
    MatchedFrame,
    OpenRacesFrame,
    RaceFrame,
    SeasonFrame,
    dumps,
)

logger = logging.getLogger(__name__)

#: The one message type that travels through the layer: a frame for a group's watchers.
RELAY_MESSAGE = "relay.frame"


def game_group(game_id: int) -> str:
    return f"game.{game_id}"


def board_group(date: dt.date) -> str:
    return f"daily.{date.isoformat()}"


def season_group(season: str) -> str:
    return f"season.{season}"


def challenge_group(challenge_id: int) -> str:
    return f"challenge.{challenge_id}"


def race_group(race_id: int) -> str:
    return f"race.{race_id}"


#: The lobby's watchers (``/ws/races/open/``): every change of the open public races.
LOBBY_GROUP = "races.open"
#: The statuses a public race's change can move the lobby's list in: it opens, a seat is taken
#: or freed, its countdown begins (it leaves the list) or is called off, it is cancelled. A
#: running or finished race was not listed before its change and is not after it.
LOBBY_STATUSES = frozenset({"open", "countdown", "cancelled"})


def player_group(player_id: int) -> str:
    """A player's own channel (``/ws/me/``): frames sent here reach the client."""
    return f"player.{player_id}"


def credentials_group(player_id: int) -> str:
    """A player's sockets, told of revoked tokens, suspension and settings
    (:mod:`realtime.credentials`); nothing sent here reaches a client as it is."""
    return f"player.{player_id}.credentials"


def send_frame(group: str, frame: str, owner_frame: str | None = None) -> None:
    """Hand a serialised frame to every watcher of ``group``, in every socket process
    (``owner_frame``, when given, to the owner's own sockets instead)."""
    message = {"type": RELAY_MESSAGE, "group": group, "frame": frame}
    if owner_frame is not None:
        message["owner_frame"] = owner_frame
    layer = get_channel_layer()
    if layer is None:
        return
    address = _pubsub_address(layer)
    client = redis.client(address) if address else None
    if client is not None:
        if redis.outage(client).down():
            return  # the change is committed; watchers resynchronise by version when it is back
        prefix = settings.CHANNEL_LAYERS["default"].get("CONFIG", {}).get("prefix", "asgi")
        serialized = layer.serialize(message)  # type: ignore[attr-defined]
        try:
            client.publish(f"{prefix}__group__{group}", serialized)
        except (RedisError, OSError) as error:
            redis.outage(client).failed("publishing", error)
    else:  # the in-memory layer (one process), or a layer this module cannot publish to
        async_to_sync(layer.group_send)(group, message)


_addresses: dict[int, str | None] = {}


def _pubsub_address(layer) -> str | None:
    """The Redis address of a pub/sub layer on one host, else None (looked up once per layer)."""
    if id(layer) not in _addresses:
        address = None
        if isinstance(layer, RedisPubSubChannelLayer):
            config = settings.CHANNEL_LAYERS["default"].get("CONFIG", {})
            hosts = decode_hosts(config.get("hosts"))
            address = hosts[0].get("address") if len(hosts) == 1 else None
        _addresses[id(layer)] = address
    return _addresses[id(layer)]


@receiver(game_changed, dispatch_uid="realtime.publish_game")
def publish_game(sender, payload: dict, owner_payload: dict | None = None, **kwargs) -> None:
    """After commit: the game's new representation to everyone watching it; the owner's own
    sockets get the owner's view when it says more (so the placement aid never reaches other
    watchers)."""
    owner = owner_payload if owner_payload is not None and owner_payload is not payload else None
    try:
        send_frame(
            game_group(payload["id"]),
            GameFrame(payload).dumps(),
            GameFrame(owner).dumps() if owner is not None else None,
        )
    except Exception:  # the change is committed; a watcher resynchronises from `version`
        logger.exception("Could not publish game %s version %s", payload["id"], payload["version"])


@receiver(board_changed, dispatch_uid="realtime.publish_board")
def publish_board(sender, date: dt.date, changes: list, total: int, closed: bool, **kwargs) -> None:
    """After commit: entries entered or left a date's board, or the day closed."""
    group = board_group(date)
    try:
        for change, entry in changes:
            send_frame(group, EntryFrame(change, entry, total).dumps())
        if closed:
            send_frame(group, ClosedFrame(date.isoformat(), total).dumps())
    except Exception:  # committed already; a watcher resynchronises from the REST board
        logger.exception("Could not push a leaderboard change of %s", date)


@receiver(season_changed, dispatch_uid="realtime.publish_season")
def publish_season(sender, season: str, closed: bool, total: int, top: list, **kwargs) -> None:
    """After commit: a season's board was rebuilt, or the season closed."""
    try:
        send_frame(season_group(season), SeasonFrame(season, closed, total, top).dumps())
    except Exception:  # committed already; a watcher resynchronises from the REST board
        logger.exception("Could not push the board of season %s", season)


@receiver(tokens_revoked, dispatch_uid="realtime.publish_revoked")
def publish_revoked(
    sender, player_id: int, token_ids: list, app_token_ids: list | None = None, **kwargs
) -> None:
    """After commit: sockets opened with a revoked token (a device's, or an app's:
    ``app_token_ids``) close, in every process."""
    notice = {"notice": "revoked", "token_ids": token_ids, "app_token_ids": app_token_ids or []}
    try:
        send_frame(credentials_group(player_id), dumps(notice))
    except Exception:  # committed; each socket action checks its token anyway
        logger.exception("Could not announce revoked tokens of player %s", player_id)


@receiver(player_deleted, dispatch_uid="realtime.publish_deleted")
def publish_deleted(sender, player_id: int, **kwargs) -> None:
    """After commit: every socket of a deleted player closes, in every process (those opened
    with a session too, which no revoked token names)."""
    try:
        send_frame(credentials_group(player_id), dumps({"notice": "deleted"}))
    except Exception:  # committed; each socket action reads its credentials again anyway
        logger.exception("Could not announce the deletion of player %s", player_id)


@receiver(player_changed, dispatch_uid="realtime.publish_player")
def publish_player(sender, player_id: int, suspended: bool, settings: dict, **kwargs) -> None:
    """After commit: the player's sockets follow its settings, or close when it is suspended."""
    notice = {"notice": "player", "suspended": suspended, "settings": settings}
    try:
        send_frame(credentials_group(player_id), dumps(notice))
    except Exception:  # committed; each socket action reads the player again anyway
        logger.exception("Could not announce a change of player %s", player_id)


@receiver(race_changed, dispatch_uid="realtime.publish_race")
def publish_race(sender, payload: dict, games: dict, **kwargs) -> None:
    """After commit: the race's new representation to its members' sockets, with the members'
    game ids beside it (each race socket fills in its own member's and drops the rest)."""
    try:
        frame = RaceFrame(payload).as_dict()
        frame[GAMES_KEY] = games
        send_frame(race_group(payload["id"]), dumps(frame))
    except Exception:  # committed already; members resynchronise from `version`
        logger.exception("Could not publish race %s version %s", payload["id"], payload["version"])


@receiver(race_changed, dispatch_uid="realtime.publish_open_races")
def publish_open_races(sender, payload: dict, **kwargs) -> None:
    """After commit: a public race's change that can move the lobby's list sends the list as it
    is now (read once, for every watcher). A private race's change sends nothing: the lobby
    never learns it exists, not even that something changed."""
    if not payload.get("public") or payload.get("status") not in LOBBY_STATUSES:
        return
    try:
        send_frame(LOBBY_GROUP, lobby_frame(clock.now()).dumps())
    except Exception:  # committed already; a lobby reloads the list when it reconnects
        logger.exception("Could not publish the open races after race %s", payload["id"])


def lobby_frame(at: dt.datetime) -> OpenRacesFrame:
    """The lobby's list as read now, stamped ``at`` (read before the list: a later frame's
    stamp is later, and it read the list later)."""
    return OpenRacesFrame(
        at.isoformat(timespec="microseconds").replace("+00:00", "Z"), actions.open_races()
    )


@receiver(race_matched, dispatch_uid="realtime.publish_matched")
def publish_matched(sender, player_ids: list, payload: dict, games: dict, **kwargs) -> None:
    """After commit: each matched player hears of their race on their own channel."""
    for player_id in player_ids:
        try:
            race = json.loads(json.dumps(payload))
            for_viewer(race, player_id, games)
            send_frame(player_group(player_id), MatchedFrame(race).dumps())
        except Exception:  # they also learn it from GET /matchmaking
            logger.exception("Could not tell player %s of race %s", player_id, payload["id"])


@receiver(challenge_changed, dispatch_uid="realtime.publish_challenge")
def publish_challenge(
    sender, challenge_id: int, code: str, total: int, top: list, **kwargs
) -> None:
    """After commit: a challenge's board changed (a counted attempt ended)."""
    try:
        send_frame(challenge_group(challenge_id), ChallengeBoardFrame(code, total, top).dumps())
    except Exception:  # committed; a watcher reloads the board over REST
        logger.exception("Could not push the board of challenge %s", challenge_id)
