"""Hypothesis properties of random play: cards accounted for, undo restores exactly, stalled
⇔ no legal move, replay of the log equals the board, won ⇒ 48 moves and 520 points."""

from collections import Counter
from functools import cache
from itertools import combinations

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from hypothesis.stateful import RuleBasedStateMachine, initialize, invariant, precondition, rule

from games.engine import (
    DEAL_COUNT,
    DOUBLE_DECK,
    Action,
    Board,
    DealCode,
    GameFinished,
    IllegalAction,
    Move,
    Position,
    Status,
)
from tests.support.layouts import table_cards, winnable_layout
from tests.support.solver import find_winnable_code

POSITIONS = st.sampled_from(list(Position))


def brute_force_moves(board: Board) -> set[Move]:
    """The legal removals, straight from SPEC §3 (not from the engine's generator)."""
    if board.status.is_over:
        return set()
    cards = board.playable()
    found = {
        Move((p, q))
        for (p, a), (q, b) in combinations(cards, 2)
        if not a.is_face and not b.is_face and a.value + b.value == 11
    }
    found |= {
        Move(tuple(p for p, _ in trio))
        for trio in combinations(cards, 3)
        if sorted(c.rank for _, c in trio) == ["J", "K", "Q"]
    }
    return found


class RandomPlay(RuleBasedStateMachine):
    """Legal and illegal moves, undos and taps on a random deal, checked after every step."""

    @initialize(number=st.integers(min_value=0, max_value=DEAL_COUNT - 1))
    def deal(self, number):
        self.layout = DealCode(number).layout()
        self.board = Board(self.layout)
        self.removed: Counter = Counter()  # cards out of the game, from what the engine returned
        self.log: list[Action] = []

    def _applied(self, action: Action, removal=None):
        self.log.append(action)
        if removal is not None:
            self.removed.update(c for _, c in removal.cards)

    def _refused(self, attempt):
        before = self.board.state_string()
        try:
            result = attempt()
        except IllegalAction:
            assert self.board.state_string() == before
            return None
        return result

    @precondition(lambda self: self.board.legal_moves())
    @rule(data=st.data())
    def legal_move_then_maybe_undo_it(self, data):
        move = data.draw(st.sampled_from(self.board.legal_moves()))
        before = self.board.state_string()
        had_selection = bool(self.board.selection)
        removal = self.board.push(move)
        assert removal.move == move and self.board.selection == []
        self._applied(Action("move", move.positions), removal)
        if data.draw(st.booleans()):
            self.board.undo()
            self.removed.subtract(c for _, c in removal.cards)
            self.log.append(Action("undo"))
            if not had_selection:
                assert self.board.state_string() == before
            else:  # undo restores everything but the selection, which it clears
                assert self.board.selection == []
                assert self.board.state_string().split(";")[:4] == before.split(";")[:4]

    @rule(positions=st.lists(POSITIONS, min_size=2, max_size=3, unique=True))
    def any_move(self, positions):
        move = Move(tuple(sorted(positions)))
        legal = move in brute_force_moves(self.board)
        removal = self._refused(lambda: self.board.push(move))
        assert (removal is not None) == legal
        if removal is not None:
            self._applied(Action("move", move.positions), removal)

    @rule()
    def undo(self):
        removal = self._refused(self.board.undo)
        if removal is not None:
            self.removed.subtract(c for _, c in removal.cards)
            self._applied(Action("undo"))

    @rule(position=POSITIONS)
    def tap(self, position):
        result = self._refused(lambda: self.board.tap(position))
        if result is not None:
            self._applied(Action("tap", (position,)), result.removal)

    @invariant()
    def cards_are_accounted_for(self):
        on_table = table_cards(self.board)
        assert on_table + self.removed == Counter(DOUBLE_DECK)
        assert self.board.cards_left + 2 * self.board.pairs + 3 * self.board.triples == 104
        assert max(on_table.values(), default=0) <= 2
        assert (self.board.score, self.board.moves) == (
            10 * self.board.pairs + 15 * self.board.triples,
            self.board.pairs + self.board.triples,
        )

    @invariant()
    def stalled_exactly_when_no_legal_move(self):
        moves = self.board.legal_moves()
        assert set(moves) == brute_force_moves(self.board) and len(set(moves)) == len(moves)
        if not self.board.status.is_over:
            assert (self.board.status is Status.STALLED) == (not moves)
            assert self.board.has_legal_move() == bool(moves)

    @invariant()
    def replay_and_state_string_reproduce_the_board(self):
        text = self.board.state_string()
        assert Board.replay(self.layout, self.log).state_string() == text
        assert Board.from_state(text).state_string() == text


# 40 random games of 50 steps: `make test` runs it, not `make test-fast`.
TestRandomPlay = pytest.mark.slow(RandomPlay.TestCase)
TestRandomPlay.settings = settings(
    max_examples=40,
    stateful_step_count=50,
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow],
)


@cache
def solved_deals() -> tuple[tuple[DealCode, tuple[Move, ...]], ...]:
    """A few deals the solver wins, found once per test run."""
    found, start = [], 0
    for _ in range(3):
        code, moves = find_winnable_code(start=start)
        found.append((code, tuple(moves)))
        start = code.number + 1
    return tuple(found)


def assert_won(board: Board):
    assert board.status is Status.WON and board.cards_left == 0
    assert (board.moves, board.score, board.pairs, board.triples) == (48, 520, 40, 8)
    assert board.legal_moves() == [] and not board.can_undo
    before = board.state_string()
    for attempt in (board.undo, board.resign, lambda: board.tap(Position.P1)):
        try:
            attempt()
        except GameFinished:
            pass
        else:
            raise AssertionError("a won game took a change")
    assert board.state_string() == before


@settings(max_examples=25, deadline=None)
@given(
    deal=st.sampled_from(range(3)),
    detours=st.dictionaries(st.integers(1, 47), st.integers(1, 47), max_size=6),
)
def test_a_solved_deal_played_with_detours_is_won_with_48_moves_and_520(deal, detours):
    """After ``at`` moves of the solution, take ``back`` of them back, then play on."""
    code, solution = solved_deals()[deal]
    board = Board(code.layout())
    for at, move in enumerate(solution):
        back = min(detours.get(at, 0), at)
        for _ in range(back):
            board.undo()
        for again in solution[at - back : at]:
            board.push(again)
        assert board.moves == at
        board.push(move)
    assert_won(board)


@settings(max_examples=25, deadline=None)
@given(rng=st.randoms(use_true_random=False), by_taps=st.booleans())
def test_any_won_game_has_48_moves_and_520_points(rng, by_taps):
    """Layouts won by construction (any pile sizes), won by moves or by the touch protocol."""
    layout, moves = winnable_layout(rng)
    assert layout.card_count == 104
    board = Board(layout)
    for move in moves:
        if by_taps:
            results = [board.tap(p) for p in move.positions]
            assert [r.removal is not None for r in results] == [False] * (len(results) - 1) + [True]
            assert all(r.message is None for r in results)
        else:
            board.push(move)
    assert_won(board)


def test_the_solved_deals_are_real_wins():
    for code, solution in solved_deals():
        board = Board(code.layout())
        for move in solution:
            board.push(move)
        assert_won(board)
