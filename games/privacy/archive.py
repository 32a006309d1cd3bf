"""The archive of everything the service holds on a player (SPEC §12): one JSON document,
written in pieces so that a player with thousands of games costs bounded memory.

Reads only. The document's shape is :data:`FORMAT` version :data:`FORMAT_VERSION` (documented in
``docs/PROTOCOL.md`` §2, "A player's data"); its top-level keys come in this order, the games,
by far the largest part, last:

``format``, ``format_version``, ``exported_at``, ``player``, ``account``, ``devices``,
``link_codes``, ``connected_apps``, ``personal_tokens``, ``own_apps``, ``rating``,
``matchmaking``, ``daily_entries``, ``races``, ``game_origins``, ``games``.

What it never holds: a token, a token's or password's or code's hash, a device proof, an
address hash (the keyed hash of the client address of ``game_origins``: not an address, and
nothing without the service's key), staff's notes (suspension, disqualification and fair-play
reasons may name other players) and fair-play flags, and of other players only what every
member of a race saw: their id and public name.

Memory: every list is read in keyset chunks of :data:`CHUNK` rows by primary key (a new short
query per chunk, no cursor held open between chunks), each game's log with the chunk of games it
belongs to, streamed row by row (``iterator``); the caller sends each piece as it comes
(a streamed HTTP answer), so only one chunk is held at a time.
"""

from __future__ import annotations

import json
from collections.abc import Iterable, Iterator
from itertools import groupby
from typing import Any

from django.db.models import QuerySet

from games.accounts.models import Credentials, LinkCode
from games.accounts.selectors import recovery_codes_left
from games.core import clock
from games.core.clock import iso
from games.daily.models import LeaderboardEntry
from games.fairplay.models import GameOrigin
from games.oauth.presentation import own_app_payload, personal_token_payload
from games.oauth.selectors import ConnectedApp, connected_apps, own_apps, personal_tokens
from games.play.models import Game, GameEvent
from games.play.presentation import event_payload, game_summary
from games.players.models import DeviceToken, Player
from games.players.presentation import device_payload, player_ref
from games.races.models import QueueEntry, RaceMember, Rating

from .selectors import is_deleted

FORMAT = "halfmoon.player-archive"
FORMAT_VERSION = 1
#: Rows read per query (games: their logs come with them, so fewer).
CHUNK = 500
GAMES_CHUNK = 100
#: Log rows fetched per round trip while a chunk of games streams.
EVENTS_CHUNK = 2000


def filename(player: Player) -> str:
    return f"halfmoon-player-{player.pk}.json"


def archive(player: Player) -> Iterator[str]:
    """The archive of ``player`` as consecutive pieces of one JSON document."""
    yield "{" + _key("format") + _dump(FORMAT) + ","
    yield _key("format_version") + _dump(FORMAT_VERSION) + ","
    yield _key("exported_at") + _dump(iso(clock.now())) + ","
    yield _key("player") + _dump(_player(player)) + ",\n"
    yield _key("account") + _dump(_account(player)) + ",\n"
    yield from _array("devices", (_device(t) for t in _chunked(_tokens(player))))
    yield from _array("link_codes", (_link_code(c) for c in _chunked(_link_codes(player))))
    yield from _array("connected_apps", (_app(a) for a in connected_apps(player)))
    yield from _array("personal_tokens", map(personal_token_payload, personal_tokens(player)))
    yield from _array("own_apps", map(own_app_payload, own_apps(player)))
    yield _key("rating") + _dump(_rating(player)) + ",\n"
    yield _key("matchmaking") + _dump(_queue(player)) + ",\n"
    yield from _array("daily_entries", (_entry(e) for e in _chunked(_entries(player))))
    yield from _array("races", _races(player))
    yield from _array("game_origins", (_origin(o) for o in _chunked(_origins(player))))
    yield from _array("games", _games(player), last=True)
    yield "}\n"


def as_dict(player: Player) -> dict[str, Any]:
    """The whole archive as one object (tests, and staff's small players): memory grows with
    the archive, so the HTTP answers stream :func:`archive` instead."""
    return json.loads("".join(archive(player)))


# -- writing ---------------------------------------------------------------------------------
def _dump(value: Any) -> str:
    return json.dumps(value, ensure_ascii=False, separators=(",", ":"))


