"""Hypothesis property of the placement aid (SPEC §4): over random positions and selections,
a playable card is dimmed exactly when a tap on it would not join the selection.

"Joins" is read off what the tap does on a copy of the board, not from the engine's rule
helper: the tap completes a removal holding every selected card and the tapped one, or the
new selection is the old one plus the tapped card. Every other tap on an unselected card
(clearing, or replacing a face card of the same rank) must come with a message code.
"""

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from games.engine import DEAL_COUNT, DOUBLE_DECK, Board, DealCode, Layout, Position

#: A deck rich in face cards, so two-face selections and same-rank replacements come up often.
FACE_HEAVY = [c for c in DOUBLE_DECK if c.is_face] + [c for c in DOUBLE_DECK if not c.is_face][::3]


def joins(board: Board, position: Position) -> tuple[bool, str | None]:
    """Whether tapping ``position`` adds it to the selection or completes a removal with it,
    and the tap's message; the board itself is left as it was."""
    before = list(board.selection)
    trial = board.copy()
    result = trial.tap(position)
    if result.removal is not None:
        removed = {p for p, _ in result.removal.cards}
        return removed == {*before, position}, result.message
    return trial.selection == [*before, position], result.message


def assert_dimmed_matches_taps(board: Board) -> None:
    dimmed = board.dimmed()
    playable = [p for p, _ in board.playable()]
    assert dimmed == [p for p in playable if p in dimmed]  # table order, playable only
    if not board.selection:
        assert dimmed == []
    for position in playable:
        if position in board.selection:
            assert position not in dimmed
            continue
        joined, message = joins(board, position)
        assert joined == (position not in dimmed), (board.selection, position, dimmed)
        assert (message is None) == joined


def select_by_taps(board: Board, taps) -> None:
    """Tap playable positions in turn (any outcome: selections, removals, refusals)."""
    for index in taps:
        playable = [p for p, _ in board.playable()]
        if not playable or board.status.is_over:
            return
        board.tap(playable[index % len(playable)])


@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    number=st.integers(0, DEAL_COUNT - 1),
    moves=st.lists(st.integers(0, 200), max_size=30),
    taps=st.lists(st.integers(0, 200), max_size=8),
)
def test_dimmed_iff_the_tap_would_not_join_on_played_deals(number, moves, taps):
    """Random deals, played some removals deep, then a selection made by random taps."""
    board = Board(DealCode(number).layout())
    for index in moves:
        legal = board.legal_moves()
        if not legal:
            break
        board.push(legal[index % len(legal)])
    select_by_taps(board, taps)
    assert_dimmed_matches_taps(board)


@st.composite
def face_heavy_tables(draw) -> Board:
    """Any table: each position empty or holding cards drawn from a face-heavy deck."""
    cards = draw(st.permutations(FACE_HEAVY))
    piles, reserve, at = [], [], 0
    for _ in range(12):
        size = draw(st.integers(0, 3))
        piles.append([c.code for c in cards[at : at + size]])
        at += size
    for _ in range(8):
        filled = draw(st.booleans())
        reserve.append(cards[at].code if filled else None)
        at += filled
    return Board(Layout.build(piles, reserve))


@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(board=face_heavy_tables(), taps=st.lists(st.integers(0, 200), max_size=8))
def test_dimmed_iff_the_tap_would_not_join_on_any_table(board, taps):
    select_by_taps(board, taps)
    assert_dimmed_matches_taps(board)
