"""Every state change of the service, one function each.

Each change runs in one transaction that locks the game row (``SELECT … FOR UPDATE`` on
PostgreSQL; SQLite serialises writers) and also checks the version in its ``UPDATE``, appends
one entry to the move log and publishes the new game only after commit. Callers — REST views,
the WebSocket consumer, admin actions, management commands — go through here and never write
models themselves. Engine errors (:class:`games.engine.IllegalAction` and friends) pass through
unchanged, after the transaction has rolled back.
"""
from __future__ import annotations

from dataclasses import dataclass
from functools import cached_property

from django.conf import settings
from django.db import transaction

from . import clock, rows
from .engine import Action, Board, DealCode, Layout, Move, Position, Removal, TapResult
from .errors import (GameNotFound, InvalidName, NotYourGame, ServiceError, TokenSuspended,
                     VersionConflict)
from .events import publish_game
from .models import Deal, Game, Player, hash_token, new_token
from .presentation import game_payload, owner_view


@dataclass(frozen=True)
class Outcome:
    """A committed change: the game row, its board and what the engine returned."""

    game: Game
    board: Board
    result: Removal | TapResult | None

    @cached_property
    def payload(self) -> dict:
        """The public representation, built once (the reply and the broadcast share it)."""
        return game_payload(self.game, self.board)

    @cached_property
    def owner_payload(self) -> dict:
        """The owner's representation (``dimmed`` with the placement aid): every reply to the
        owner, and the frame the owner's sockets receive. ``game.owner`` is the acting player."""
        return owner_view(self.payload, self.board, self.game.owner)


# -- players ---------------------------------------------------------------------------------
def create_player(name: str) -> tuple[Player, str]:
    """Create a player; returns it with its API token, which is never shown again."""
    cleaned = " ".join(str(name).split())
    if not 1 <= len(cleaned) <= 40:
        raise InvalidName("A name has 1 to 40 characters.")
    token = new_token()
    return Player.objects.create(name=cleaned, token_hash=hash_token(token)), token


def update_settings(player: Player, **changes) -> Player:
    """Change any of ``move_errors``, ``placement_aid``, ``language`` and ``name``."""
    allowed = {"move_errors", "placement_aid", "language", "name"}
    unknown = set(changes) - allowed
    if unknown:
        raise ValueError(f"Unknown settings: {sorted(unknown)}")
    if "name" in changes:
        changes["name"] = " ".join(str(changes["name"]).split())
        if not 1 <= len(changes["name"]) <= 40:
            raise InvalidName("A name has 1 to 40 characters.")
    if changes.get("language") is None and "language" in changes:
        changes["language"] = ""
    with transaction.atomic():
        Player.objects.filter(pk=player.pk).update(**changes)
        for field, value in changes.items():
            setattr(player, field, value)
    return player


def player_for_token(token: str) -> Player | None:
    """The player of an API token, None when unknown; raises TokenSuspended when suspended."""
    if not token or len(token) > 200:
        return None
    player = rows.player_by_token_hash(hash_token(token))
    if player is not None and player.suspended_at is not None:
        raise TokenSuspended("This player's token is suspended by the staff.")
    return player


def rotate_token(player: Player) -> str:
    """Issue a new API token; the old one stops working at once. Returns the new token."""
    token = new_token()
    with transaction.atomic():
        Player.objects.filter(pk=player.pk).update(token_hash=hash_token(token))
    player.token_hash = hash_token(token)
    return token


def revoke_token(player: Player) -> None:
    """Make the current token unusable (sign out everywhere); only rotating gives a new one.

    After revoking, no token exists for the player, so a client must create a new player
    unless it rotated first; staff can rotate through the admin.
    """
    unusable = "revoked:" + hash_token(new_token())[:56]
    with transaction.atomic():
        Player.objects.filter(pk=player.pk).update(token_hash=unusable)
    player.token_hash = unusable


# -- games -----------------------------------------------------------------------------------
def deal_for(code: DealCode) -> Deal:
    """The stored deal of a code, created (with its layout under this deployment's key) once."""
    deal, _ = Deal.objects.get_or_create(
        code=code.text, defaults={"layout": code.layout(settings.HALFMOON_DEAL_KEY).to_text()})
    return deal


