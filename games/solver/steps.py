"""Where a game was lost: the first action after which its position could no longer be won."""

from __future__ import annotations

from dataclasses import dataclass

from games.engine import Board, Layout

from .search import Verdict, solve
from .table import Table


@dataclass(frozen=True)
class LosingStep:
    """``index``: the index in the actions of the first action that turned a winnable
    position into a lost one, None when there is none. ``start``: the deal's own verdict.
    ``undecided``: some position before ``index`` (or anywhere, when ``index`` is None) stayed
    undecided within the budget, so an earlier step may have lost the game."""

    index: int | None
    start: Verdict
    undecided: bool


def first_losing_step(
    layout: Layout, actions, *, node_budget: int | None = 200_000, time_budget: float | None = None
) -> LosingStep:
    """Replay ``actions`` (engine :class:`~games.engine.Action`\\ s) from ``layout`` and find
    the first one after which the position was lost while it could be won before it.

    Only removals and undos change the table; the position after each action is solved at
    most once per distinct table (verdicts are shared by the canonical key), each solve within
    the given budget.
    """
    board = Board(layout)
    verdicts: dict[Table, Verdict] = {}

    def verdict_of() -> Verdict:
        table = Table.from_board(board)
        if table not in verdicts:
            verdicts[table] = solve(board, node_budget=node_budget, time_budget=time_budget).verdict
        return verdicts[table]

    start = before = verdict_of()
    undecided = start is Verdict.UNDECIDED
    for index, action in enumerate(actions):
        cards = board.cards_left
        board.apply(action)
        if action.kind == "tap" and board.cards_left == cards:
            continue
        if action.kind == "resign":
            break
        after = verdict_of()
        if before is Verdict.WINNABLE and after is Verdict.LOST:
            return LosingStep(index, start, undecided)
        undecided = undecided or after is Verdict.UNDECIDED
        before = after
    return LosingStep(None, start, undecided)
