"""Every change of the play domain, one function each.

Each change runs in one transaction that locks the game row (``SELECT … FOR UPDATE`` on
PostgreSQL; SQLite serialises writers) and also checks the version in its ``UPDATE``, appends
one entry to the move log and publishes the new game (``games.core.signals.game_changed``)
only after commit. Engine errors (:class:`games.engine.IllegalAction` and friends) pass
through unchanged, after the transaction has rolled back.

These are the primitives: a domain above (the daily deal) adds its policy by starting games
with :func:`create_game`, and reacts to every change inside its transaction through the named
event :data:`games.play.events.game_changing` (its receivers and their order are declared
there). ``games.actions`` is the front door that composes them into what a player does.
"""

from __future__ import annotations

import datetime as dt
from collections.abc import Sequence
from dataclasses import dataclass
from functools import cached_property
from typing import Any

from django.conf import settings
from django.db import transaction

from games.core import clock
from games.core.signals import game_changed
from games.core.transactions import retried
from games.engine import (
    Action,
    Board,
    DealCode,
    Layout,
    Move,
    Position,
    Removal,
    Status,
    TapResult,
)
from games.players.models import Player

from . import rows
from .errors import GameNotFound, NotYourGame, VersionConflict
from .events import game_changing, watchable_changing
from .models import Deal, Game, GameEvent
from .presentation import game_payload, owner_view

#: A game id as clients send it: a number, or its digits (anything else names no game).
GameId = int | str
#: The version a change expects the game at (``expected_version``), or the versions any of
#: which it accepts (an ``If-Match`` naming several), checked on the locked row; None: any.
ExpectedVersion = int | frozenset[int] | None


@dataclass(frozen=True)
class Outcome:
    """A committed change: the game row, its board and what the engine returned."""

    game: Game
    board: Board
    result: Removal | TapResult | None

    @cached_property
    def payload(self) -> dict[str, Any]:
        """The public representation, built once (the reply and the broadcast share it)."""
        return game_payload(self.game, self.board)

    @cached_property
    def owner_payload(self) -> dict[str, Any]:
        """The owner's representation (``dimmed`` with the placement aid): every reply to the
        owner, and the frame the owner's sockets receive. ``game.owner`` is the acting player."""
        return owner_view(self.payload, self.board, self.game.owner)


# -- starting --------------------------------------------------------------------------------
def deal_for(code: DealCode) -> Deal:
    """The stored deal of a code, created (with its layout under this deployment's key) once."""
    deal, _ = Deal.objects.get_or_create(
        code=code.text, defaults={"layout": code.layout(settings.HALFMOON_DEAL_KEY).to_text()}
    )
    return deal


def create_game(
    player: Player, deal: Deal, started_at: dt.datetime | None = None, **fields: Any
) -> Outcome:
    """A new game of ``deal`` for ``player`` (call inside the caller's transaction).

    ``started_at``: when it starts, if not now: a race's games start at its start, and so does
    their clock (the race's). Any other game's clock starts at its first change.
    """
    board = Board(Layout.from_text(deal.layout))
    now = clock.now()
    stalled = board.status is Status.STALLED
    game = Game.objects.create(
        owner=player,
        deal=deal,
        state=board.state_string(),
        status=board.status.value,
        started_at=started_at or now,
        # A deal may (rarely) start stalled: its clock starts and stops at 0 (no move to undo).
        clock_started_at=started_at or (now if stalled else None),
        updated_at=now,
        finished_at=(started_at or now) if stalled else None,
        **fields,
    )
    game.played_at = None  # a new game: a challenge's start says so itself (games.challenges)
    return Outcome(game, board, None)


def game_stored(outcome: Outcome) -> bool:
    """Whether the game ``outcome`` started is stored, when the answer to its commit was lost
    (:mod:`games.core.transactions`): its row, with its owner and start (an id alone could be
    dealt again by a new primary that never saw the first one's sequence)."""
    game = outcome.game
    return Game.objects.filter(
        pk=game.pk, owner_id=game.owner_id, started_at=game.started_at
    ).exists()


@retried(landed=game_stored)
def start_game(player: Player, code: DealCode) -> Outcome:
    """Start an ordinary game of the deal ``code``."""
    return create_game(player, deal_for(code))


@retried(idempotent=True)  # run again, it sets the same flag
def set_watchable(player: Player, game_id: GameId, watchable: bool) -> Game:
    """The owner lets others watch the game (or stops them). Not a change of the game: its
    version and log stay; ``watchable_changing``'s receivers may refuse (a race's game)."""
    game = _locked_game(player, game_id, None)
    watchable_changing.send(game)
    if game.watchable != watchable:
        game.watchable = watchable
        Game.objects.filter(pk=game.pk).update(watchable=watchable)
    return game


# -- changing --------------------------------------------------------------------------------
def move(
    player: Player,
    game_id: GameId,
    positions: Sequence[str],
    expected_version: ExpectedVersion = None,
) -> Outcome:
    """Remove a pair or a triple named by its positions."""
    action = Action("move", Move.of(positions).positions)
    return _change(player, game_id, expected_version, action)