def start_game(player: Player, deal_code: str | None = None) -> Outcome:
    """Start a game of the given deal code, or of a random deal."""
    code = DealCode.parse(deal_code) if deal_code is not None else DealCode.random()
    from . import daily  # hook: today's daily deal, by its code too, is a daily game (SPEC §7)
    if code == daily.daily_code(clock.today()):
        return daily.start_daily(player)
    with transaction.atomic():
        deal = deal_for(code)
        return _create_game(player, deal)


def _create_game(player: Player, deal: Deal, **fields) -> Outcome:
    board = Board(Layout.from_text(deal.layout))
    now = clock.now()
    game = Game.objects.create(owner=player, deal=deal, state=board.state_string(),
                               status=board.status.value, started_at=now, updated_at=now,
                               **fields)
    return Outcome(game, board, None)


def move(player: Player, game_id: int, positions, expected_version: int | None = None) -> Outcome:
    """Remove a pair or a triple named by its positions."""
    removal_move = Move.of(positions)
    return _change(player, game_id, expected_version, Action("move", removal_move.positions))


def tap(player: Player, game_id: int, position, expected_version: int | None = None) -> Outcome:
    """Tap one position (SPEC §4); the outcome's result is the engine's :class:`TapResult`."""
    return _change(player, game_id, expected_version, Action("tap", (Position.parse(position),)))


def undo(player: Player, game_id: int, expected_version: int | None = None) -> Outcome:
    return _change(player, game_id, expected_version, Action("undo"))


def resign(player: Player, game_id: int, expected_version: int | None = None) -> Outcome:
    return _change(player, game_id, expected_version, Action("resign"))


def _change(player: Player, game_id: int, expected_version: int | None, action: Action) -> Outcome:
    with transaction.atomic():
        game = _locked_game(player, game_id, expected_version)
        board = Board.from_state(game.state, trusted=True)  # a state this service wrote
        result = board.apply(action)  # raises before anything is written
        removal = result.removal if isinstance(result, TapResult) else result
        _save(game, board, action, removal)
        if game.ranked and game.is_finished:
            from . import daily  # hook: a ranked attempt that ends enters its leaderboard
            daily.enter_finished(game)
    outcome = Outcome(game, board, result)
    transaction.on_commit(lambda: publish_game(outcome.payload, outcome.owner_payload),
                          robust=True)
    return outcome


def _locked_game(player: Player, game_id: int, expected_version: int | None) -> Game:
    row_id = _row_id(game_id)
    game = rows.locked_game(row_id) if row_id is not None else None
    if game is None:
        raise GameNotFound(f"There is no game {game_id}.", game_id=game_id)
    if game.owner_id != player.pk:
        raise NotYourGame("Only the player who owns a game may change it.", game_id=game_id)
    game.owner = player  # the caller: no need to read the owner's row again
    if expected_version is not None and expected_version != game.version:
        raise VersionConflict(
            f"The game is at version {game.version}, not {expected_version}: reload it.",
            current_version=game.version)
    return game


def _save(game: Game, board: Board, action: Action, removal: Removal | None) -> None:
    now = clock.now()
    status = board.status
    previous_version = game.version
    game.version = previous_version + 1
    game.state = board.state_string()
    game.status, game.score, game.moves = status.value, board.score, board.moves
    game.updated_at = now
    if status.is_over and game.finished_at is None:
        game.finished_at = now
    entry = {"game_id": game.pk, "seq": game.version, "kind": action.kind, "created_at": now,
             "positions": "+".join(p.name for p in action.positions),
             "cards": removal.to_text() if removal else ""}
    if not rows.save_change(game, previous_version, entry):  # only where locks are not enforced
        raise VersionConflict("The game changed meanwhile: reload it.")


def _row_id(value) -> int | None:
    """The game id as a whole number a bigint key can hold, None when it names no game."""
    if isinstance(value, str) and value.strip().isdigit():
        value = int(value)
    if isinstance(value, int) and not isinstance(value, bool) and 0 < value < 2**63:
        return value
    return None


def replay(game: Game, before=None) -> Board:
    """Rebuild a game's board from its deal and its move log (only changes made ``before``)."""
    events = game.events.order_by("seq")
    if before is not None:
        events = events.filter(created_at__lt=before)
    actions = [Action(e.kind, tuple(Position.parse(p) for p in e.positions.split("+") if p))
               for e in events]
    return Board.replay(Layout.from_text(game.deal.layout), actions)