def _key(name: str) -> str:
    return _dump(name) + ":"


def _array(name: str, items: Iterable[dict[str, Any]], last: bool = False) -> Iterator[str]:
    yield _key(name) + "["
    for index, item in enumerate(items):
        yield ("," if index else "") + "\n" + _dump(item)
    yield "]" + ("" if last else ",") + "\n"


def _chunked(query: QuerySet, size: int = CHUNK) -> Iterator[Any]:
    """The rows of ``query`` by ascending primary key, ``size`` per query (keyset pages)."""
    after: Any = None
    while True:
        page = query.order_by("pk")
        if after is not None:
            page = page.filter(pk__gt=after)
        rows = list(page[:size])
        yield from rows
        if len(rows) < size:
            return
        after = rows[-1].pk


# -- the parts -------------------------------------------------------------------------------
def _player(player: Player) -> dict[str, Any]:
    fresh = Player.objects.get(pk=player.pk)
    return {
        "id": fresh.pk,
        "name": fresh.name,
        "created_at": iso(fresh.created_at),
        "settings": fresh.settings_dict(),
        "suspended": fresh.suspended_at is not None,
        "deleted": is_deleted(fresh.pk),
    }


def _account(player: Player) -> dict[str, Any] | None:
    credentials = Credentials.objects.filter(pk=player.pk).first()
    if credentials is None:
        return None
    return {
        "username": credentials.username,
        "email": credentials.email or None,
        "email_verified": credentials.email_verified_at is not None,
        "email_verified_at": iso(credentials.email_verified_at),
        "recovery_codes_left": recovery_codes_left(credentials),
        "created_at": iso(credentials.created_at),
        "password_changed_at": iso(credentials.password_changed_at),
        "locked": credentials.locked_at is not None,
    }


def _tokens(player: Player) -> QuerySet[DeviceToken]:
    return DeviceToken.objects.filter(player_id=player.pk).only(
        "id", "device", "issued", "created_at", "created_from", "last_used_at"
    )


def _device(token: DeviceToken) -> dict[str, Any]:
    """The device as its player sees it, less ``current`` (an archive is read on no device)."""
    payload = device_payload(token, current_id=None)
    del payload["current"]
    return payload


def _link_codes(player: Player) -> QuerySet[LinkCode]:
    return LinkCode.objects.filter(player_id=player.pk).only(
        "id", "origin", "created_at", "expires_at", "used_at"
    )


def _link_code(code: LinkCode) -> dict[str, Any]:
    return {
        "origin": code.origin,
        "created_at": iso(code.created_at),
        "expires_at": iso(code.expires_at),
        "used_at": iso(code.used_at),
    }


def _app(app: ConnectedApp) -> dict[str, Any]:
    """An app holding a token of the player (the player's connected apps): never the token."""
    return {
        "id": app.id,
        "name": app.name,
        "scopes": app.scopes,
        "connected_at": iso(app.connected_at),
        "last_used_at": iso(app.last_used_at),
    }


def _rating(player: Player) -> dict[str, Any] | None:
    rating = Rating.objects.filter(pk=player.pk).first()
    if rating is None:
        return None
    return {
        "mu": rating.mu,
        "sigma": rating.sigma,
        "ordinal": rating.ordinal,
        "races": rating.races,
        "updated_at": iso(rating.updated_at),
    }


def _queue(player: Player) -> dict[str, Any] | None:
    entry = QueueEntry.objects.filter(pk=player.pk).first()
    if entry is None:
        return None
    return {"seats": entry.seats, "rated": entry.rated, "since": iso(entry.since)}


def _entries(player: Player) -> QuerySet[LeaderboardEntry]:
    return LeaderboardEntry.objects.filter(player_id=player.pk).select_related("game")


def _entry(entry: LeaderboardEntry) -> dict[str, Any]:
    return {
        "date": entry.date.isoformat(),
        "game_id": entry.game_id,
        "result": entry.result,
        "score": entry.score,
        "moves": entry.moves,
        "elapsed_ms": entry.elapsed_ms,
        "ended_at": iso(entry.ended_at),
        "entered_at": iso(entry.entered_at),
        "disqualified": entry.game.disqualified_at is not None,
    }


