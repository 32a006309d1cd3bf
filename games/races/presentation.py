"""The one public representation of a race, of a rating and of a ratings board entry.

A race is built once per change as every member may see it (``race_payload``) — progress as
numbers only, never a card, and no member's ``game_id`` while the race is unfinished — and
then given each viewer's own ``game_id`` (``for_viewer``). The published frame carries the
members' game ids beside the race (``GAMES_KEY``) so that each socket can fill in its own.
"""

from __future__ import annotations

import datetime as dt
from typing import Any

from games.core import clock
from games.play.presentation import iso
from games.players.presentation import player_ref

from . import rules
from .models import Race, RaceMember, Rating
from .ratings import Skill, is_provisional

#: Key of the ``{player_id: game_id}`` map published beside a race (never sent to clients).
GAMES_KEY = "_games"


def elapsed_ms(race: Race, member: RaceMember, now: dt.datetime) -> int:
    """A member's ``elapsed_ms`` (SPEC §8), the same in progress, standings and the member's
    game: from ``starts_at`` to the moment the member's game ended for the race (won,
    resigned or stalled), or to the race's end while it had not (now, while the race runs)."""
    if race.starts_at is None:
        return 0
    end = member.ended_at or race.finished_at or now
    if race.ends_at is not None:
        end = min(end, race.ends_at)
    return max(0, (min(end, now) - race.starts_at) // dt.timedelta(milliseconds=1))


def progress_payload(race: Race, member: RaceMember, now: dt.datetime) -> dict[str, Any] | None:
    """``{"score", "moves", "cards_left", "status", "elapsed_ms"}``; null before the start."""
    if member.game_id is None:
        return None
    return {
        "score": member.score,
        "moves": member.moves,
        "cards_left": member.cards_left,
        "status": member.game_status,
        "elapsed_ms": elapsed_ms(race, member, now),
    }


def standing_payload(member: RaceMember) -> dict[str, Any]:
    return {
        "rank": member.rank,
        "player": player_ref(member.player_id, member.player.name),
        "game_id": member.game_id,
        "result": member.result,
        "score": member.score,
        "moves": member.moves,
        "elapsed_ms": member.elapsed_ms,
        "rated": member.rated,
        "rating_change": None if member.rating_change is None else round(member.rating_change, 3),
    }


def race_payload(race: Race, members: list[RaceMember]) -> dict[str, Any]:
    """The race as its members see it, every ``game_id`` hidden until it has ended."""
    now = clock.now()
    ended = race.status in (Race.Status.FINISHED, Race.Status.CANCELLED)
    shown = [m for m in members if m.left_at is None or m.game_id is not None]
    standings = None
    if race.status == Race.Status.FINISHED:
        ranked = sorted(
            (m for m in members if m.rank is not None and m.disqualified_at is None),
            key=lambda m: (m.rank or 0, m.game_id or 0),
        )
        standings = [standing_payload(m) for m in ranked]
    rematch = rematch_of(race) if race.status == Race.Status.FINISHED else None
    return {
        "id": race.pk,
        "invite": race.invite,
        "host": player_ref(race.host_id, race.host.name),
        "seats": race.seats,
        "time_limit_s": race.time_limit_s,
        "status": race.status,
        "version": race.version,
        "matched": race.matched,
        "public": race.public,
        "rated": rules.is_rated(race, members),
        "aborted": race.aborted,
        "created_at": iso(race.created_at),
        "starts_at": iso(race.starts_at),
        "ends_at": iso(race.ends_at),
        "finished_at": iso(race.finished_at),
        "end_reason": race.end_reason or None,
        "deal_code": race.deal.code if race.deal_id and race.deal else None,
        "members": [
            {
                "player": player_ref(m.player_id, m.player.name),
                "ready": m.ready,
                "left": m.left_at is not None,
                "game_id": m.game_id if ended else None,
                "progress": progress_payload(race, m, now),
            }
            for m in shown
        ],
        "standings": standings,
        "rematch_of": race.rematch_of_id,
        "rematch": (
            {
                "id": rematch.pk,
                "invite": rematch.invite,
                "host": player_ref(rematch.host_id, rematch.host.name),
            }
            if rematch
            else None
        ),
    }


def open_race_payload(race: Race, taken: int) -> dict[str, Any]:
    """An open public race as the lobby lists it: who hosts it, its seats (taken of all), its
    time limit and whether its deal is random or the host's choice (never the code)."""
    return {
        "id": race.pk,
        "host": player_ref(race.host_id, race.host.name),
        "seats": race.seats,
        "taken": taken,
        "time_limit_s": race.time_limit_s,
        "deal": "chosen" if race.requested_code else "random",
        "created_at": iso(race.created_at),
    }


def rematch_of(race: Race) -> Race | None:
    """The rematch of a finished race, with its host (who started it): the one just created
    (cached on the race by :func:`~games.races.services.rematch`), else one query."""
    if Race.rematch.is_cached(race):
        return race.rematch
    return Race.objects.select_related("host").filter(rematch_of=race.pk).first()


def games_of(members: list[RaceMember]) -> dict[str, int]:
    """Each member's game id by player id (as text: a JSON object's keys)."""
    return {str(m.player_id): m.game_id for m in members if m.game_id is not None}


def for_viewer(payload: dict[str, Any], viewer_id: int | None, games: dict[str, int]) -> None:
    """Fill in, in place, the viewer's own ``game_id`` (the others stay hidden)."""
    if viewer_id is None:
        return
    own = games.get(str(viewer_id))
    if own is None:
        return
    for member in payload["members"]:
        if member["player"]["id"] == viewer_id:
            member["game_id"] = own


def seen_by(payload: dict[str, Any], viewer_id: int | None, games: dict[str, int]) -> dict:
    """:func:`for_viewer` on a copy: ``payload`` (published as it is) stays untouched."""
    copy = {**payload, "members": [dict(member) for member in payload["members"]]}
    for_viewer(copy, viewer_id, games)
    return copy


def rating_payload(rating: Rating | None) -> dict[str, Any] | None:
    if rating is None:
        return None
    return skill_payload(Skill(rating.mu, rating.sigma), rating.races, rating.ordinal)


def skill_payload(skill: Skill, races: int, ordinal: float | None = None) -> dict[str, Any]:
    """A rating: ``races`` rated races; ``provisional`` while fewer than
    ``ratings.ESTABLISHED_AFTER``."""
    return {
        "mu": round(skill.mu, 4),
        "sigma": round(skill.sigma, 4),
        "ordinal": round(skill.ordinal if ordinal is None else ordinal, 4),
        "races": races,
        "provisional": is_provisional(races),
    }


def board_entry_payload(rating: Rating, rank: int | None) -> dict[str, Any]:
    """An entry of the ratings board: ``rank`` among the established ratings (None for a
    provisional one)."""
    return {
        "rank": rank,
        "player": player_ref(rating.player_id, rating.player.name),
        **(rating_payload(rating) or {}),
    }
