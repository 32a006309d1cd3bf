"""What a player does to games, as the REST views and the game socket offer it.

The use-case layer: each function is one domain service with the policies of the domains
above it composed in. Starting today's daily deal — by ``{"daily": true}`` or by its code — is
a daily game (SPEC §7); a ranked attempt that ends enters its leaderboard in the same
transaction as the change that ended it. A game without a deal code is a proven-winnable deal
from the pool when the deployment's policy says so (``HALFMOON_WINNABLE_DEALS_ONLY``, SPEC
§10; never told to the player). A race member's change updates the race's progress
(and may end the race) in that transaction too, and is refused once the race is over; a deal
a race is playing cannot be started outside it, and from the countdown to the end a member's
other games of that deal do not change (SPEC §8). Who may watch a game (SPEC §3) is
decided here as well, from the policies of play, the daily deal and races; and a race is read
here (:func:`race_for`, for REST and the race socket) once it is settled, the races' selectors
only reading.
"""

from __future__ import annotations

import datetime as dt
from collections.abc import Callable, Collection, Mapping, Sequence
from dataclasses import dataclass
from typing import Any, TypeVar

from games.challenges import selectors as challenge_selectors
from games.challenges import services as challenges
from games.challenges.models import Challenge
from games.core import clock
from games.core.errors import ServiceError
from games.daily import leaderboard as daily_leaderboard
from games.daily import selectors as daily_selectors
from games.daily import services as daily
from games.daily.choice import is_daily_code
from games.deals import services as deals
from games.engine import DealCode, GameFinished, TapResult
from games.play import selectors as play_selectors
from games.play import services as play
from games.play.errors import GamePrivate, NotYourGame
from games.play.models import Game
from games.play.services import ExpectedVersion, GameId, Outcome
from games.players.models import Player
from games.players.selectors import is_staff
from games.races import changes as race_changes
from games.races import presentation as race_presentation
from games.races import rules as race_rules
from games.races import selectors as race_selectors
from games.races import services as races
from games.races import settlement
from games.races.errors import DealNotForRaces, RaceOver
from games.races.models import Race

__all__ = [
    "Outcome",
    "cancel_race",
    "close_daily",
    "create_challenge",
    "create_race",
    "game_for_watching",
    "join_race",
    "leave_race",
    "move",
    "race_answer",
    "race_for",
    "rematch",
    "resign",
    "set_ready",
    "set_watchable",
    "settle_due_race",
    "start_daily",
    "start_game",
    "start_race",
    "tap",
    "undo",
]

T = TypeVar("T")

#: A race's time limit when its creator names none (seconds).
DEFAULT_RACE_TIME_LIMIT_S = race_rules.DEFAULT_TIME_LIMIT_S


def start_game(player: Player, deal_code: str | None = None) -> Outcome:
    """Start a game of the given deal code, or of a random deal (a proven-winnable one under
    the deployment's policy, while the pool holds one)."""
    if deal_code is None:
        pooled = deals.start_under_policy(player)
        if pooled is not None:
            return pooled
    code = DealCode.parse(deal_code) if deal_code is not None else DealCode.random()
    if is_daily_code(code, clock.today()):
        return daily.start_daily(player)
    race_selectors.ensure_deal_not_raced(code)
    return play.start_game(player, code)


def start_daily(player: Player) -> Outcome:
    """Start today's daily deal: the player's first game of it is ranked."""
    return daily.start_daily(player)


def start_challenge(player: Player, code: str) -> Outcome:
    """Start a fresh casual game of a challenge's deal (SPEC §11)."""
    outcome, _ = challenges.start_attempt(player, code)
    return outcome


def _settling(game_id: GameId, change: Callable[[], T]) -> T:
    """Run a change; one refused because its race's time is up ends that race first. A change
    to a race's game after the race ended is ``race_over``, even though the end resigned the
    game (the engine's ``game_finished``, raised only once the caller's ownership is checked)."""
    try:
        return change()
    except RaceOver as refused:
        settlement.settle_due(refused.details.get("race_id"))
        raise
    except GameFinished:
        _refuse_if_race_over(game_id)
        raise


def _refuse_if_race_over(game_id: GameId) -> None:
    race_id = Game.objects.filter(pk=game_id).values_list("race_id", flat=True).first()
    race = settlement.settle_due(race_id) if race_id is not None else None
    if race is not None and race.status in (Race.Status.FINISHED, Race.Status.CANCELLED):
        raise RaceOver(
            f"Race {race.pk} has ended: game {game_id} no longer changes.",
            race_id=race.pk,
            game_id=game_id,
        ) from None


