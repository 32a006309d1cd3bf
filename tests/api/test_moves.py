"""Moves, undo and resign over REST (SPEC §3, §6): every success and every refusal."""

import pytest
from django.utils.dateparse import parse_datetime

from games.engine import Layout
from tests.support.api import post, url
from tests.support.payloads import tops

from .helpers import full_layout, refused, snapshot

pytestmark = pytest.mark.django_db


def move(client, game_id, positions, **extra):
    return post(client, url("games", game_id, "moves"), {"positions": positions, **extra})


def test_a_pair_is_removed(table):
    client, game = table()
    response = move(client, game["id"], ["P2", "P1"])
    assert response.status_code == 200
    after = response.json()
    assert (after["score"], after["moves"], after["version"]) == (10, 1, 1)
    assert after["cards_left"] == game["cards_left"] - 2
    assert after["can_undo"] is True
    assert tops(after)["P1"] == "2C" and tops(after)["P2"] == "3C"
    counts = {p["position"]: p["count"] for p in after["piles"]}
    assert (counts["P1"], counts["P2"]) == (1, 1)
    assert after["status"] == "playing"
    assert client.get(url("games", game["id"])).json()["version"] == 1


def test_a_triple_is_removed_from_pile_and_reserve(table):
    client, game = table()
    after = move(client, game["id"], ["R2", "P6", "R1"]).json()
    assert (after["score"], after["moves"]) == (15, 1)
    assert tops(after)["R1"] is None and tops(after)["R2"] is None and tops(after)["P6"] == "8C"


def test_reserve_with_reserve_and_lowercase_positions(table):
    client, game = table()
    after = move(client, game["id"], ["r3", " R4 "]).json()
    assert after["score"] == 10
    assert tops(after)["R3"] is None and tops(after)["R4"] is None


@pytest.mark.parametrize(
    "positions, code",
    [
        (["P1", "P3"], "sum_must_be_11"),  # 5 + 4
        (["P1", "P4"], "sum_must_be_11"),  # number with a face card
        (["P4", "R1"], "needs_jack_queen_king"),  # two jacks
        (["P4", "P5"], "needs_jack_queen_king"),  # faces never pair
        (["P4", "P5", "R1"], "needs_jack_queen_king"),  # J, Q, J
        (["P1", "P2", "P3"], "needs_jack_queen_king"),  # three number cards
        (["P4", "P5", "P1"], "needs_jack_queen_king"),
    ],
)
def test_illegal_combinations_are_refused(table, positions, code):
    client, game = table()
    refused(game["id"], lambda: move(client, game["id"], positions), 400, code)


@pytest.mark.parametrize(
    "positions, code",
    [
        (["P1", "P13"], "invalid_position"),
        (["P1", "R9"], "invalid_position"),
        (["P0", "P1"], "invalid_position"),
        (["X", "P1"], "invalid_position"),
        (["P12", "P1"], "empty_position"),
        (["R8", "P1"], "empty_position"),
        (["P1", "P1"], "duplicate_position"),
        (["P1", "p1"], "duplicate_position"),
        (["P1"], "wrong_number_of_cards"),
        ([], "wrong_number_of_cards"),
        (["P1", "P2", "P3", "P4"], "wrong_number_of_cards"),
    ],
)
def test_bad_positions_are_refused(table, positions, code):
    client, game = table()
    refused(game["id"], lambda: move(client, game["id"], positions), 400, code)


def test_empty_position_error_names_it_and_tells_no_hidden_card(table):
    client, game = table()
    body = refused(
        game["id"], lambda: move(client, game["id"], ["P1", "P12"]), 400, "empty_position"
    )
    assert body["position"] == "P12"
    assert body["message"] == "Pile 12 is empty."


@pytest.mark.parametrize(
    "positions",
    [
        "P1+P2",
        "P1",
        None,
        5,
        {"a": "P1"},
        [1, 2],
        ["P1", 2],
        ["P1", None],
        ["P1", True],
        [["P1"], "P2"],
        ["P1"] * 13,
        ["P1", ""],
    ],
)
def test_positions_of_wrong_type_are_refused(table, positions):
    client, game = table()
    body = refused(game["id"], lambda: move(client, game["id"], positions), 400, "invalid_request")
    assert "positions" in body["fields"]