def tap(
    player: Player,
    game_id: GameId,
    position: str,
    expected_version: ExpectedVersion = None,
) -> Outcome:
    """Tap one position (SPEC §4); the outcome's result is the engine's :class:`TapResult`."""
    action = Action("tap", (Position.parse(position),))
    return _change(player, game_id, expected_version, action)


def undo(
    player: Player,
    game_id: GameId,
    expected_version: ExpectedVersion = None,
) -> Outcome:
    return _change(player, game_id, expected_version, Action("undo"))


def resign(
    player: Player,
    game_id: GameId,
    expected_version: ExpectedVersion = None,
    *,
    ended_at: dt.datetime | None = None,
    told: bool = True,
) -> Outcome:
    """Resign. ``ended_at``: the moment the game ended if it was earlier than now (a race
    closing its members' open games as of its end); ``told=False``: the domains above are not
    told (:data:`~games.play.events.game_changing`) — only for that closing, whose race has
    already settled what the game's end means to it."""
    return _change(
        player, game_id, expected_version, Action("resign"), ended_at=ended_at, told=told
    )


def _change(
    player: Player,
    game_id: GameId,
    expected_version: ExpectedVersion,
    action: Action,
    *,
    ended_at: dt.datetime | None = None,
    told: bool = True,
) -> Outcome:
    outcome = _apply(player, game_id, expected_version, action, ended_at, told)
    transaction.on_commit(lambda: publish(outcome), robust=True)
    return outcome


def change_stored(outcome: Outcome) -> bool:
    """Whether the change that made ``outcome`` is stored, when the answer to its commit was
    lost (:mod:`games.core.transactions`): its log entry, at its version and moment. The game
    row is locked first, so a commit still under way on the server is waited for; the log is
    append-only, so a later change cannot hide the entry."""
    game = outcome.game
    rows.locked_game(game.pk)
    return GameEvent.objects.filter(
        game_id=game.pk,
        seq=game.version,
        created_at=game.updated_at,
        game_month=GameEvent.month_of(game.started_at),
    ).exists()


@retried(landed=change_stored)
def _apply(
    player: Player,
    game_id: GameId,
    expected_version: ExpectedVersion,
    action: Action,
    ended_at: dt.datetime | None,
    told: bool,
) -> Outcome:
    game = _locked_game(player, game_id, expected_version)
    board = game.board()
    result = board.apply(action)  # raises before anything is written
    removal = result.removal if isinstance(result, TapResult) else result
    _save(game, board, action, removal, ended_at)
    if told:
        game_changing.send(game)  # the daily board, the race, the challenge: may refuse
    return Outcome(game, board, result)


def publish(outcome: Outcome) -> None:
    """After commit: tell the realtime layer (and anyone else listening) the game changed."""
    game_changed.send(sender=__name__, payload=outcome.payload, owner_payload=outcome.owner_payload)


def _locked_game(player: Player, game_id: GameId, expected_version: ExpectedVersion) -> Game:
    game = rows.locked_game(game_id)
    if game is None:
        raise GameNotFound(f"There is no game {game_id}.", game_id=game_id)
    if game.owner_id != player.pk:
        raise NotYourGame("Only the player who owns a game may change it.", game_id=game_id)
    game.owner = player  # the caller: no need to read the owner's row again
    if isinstance(expected_version, frozenset):
        if game.version not in expected_version:
            listed = ", ".join(map(str, sorted(expected_version)))
            raise VersionConflict(
                f"The game is at version {game.version}, none of {listed}: reload it.",
                current_version=game.version,
            )
    elif expected_version is not None and expected_version != game.version:
        raise VersionConflict(
            f"The game is at version {game.version}, not {expected_version}: reload it.",
            current_version=game.version,
        )
    return game


def _ended(game: Game, status: Status) -> bool:
    """Whether the game's clock has stopped (``finished_at``, and so ``elapsed_ms``): won,
    resigned or stalled (SPEC §7; for a race, its end for the race, §8). An undo out of a stall
    clears it: the clock runs again, counting from ``started_at`` as before."""
    return status.is_over or status is Status.STALLED


def _save(
    game: Game,
    board: Board,
    action: Action,
    removal: Removal | None,
    ended_at: dt.datetime | None = None,
) -> None:
    now = clock.now()
    status = board.status
    previous_version = game.version
    game.version = previous_version + 1
    game.state = board.state_string()
    game.status, game.score, game.moves = status.value, board.score, board.moves
    game.updated_at = now
    if game.clock_started_at is None:  # its first change starts its clock (SPEC §7)
        game.clock_started_at = now
    if not _ended(game, status):
        game.finished_at = None  # playing (again, if an undo took it out of its stall)
    elif game.finished_at is None:
        game.finished_at = min(ended_at, now) if ended_at is not None else now
    entry = {
        "game_id": game.pk,
        "seq": game.version,
        "kind": action.kind,
        "created_at": now,
        "positions": "+".join(p.name for p in action.positions),
        "cards": removal.to_text() if removal else "",
    }
    if not rows.save_change(game, previous_version, entry):  # only where locks are not enforced
        raise VersionConflict("The game changed meanwhile: reload it.")