def _races(player: Player) -> Iterator[dict[str, Any]]:
    """Each race the player is (or was, to its end) a member of, with their membership and
    result; the other members by id and public name only."""
    memberships = RaceMember.objects.filter(player_id=player.pk).select_related(
        "race", "race__host", "race__deal"
    )
    batch: list[RaceMember] = []
    for member in _chunked(memberships):
        batch.append(member)
        if len(batch) == CHUNK:
            yield from _race_batch(batch)
            batch = []
    yield from _race_batch(batch)


def _race_batch(batch: list[RaceMember]) -> Iterator[dict[str, Any]]:
    if not batch:
        return
    others: dict[int, list[dict[str, Any]]] = {}
    rows = (
        RaceMember.objects.filter(race_id__in=[m.race_id for m in batch])
        .order_by("race_id", "joined_at", "id")
        .values_list("race_id", "player_id", "player__name")
    )
    for race_id, player_id, name in rows:
        others.setdefault(race_id, []).append(player_ref(player_id, name))
    for member in batch:
        race = member.race
        yield {
            "id": race.pk,
            "status": race.status,
            "seats": race.seats,
            "time_limit_s": race.time_limit_s,
            "matched": race.matched,
            "rated": race.rated,
            "aborted": race.aborted,
            "host": player_ref(race.host_id, race.host.name),
            "created_at": iso(race.created_at),
            "starts_at": iso(race.starts_at),
            "ends_at": iso(race.ends_at),
            "finished_at": iso(race.finished_at),
            "end_reason": race.end_reason or None,
            # As the race's own representation shows it: the deal is drawn at the start.
            "deal_code": race.deal.code if race.deal_id and race.deal else None,
            "members": others.get(race.pk, []),
            "membership": {
                "joined_at": iso(member.joined_at),
                "ready": member.ready,
                "left_at": iso(member.left_at),
                "game_id": member.game_id,
                "result": member.result or None,
                "rank": member.rank,
                "score": member.score,
                "moves": member.moves,
                "elapsed_ms": member.elapsed_ms,
                "rated": member.rated,
                "mu_before": member.mu_before,
                "sigma_before": member.sigma_before,
                "mu_after": member.mu_after,
                "sigma_after": member.sigma_after,
                "rating_change": member.rating_change,
                "disqualified": member.disqualified_at is not None,
            },
        }


def _origins(player: Player) -> QuerySet[GameOrigin]:
    return GameOrigin.objects.filter(player_id=player.pk).only(
        "id", "source", "game_id", "race_id", "token_id", "address_hash", "recorded_at"
    )


def _origin(origin: GameOrigin) -> dict[str, Any]:
    return {
        "recorded_at": iso(origin.recorded_at),
        "source": origin.source,
        "game_id": origin.game_id,
        "race_id": origin.race_id,
        "device_id": origin.token_id,
        "address_known": bool(origin.address_hash),
    }


def _games(player: Player) -> Iterator[dict[str, Any]]:
    """Every game of the player, oldest first, each with its whole move log."""
    games = Game.objects.filter(owner_id=player.pk).select_related("deal").defer("state")
    after = 0
    while True:
        chunk = list(games.filter(pk__gt=after).order_by("pk")[:GAMES_CHUNK])
        if not chunk:
            return
        events = (
            GameEvent.objects.filter(game_id__in=[g.pk for g in chunk])
            .order_by("game_id", "seq")
            .iterator(chunk_size=EVENTS_CHUNK)
        )
        logs = groupby(events, key=lambda event: event.game_id)
        pending = next(logs, None)
        for game in chunk:
            log: list[dict[str, Any]] = []
            if pending is not None and pending[0] == game.pk:
                log = [event_payload(event) for event in pending[1]]
                pending = next(logs, None)
            yield _game(game, log)
        if len(chunk) < GAMES_CHUNK:
            return
        after = chunk[-1].pk


def _game(game: Game, log: list[dict[str, Any]]) -> dict[str, Any]:
    return {
        **game_summary(game),
        "version": game.version,
        "watchable": game.watchable,
        "race_id": game.race_id,
        "disqualified": game.disqualified_at is not None,
        "log": log,
    }