def test_positions_are_required(table):
    client, game = table()
    body = refused(
        game["id"],
        lambda: post(client, url("games", game["id"], "moves"), {}),
        400,
        "invalid_request",
    )
    assert "positions" in body["fields"]


def test_expected_version_applies_when_current_and_409_when_stale(table):
    client, game = table()
    assert move(client, game["id"], ["P1", "P2"], expected_version=0).json()["version"] == 1
    for stale in (0, 2, 100):
        body = refused(
            game["id"],
            lambda: move(client, game["id"], ["P3", "P8"], expected_version=stale),
            409,
            "version_conflict",
        )
        assert body["current_version"] == 1
    assert move(client, game["id"], ["P3", "P8"], expected_version=1).json()["version"] == 2


@pytest.mark.parametrize(
    "action, body", [("undo", {}), ("resign", {}), ("taps", {"position": "P1"})]
)
def test_stale_version_is_409_for_every_action(table, action, body):
    client, game = table()
    move(client, game["id"], ["P1", "P2"])
    error = refused(
        game["id"],
        lambda: post(client, url("games", game["id"], action), {**body, "expected_version": 0}),
        409,
        "version_conflict",
    )
    assert error["current_version"] == 1


def test_undo_restores_exactly(table):
    client, game = table()
    move(client, game["id"], ["P1", "P2"])
    after_second = move(client, game["id"], ["P4", "P5", "P6"]).json()
    assert after_second["score"] == 25
    response = post(client, url("games", game["id"], "undo"), {"expected_version": 2})
    assert response.status_code == 200
    undone = response.json()
    assert (undone["score"], undone["moves"], undone["version"]) == (10, 1, 3)
    assert tops(undone)["P4"] == "JC" and tops(undone)["P5"] == "QH" and tops(undone)["P6"] == "KH"
    undone = post(client, url("games", game["id"], "undo")).json()
    assert (undone["score"], undone["moves"], undone["version"]) == (0, 0, 4)
    assert undone["piles"] == game["piles"] and undone["reserve"] == game["reserve"]
    assert undone["can_undo"] is False


def test_nothing_to_undo(table):
    client, game = table()
    refused(
        game["id"], lambda: post(client, url("games", game["id"], "undo")), 400, "nothing_to_undo"
    )
    move(client, game["id"], ["P1", "P2"])
    post(client, url("games", game["id"], "undo"))
    refused(
        game["id"], lambda: post(client, url("games", game["id"], "undo")), 400, "nothing_to_undo"
    )


def test_resign_ends_the_game_and_keeps_the_score(table):
    client, game = table()
    move(client, game["id"], ["P1", "P2"])
    response = post(client, url("games", game["id"], "resign"), {"expected_version": 1})
    assert response.status_code == 200
    over = response.json()
    assert (over["status"], over["score"], over["moves"], over["version"]) == ("resigned", 10, 1, 2)
    assert over["finished_at"] is not None and over["can_undo"] is False
    assert parse_datetime(over["finished_at"]) >= parse_datetime(over["started_at"])


@pytest.mark.parametrize(
    "action, body",
    [
        ("moves", {"positions": ["P3", "P8"]}),
        ("undo", {}),
        ("resign", {}),
        ("taps", {"position": "P3"}),
        ("moves", {"positions": ["P1", "P3"]}),
    ],
)
def test_a_resigned_game_cannot_change(table, action, body):
    client, game = table()
    move(client, game["id"], ["P1", "P2"])
    post(client, url("games", game["id"], "resign"))
    error = refused(
        game["id"],
        lambda: post(client, url("games", game["id"], action), body),
        400,
        "game_finished",
    )
    assert error["status"] == "resigned"


