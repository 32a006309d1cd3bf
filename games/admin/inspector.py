"""The game inspector's data: the board after every log entry, replayed on the server.

Staff only (the admin): each step carries the full table, every pile bottom to top, so the
page can show the board as the player saw it (tops and counts) or with every hidden card.
The page's script only redraws these steps; the rules stay in the engine.
"""

from __future__ import annotations

from django.utils import timezone

from ..engine import PILES, RESERVE, Board, EngineError, Layout, Move, Removal
from ..models import Game, GameEvent
from ..play.verification import ReplayFailure, Step, replay_steps, verify_game


def inspector_context(game: Game, events: list[GameEvent]) -> dict:
    """Everything the change page needs: replay steps (JSON-ready) and the verdict."""
    steps, failure = replay_payload(game, events)
    verdict = verify_game(game, events)
    return {
        "replay": {
            "game_id": game.pk,
            "deal_code": game.deal.code,
            "version": game.version,
            "failure": failure,
            "steps": steps,
        },
        "verdict": verdict,
        "step_count": len(steps),
        "event_count": len(events),
        "deal_layout": layout_rows(game.deal.layout),
    }


def replay_payload(game: Game, events: list[GameEvent]) -> tuple[list[dict], str | None]:
    """One dict per step (the deal, then each log entry); stops at an entry that fails."""
    try:
        layout = Layout.from_text(game.deal.layout)
    except EngineError as error:
        return [], f"The deal's stored layout does not parse: {error}"
    steps: list[dict] = []
    try:
        for step in replay_steps(layout, events):
            steps.append(step_payload(step, game))
    except ReplayFailure as failure:
        return steps, str(failure)
    return steps, None


def step_payload(step: Step, game: Game) -> dict:
    event = step.event
    moment = event.created_at if event else game.started_at
    return {
        "index": step.index,
        "seq": event.seq if event else 0,
        "kind": event.kind if event else "deal",
        "positions": event.positions.split("+") if event and event.positions else [],
        "label": describe_step(step),
        "at": timezone.localtime(moment).isoformat(timespec="seconds") if moment else None,
        "elapsed_ms": max(0, int((moment - game.started_at).total_seconds() * 1000)),
        "changed": _changed_positions(step),
        **board_fields(step.board),
    }


def board_fields(board: Board) -> dict:
    """A step's table and counters, every pile bottom to top (staff only)."""
    return {
        "status": board.status.value,
        "score": board.score,
        "moves": board.moves,
        "cards_left": board.cards_left,
        "can_undo": board.can_undo,
        "selection": [p.name for p in board.selection],
        "piles": [[card.code for card in board.piles[p]] for p in PILES],
        "reserve": [
            None if (card := board.reserve[p - 12]) is None else card.code for p in RESERVE
        ],
    }


def line_payload(layout: Layout, moves: list[Move]) -> list[dict]:
    """Steps through a line of moves from a deal (the solver's winning line), shaped like a
    game's replay steps so the same page script draws them. Raises the engine's errors when
    a move is illegal."""
    board = Board(layout)
    steps = [_line_step(0, board, "Deal: the table as dealt", [])]
    for index, move in enumerate(moves, start=1):
        removal = board.push(move)
        label = f"{index}. {move}: removed {_cards(removal)} (+{removal.points})"
        steps.append(_line_step(index, board, label, [p.name for p in move.positions]))
    return steps


def _line_step(index: int, board: Board, label: str, positions: list[str]) -> dict:
    return {
        "index": index,
        "seq": index,
        "kind": "move" if index else "deal",
        "positions": positions,
        "label": label,
        "at": None,
        "elapsed_ms": 0,
        "changed": positions,
        **board_fields(board),
    }


def describe_step(step: Step) -> str:
    """A one-line account of what a log entry did, for the step list."""
    event = step.event
    if event is None:
        return "Deal: the table as dealt"
    head = f"#{event.seq} {event.kind}" + (f" {event.positions}" if event.positions else "")
    if event.kind == GameEvent.Kind.UNDO:
        return f"{head}: restored {_cards(step.removal)}"
    if step.removal is not None:
        return f"{head}: removed {_cards(step.removal)} (+{step.removal.points})"
    if event.kind == GameEvent.Kind.RESIGN:
        return f"{head}: the player resigned"
    if event.kind == GameEvent.Kind.TAP:
        if step.message:
            return f"{head}: selection cleared ({step.message})"
        tapped = event.positions
        if tapped in {p.name for p in step.board.selection}:
            return f"{head}: selected " + "+".join(p.name for p in step.board.selection)
        return f"{head}: deselected {tapped}"
    return head


def _cards(removal: Removal | None) -> str:
    if removal is None:
        return "nothing"
    return " + ".join(f"{card.code} ({position.name})" for position, card in removal.cards)


def _changed_positions(step: Step) -> list[str]:
    if step.removal is not None:
        return [position.name for position, _ in step.removal.cards]
    if step.event is not None and step.event.kind == GameEvent.Kind.TAP:
        return [step.event.positions]
    return []


def layout_rows(layout_text: str) -> list[dict]:
    """The deal's full layout for a table: each position with its cards bottom to top."""
    try:
        board = Board(Layout.from_text(layout_text))
    except EngineError:
        return []
    rows = [{"position": p.name, "cards": [c.code for c in board.piles[p]]} for p in PILES]
    rows += [
        {"position": p.name, "cards": [c.code] if (c := board.reserve[p - 12]) else []}
        for p in RESERVE
    ]
    return rows