def move(
    player: Player,
    game_id: GameId,
    positions: Sequence[str],
    expected_version: ExpectedVersion = None,
) -> Outcome:
    return _settling(game_id, lambda: play.move(player, game_id, positions, expected_version))


def tap(
    player: Player, game_id: GameId, position: str, expected_version: ExpectedVersion = None
) -> Outcome:
    return _settling(game_id, lambda: play.tap(player, game_id, position, expected_version))


def undo(player: Player, game_id: GameId, expected_version: ExpectedVersion = None) -> Outcome:
    return _settling(game_id, lambda: play.undo(player, game_id, expected_version))


def resign(player: Player, game_id: GameId, expected_version: ExpectedVersion = None) -> Outcome:
    return _settling(game_id, lambda: play.resign(player, game_id, expected_version))


@dataclass(frozen=True)
class GameAction:
    """A change of a game its owner makes, as both transports offer it: REST's
    ``POST /games/{id}/<path>`` and the game socket's ``{"action": <name>}`` frame take the
    same input (:data:`games.play.inputs.ACTIONS`, by name), run the same use case and count
    removals the same way; each renders the outcome in its own format."""

    name: str
    #: REST's path segment under ``/games/{id}/``.
    path: str
    #: The use case, given the owner, the game and the action's checked values.
    run: Callable[[Player, GameId, Mapping[str, Any]], Outcome]
    #: Whether cards were removed (``halfmoon_moves_applied``: a move, or a completing tap).
    removed: Callable[[Outcome], bool]


def _move_values(player: Player, game_id: GameId, values: Mapping[str, Any]) -> Outcome:
    return move(player, game_id, values["positions"], values.get("expected_version"))


def _tap_values(player: Player, game_id: GameId, values: Mapping[str, Any]) -> Outcome:
    return tap(player, game_id, values["position"], values.get("expected_version"))


def _undo_values(player: Player, game_id: GameId, values: Mapping[str, Any]) -> Outcome:
    return undo(player, game_id, values.get("expected_version"))


def _resign_values(player: Player, game_id: GameId, values: Mapping[str, Any]) -> Outcome:
    return resign(player, game_id, values.get("expected_version"))


def _always(outcome: Outcome) -> bool:
    return True


def _never(outcome: Outcome) -> bool:
    return False


def _completed_removal(outcome: Outcome) -> bool:
    return isinstance(outcome.result, TapResult) and outcome.result.removal is not None


#: Every change of a game its owner makes, by the name the socket's frames give it.
GAME_ACTIONS: dict[str, GameAction] = {
    action.name: action
    for action in (
        GameAction("move", "moves", _move_values, _always),
        GameAction("undo", "undo", _undo_values, _never),
        GameAction("resign", "resign", _resign_values, _never),
        GameAction("tap", "taps", _tap_values, _completed_removal),
    )
}


def create_race(
    player: Player,
    seats: int,
    time_limit_s: int,
    deal_code: str | None = None,
    *,
    public: bool = False,
) -> Race:
    """Create a race (``public``: listed in the lobby, joined by id); today's daily deal cannot
    be raced (its board would learn from it)."""
    if deal_code is not None:
        code = DealCode.parse(deal_code)
        if is_daily_code(code, clock.today()):
            raise DealNotForRaces("Today's daily deal cannot be raced.", deal_code=code.text)
    return races.create_race(player, seats, time_limit_s, deal_code, public=public)


def join_race(player: Player, invite: object) -> Race:
    """Join a race by its invite."""
    return races.join(player, invite)


def join_public_race(player: Player, race_id: object) -> Race:
    """Join a public race by its id (a private one is not found)."""
    return races.join_public(player, race_id)


def open_races() -> list[dict[str, Any]]:
    """The open public races with a free seat, newest first (the lobby's list)."""
    return race_selectors.open_public_races()


def set_ready(player: Player, race_id: object, ready: bool) -> Race:
    """A member marks themselves ready (or not) for the race's start."""
    return races.set_ready(player, race_id, ready)


def start_race(player: Player, race_id: object) -> Race:
    """The host starts the race's countdown."""
    return races.start(player, race_id)


def leave_race(player: Player, race_id: object) -> Race:
    """A member leaves (a forfeit once another member has moved, SPEC §8)."""
    return races.leave(player, race_id)


def cancel_race(player: Player, race_id: object) -> Race:
    """The host cancels a race not yet started."""
    return races.cancel(player, race_id)


