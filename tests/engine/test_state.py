"""The compact state string (round trips, corruption) and replay of an action log."""

import pytest

from games.engine import Action, Board, DealCode, InvalidState, Move, Position, Status, SumMustBe11
from tests.support.layouts import table

P = Position


def mid_game() -> tuple[Board, list[Action]]:
    """A board with removals, an undo, a removal by taps and a selection, and its action log."""
    board = Board(DealCode.parse("HM1-N-HALFMON").layout())
    log = []
    for _ in range(4):
        action = Action("move", board.legal_moves()[0].positions)
        board.apply(action)
        log.append(action)
    for action in (Action("undo"), Action("tap", (P.R1,)), Action("tap", (P.R1,))):
        board.apply(action)
        log.append(action)
    move = board.legal_moves()[-1]
    for position in move.positions:
        action = Action("tap", (position,))
        board.apply(action)
        log.append(action)
    playable = board.playable()[0][0]
    board.apply(Action("tap", (playable,)))
    log.append(Action("tap", (playable,)))
    assert board.moves == 4 and board.selection == [playable] and len(board.history) == 4
    return board, log


def round_trips(board: Board) -> Board:
    text = board.state_string()
    again = Board.from_state(text)
    assert again.state_string() == text and again == board
    for name in ("score", "moves", "cards_left", "status", "selection", "can_undo"):
        assert getattr(again, name) == getattr(board, name), name
    assert list(again.history) == list(board.history)
    assert again.legal_moves() == board.legal_moves() and again.dimmed() == board.dimmed()
    return again


def test_a_fresh_deal_round_trips():
    board = Board(DealCode(0).layout())
    again = round_trips(board)
    assert again.piles == board.piles and again.reserve == board.reserve


def test_a_game_with_history_and_selection_round_trips_and_plays_on_identically():
    board, _ = mid_game()
    again = round_trips(board)
    for b in (board, again):
        b.undo()
        b.undo()
    assert again == board
    round_trips(board)


def test_finished_and_emptied_boards_round_trip():
    board = Board(table(P1="JC 5S", P2="6D", P3="QH", R4="KD", R5="7C"))
    board.push(Move.parse("P1+P2"))
    round_trips(board)  # an empty pile and a partly empty reserve
    board.resign()
    assert round_trips(board).status is Status.RESIGNED
    won = Board(table(P1="5S", P2="6D"))
    won.push(Move.parse("P1+P2"))
    assert round_trips(won).status is Status.WON


@pytest.mark.parametrize(
    "text",
    [
        None,
        5,
        "",
        "garbage",
        "1",
        "1;;;;;",
        "2" + ";x" * 5,
    ],
)
def test_garbage_is_invalid(text):
    with pytest.raises(InvalidState) as caught:
        Board.from_state(text)
    assert caught.value.code == "invalid_state"


def corruptions():
    """(what, function from a good state string to a corrupted one)."""

    def field(index, value):
        return lambda s: ";".join(value if i == index else f for i, f in enumerate(s.split(";")))

    def table_part(mutate):
        def corrupt(s):
            fields = s.split(";")
            fields[1] = mutate(fields[1])
            return ";".join(fields)

        return corrupt

    return [
        ("truncated", lambda s: s[:-7]),
        ("extra field", lambda s: s + ";"),
        ("missing field", lambda s: s.rsplit(";", 1)[0]),
        ("other version", field(0, "9")),
        ("eleven piles", table_part(lambda t: t.split("/", 1)[1])),
        ("odd card text", table_part(lambda t: "A" + t)),
        ("unknown card", table_part(lambda t: "ZZ" + t)),
        ("empty slot in a pile", table_part(lambda t: "--" + t)),
        ("a card three times", table_part(lambda t: "5S5S5S" + t)),
        ("reserve of 9", table_part(lambda t: t + "AS")),
        ("counts not numbers", field(2, "x.y")),
        ("negative count", field(2, "-1.0")),
        ("count with spaces", field(2, " 4.0")),
        ("one count", field(2, "4")),
        ("unknown flag", field(3, "X")),
        ("unknown selected position", field(4, "P13")),
        ("three selected", field(4, "P1+P2+P3")),
        ("selected twice", field(4, "R1+R1")),
        ("history: unknown card", field(5, "P1=XX+P2=6D")),
        ("history: no card", field(5, "P1+P2")),
        ("history: not a removal", field(5, "P1=5S+P2=5D")),
        ("history: one card", field(5, "P1=5S")),
        ("history: same position twice", field(5, "P1=5S+P1=6D")),
        ("history: more removals than moves", field(2, "1.0")),
    ]


@pytest.mark.parametrize("what, corrupt", corruptions(), ids=[w for w, _ in corruptions()])
def test_corrupted_state_strings_are_invalid(what, corrupt):
    board, _ = mid_game()
    good = board.state_string()
    bad = corrupt(good)
    assert bad != good
    with pytest.raises(InvalidState):
        Board.from_state(bad)


TABLE = "JC/5S/QH/QD" + "/" * 9 + "TH6S" + "--" * 6  # R1 10H, R2 6S, R3..R8 empty


def test_a_consistent_hand_written_state_is_accepted():
    board = Board.from_state(f"1;{TABLE};1.0;;P1+P3;R8=AC+R7=TS")
    assert board.selection == [P.P1, P.P3] and board.history[0].to_text() == "R8=AC+R7=TS"
    board.undo()
    assert [c.code for c in board.reserve[-2:]] == ["10S", "AC"]


@pytest.mark.parametrize(
    "counts, selection, history",
    [
        ("1.0", "P9", ""),  # P9 is empty
        ("1.0", "R8", ""),  # R8 is empty
        ("1.0", "P2+R1", ""),  # two number cards
        ("1.0", "P3+P4", ""),  # two queens
        ("1.0", "", "R1=AC+P2=TS"),  # undoing would put a card on the occupied R1
        ("0.0", "", "R8=AC+R7=TS"),  # a removal more than the move counter says
        ("0.1", "", "R8=AC+R7=TS"),  # a pair counted as a triple
        ("2.0", "", "P1=5S+P2=6D,P1=5S+P2=6D"),  # a third 5S once undone (P2 shows one)
        ("50.0", "", ""),  # more cards removed than the double deck holds
    ],
)
def test_selections_and_histories_that_play_cannot_make(counts, selection, history):
    with pytest.raises(InvalidState):
        Board.from_state(f"1;{TABLE};{counts};;{selection};{history}")


def test_a_selection_on_a_finished_game_is_invalid():
    board = Board(table(P1="5S", P2="6D", P3="JC"))
    board.resign()
    fields = board.state_string().split(";")
    fields[4] = "P1"
    with pytest.raises(InvalidState):
        Board.from_state(";".join(fields))


def test_replay_of_the_action_log_reproduces_the_game():
    board, log = mid_game()
    layout = DealCode.parse("HM1-N-HALFMON").layout()
    assert Board.replay(layout, log).state_string() == board.state_string()
    board.resign()
    assert Board.replay(layout, [*log, Action("resign")]) == board


def test_replay_of_an_illegal_log_raises_the_engine_error():
    layout = table(P1="5S", P2="AH")
    with pytest.raises(SumMustBe11):
        Board.replay(layout, [Action("move", (P.P1, P.P2))])


def test_unknown_action_kinds_are_refused():
    with pytest.raises(ValueError):
        Action("shuffle")