@pytest.mark.parametrize(
    "action, body",
    [
        ("moves", {"positions": ["P1", "P2"]}),
        ("undo", {}),
        ("resign", {}),
        ("taps", {"position": "P1"}),
    ],
)
def test_a_won_game_cannot_change(table, action, body):
    client, game = table(piles=[["5S"], ["6D"]] + [[]] * 10, reserve=[None] * 8)
    won = move(client, game["id"], ["P1", "P2"]).json()
    assert (won["status"], won["cards_left"], won["can_undo"]) == ("won", 0, False)
    assert won["finished_at"] is not None
    error = refused(
        game["id"],
        lambda: post(client, url("games", game["id"], action), body),
        400,
        "game_finished",
    )
    assert error["status"] == "won"


def test_stalled_game_can_be_undone_back_to_playing(table):
    client, game = table(piles=[["5H", "5S"], ["6D"]] + [[]] * 10, reserve=[None] * 8)
    stalled = move(client, game["id"], ["P1", "P2"]).json()
    assert stalled["status"] == "stalled"
    assert stalled["finished_at"] is not None  # its clock stops (tests/api/test_stalled_clock.py)
    assert stalled["can_undo"] is True
    refused(game["id"], lambda: move(client, game["id"], ["P1", "P2"]), 400, "empty_position")
    again = post(client, url("games", game["id"], "undo")).json()
    assert (again["status"], again["finished_at"]) == ("playing", None)
    # A stalled game is not over: the player may still resign it.
    move(client, game["id"], ["P1", "P2"])
    assert post(client, url("games", game["id"], "resign")).json()["status"] == "resigned"


def test_a_game_that_starts_stalled_says_so(table):
    _, game = table(piles=[["5H"], ["5S"]] + [[]] * 10, reserve=[None] * 8)
    assert game["status"] == "stalled"


def test_worked_example_of_the_rule_pages(table):
    """SPEC §5, on a hand-built layout (HM1 does not deal it)."""
    before_first = [
        ["7H", "5S"],
        ["AH"],
        ["KH"],
        ["4C"],
        ["QH"],
        ["5H"],
        ["7S"],
        ["JC", "6D"],
        ["10D"],
        ["10C"],
        ["2D"],
        ["KH"],
    ]
    reserve = ["10H", "6S", "3D", "4S", "7D", "5S", "JH", "AC"]
    layout: Layout = full_layout(before_first, reserve)
    client, game = table(layout=layout, move_errors=True)
    assert tops(game)["P1"] == "5S" and tops(game)["P8"] == "6D"

    first = move(client, game["id"], ["P1", "P8"]).json()
    expected = {
        "P1": "7H",
        "P2": "AH",
        "P3": "KH",
        "P4": "4C",
        "P5": "QH",
        "P6": "5H",
        "P7": "7S",
        "P8": "JC",
        "P9": "10D",
        "P10": "10C",
        "P11": "2D",
        "P12": "KH",
        "R1": "10H",
        "R2": "6S",
        "R3": "3D",
        "R4": "4S",
        "R5": "7D",
        "R6": "5S",
        "R7": "JH",
        "R8": "AC",
    }
    assert tops(first) == expected
    counts = {p["position"]: p["count"] for p in first["piles"]}
    assert counts == {**{f"P{i}": 8 for i in range(1, 13)}, "P1": 7, "P8": 7}
    log = client.get(url("games", game["id"], "log")).json()
    assert log["entries"][0]["removed"] == [
        {"position": "P1", "card": "5S"},
        {"position": "P8", "card": "6D"},
    ]

    refused(game["id"], lambda: move(client, game["id"], ["R6", "P2"]), 400, "sum_must_be_11")
    refused(game["id"], lambda: move(client, game["id"], ["R6", "P3"]), 400, "sum_must_be_11")
    for position, message in (
        ("R6", None),
        ("P2", "sum_must_be_11"),
        ("R6", None),
        ("P3", "sum_must_be_11"),
    ):
        tapped = post(client, url("games", game["id"], "taps"), {"position": position}).json()
        assert (tapped["message"] or {}).get("code") == message
        assert tapped["removed"] is None

    second = move(client, game["id"], ["P8", "P5", "P3"]).json()
    assert second["score"] == 25 and second["moves"] == 2
    assert snapshot(game["id"])["events"][-1][3] == "P3=KH+P5=QH+P8=JC"
    assert [p["count"] for p in second["piles"] if p["position"] in ("P3", "P5", "P8")] == [7, 7, 6]
