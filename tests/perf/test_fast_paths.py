"""The shortcuts of the move path (docs/PERFORMANCE.md) give exactly what the long way gives."""

import random

import pytest
from hypothesis import given
from hypothesis import settings as hsettings
from hypothesis import strategies as st

from api.games.serializers import MoveRequest, TapRequest, VersionedRequest
from games import actions
from games.engine import Board, DealCode
from games.models import Game, GameEvent
from games.play.errors import GameNotFound

json_values = st.recursive(
    st.none()
    | st.booleans()
    | st.integers(-5, 2**70)
    | st.floats(allow_nan=False)
    | st.text(max_size=10)
    | st.sampled_from(["P1", "R8", "P12", " P3", "p5", "P1\x00", "", "  "]),
    lambda inner: (
        st.lists(inner, max_size=14) | st.dictionaries(st.text(max_size=3), inner, max_size=3)
    ),
    max_leaves=20,
)
bodies = (
    st.dictionaries(
        st.sampled_from(["positions", "position", "expected_version", "extra"]),
        json_values
        | st.lists(st.sampled_from(["P1", "R6", "P12", "R1", " P2", "P13", "x" * 9]), max_size=13),
        max_size=3,
    )
    | json_values
)


@pytest.mark.parametrize("serializer_class", [MoveRequest, TapRequest, VersionedRequest])
@hsettings(max_examples=300, deadline=None)
@given(data=bodies)
@pytest.mark.slow
def test_quick_validation_agrees_with_the_serializer(serializer_class, data):
    quick = serializer_class.quick(data)
    if quick is None:
        return  # the serializer decides, as before
    serializer = serializer_class(data=data)
    assert serializer.is_valid(), serializer.errors
    assert dict(serializer.validated_data) == quick


def test_quick_validation_takes_the_plain_bodies_of_the_hot_path():
    assert MoveRequest.quick({"positions": ["P1", "R6"], "expected_version": 3}) == {
        "positions": ["P1", "R6"],
        "expected_version": 3,
    }
    assert TapRequest.quick({"position": "P5"}) == {"position": "P5"}
    for odd in (
        {"positions": [" P1", "R6"]},
        {"positions": ["P1"], "expected_version": True},
        {"positions": ["P1"], "more": 1},
        {"position": "P5"},
        [],
    ):
        assert MoveRequest.quick(odd) is None


@hsettings(max_examples=60, deadline=None)
@given(number=st.integers(0, 26**7 - 1), seed=st.integers(0, 2**32), steps=st.integers(0, 60))
def test_trusted_state_loading_rebuilds_the_same_board(number, seed, steps):
    rng = random.Random(seed)
    board = Board(DealCode(number).layout())
    for _ in range(steps):
        choice = rng.random()
        moves = board.legal_moves()
        if choice < 0.15 and board.can_undo:
            board.undo()
        elif choice < 0.3 and board.playable() and board.status.value == "playing":
            board.tap(rng.choice(board.playable())[0])
        elif moves:
            board.push(rng.choice(moves))
    state = board.state_string()
    trusted = Board.from_state(state, trusted=True)
    assert trusted == Board.from_state(state) == board
    assert trusted.state_string() == state and trusted.status == board.status
    assert (trusted.score, trusted.moves, trusted.can_undo) == (
        board.score,
        board.moves,
        board.can_undo,
    )


@pytest.mark.django_db
@pytest.mark.parametrize("game_id", ["abc", 0, -1, 2**63, True, None, 1.5, "", "12x"])
def test_a_game_id_that_names_no_row_is_not_found_and_changes_nothing(make_player, game_id):
    player, _ = make_player()
    game = actions.start_game(player, "HM1-N-AAAAAAA").game
    with pytest.raises(GameNotFound):
        actions.tap(player, game_id, "P1")
    with pytest.raises(GameNotFound):  # reading takes the same ids
        actions.game_for_watching(player, game_id)
    assert Game.objects.get(pk=game.pk).version == 0 and not GameEvent.objects.exists()


@pytest.mark.django_db
def test_a_game_id_given_as_digits_is_the_game(make_player):
    player, _ = make_player()
    game = actions.start_game(player, "HM1-N-AAAAAAA").game
    outcome = actions.tap(player, str(game.pk), "P1")
    stored = Game.objects.get(pk=game.pk)
    assert outcome.game.version == stored.version == 1
    assert outcome.payload["owner"] == {"id": player.pk, "name": player.name}
    assert outcome.payload["deal_code"] == "HM1-N-AAAAAAA"
    event = GameEvent.objects.get(game=stored)
    assert (event.seq, event.kind, event.positions, event.cards) == (1, "tap", "P1", "")
    assert event.created_at == stored.updated_at