def rematch(player: Player, race_id: object) -> Race:
    """A new race on a new deal for the members of a finished one."""
    return races.rematch(player, race_id)


def settle_due_race(race_id: object) -> Race | None:
    """Move a race on when one of its moments (countdown's end, time limit) has passed: the
    race clock's settlement (``realtime.race_clock``), and every read of a race."""
    return settlement.settle_due(race_id)


def create_challenge(player: Player, game_id: int | str) -> tuple[Challenge, bool]:
    """A challenge from a finished game of the player's (True when new)."""
    return challenges.create_challenge(player, game_id)


def close_daily(date: dt.date) -> None:
    """Close a past date's daily board if nobody has yet (its ranks final, SPEC §7): run by
    the first read of that board, over REST or a socket."""
    daily.ensure_closed(date)


def daily_board(
    date: dt.date,
    viewer: Player | None,
    limit: int,
    cursor: str | None = None,
    among: Collection[int] | None = None,
    around_me: bool = False,
    *,
    deal: bool = True,
) -> dict[str, Any]:
    """A date's board as REST and the board socket answer it: the day closed first if it is
    past and nobody has closed it (:func:`close_daily`), then its one read
    (:func:`games.daily.leaderboard.answer`)."""
    close_daily(date)
    return daily_leaderboard.answer(date, viewer, limit, cursor, among, around_me, deal=deal)


def race_for(viewer: Player | None, race_id: object, *, just_left: bool = False) -> dict[str, Any]:
    """The race as ``viewer`` sees it now: moved on first if one of its moments has passed (so
    nobody sees a race past its moment unsettled), then read; members and staff only (and, in
    the answer to a leave, the player who has just left it)."""
    race = settle_due_race(race_id)
    return race_selectors.as_seen_by(viewer, race, race_id, just_left=just_left)


def race_answer(viewer: Player, race: Race, *, just_left: bool = False) -> dict[str, Any]:
    """The answer to the viewer's change of ``race`` (the instance a races service returned):
    the representation that change published, built once for both (with the viewer's own
    ``game_id``); :func:`race_for` when the call changed nothing (an idempotent repeat)."""
    published = race_changes.published(race)
    if published is None:
        return race_for(viewer, race.pk, just_left=just_left)
    payload, games = published
    return race_presentation.seen_by(payload, viewer.pk, games)


def set_watchable(player: Player, game_id: GameId, watchable: bool) -> Game:
    """The owner lets others watch a game (SPEC §3); a race's game follows its race, a game
    played at a challenge its challenge (SPEC §11: the deal is shown to a challenger only when
    their own game starts)."""
    return play.set_watchable(player, game_id, watchable)


def game_for_owner(player: Player, game_id: GameId) -> Game:
    """The player's own game (``not_your_game`` for another's, ``game_not_found``)."""
    game = play_selectors.game_for_reading(game_id)
    if game.owner_id != player.pk:
        raise NotYourGame("Only the player who owns a game may change it.", game_id=game.pk)
    return game


# -- watching --------------------------------------------------------------------------------
def ensure_visible(viewer: Player | None, game: Game) -> None:
    """Who may see a game's board, log and socket (SPEC §3): its owner and staff; others
    when the owner made it watchable, when it is a daily game of a closed day, or when it is
    a race's game and the race has ended (the race's members only); and a challenge's games
    (its creator's, the ended attempts) once the viewer's own game at it has ended (SPEC §11:
    read only when the other rules refuse, so their reads cost nothing more)."""
    viewer_id = getattr(viewer, "pk", None)
    if viewer_id == game.owner_id or is_staff(viewer):
        return
    try:
        _ensure_visible_by_policy(viewer, game)
    except ServiceError:
        if not challenge_selectors.may_see(viewer, game):
            raise


def _ensure_visible_by_policy(viewer: Player | None, game: Game) -> None:
    if game.race_id is not None:
        race = settlement.settle_due(game.race_id)  # past its end, its members see its games
        race_selectors.ensure_race_game_visible(viewer, game, race)
        return
    if game.daily_date is not None:
        daily_selectors.ensure_watchable(viewer, game)  # refuses while the day is open
        return
    if not game.watchable:
        raise GamePrivate("This game is private: only its player may watch it.", game_id=game.pk)


def game_for_watching(viewer: Player | None, game_id: GameId) -> Game:
    """The game, if ``viewer`` may see it (else the refusal that says why)."""
    game = play_selectors.game_for_reading(game_id)
    ensure_visible(viewer, game)
    return game
