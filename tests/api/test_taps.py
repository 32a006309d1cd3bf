"""The touch protocol over ``POST /games/{id}/taps``, case by case (SPEC §4).

On the rich table: P1 5S, P2 6D, P3 4C, P4 JC, P5 QH, P6 KH, P7 KS, P8 7H, P9 10D, P10 AH,
P11 9S, P12 empty; R1 JH, R2 QS, R3 3D, R4 8S, R5 5H, R6 6S, R7 2H, R8 empty.
"""

import pytest

from tests.support.api import post, url
from tests.support.payloads import tops

from .helpers import refused, snapshot

pytestmark = pytest.mark.django_db

ALL_PLAYABLE = [
    "P1",
    "P2",
    "P3",
    "P4",
    "P5",
    "P6",
    "P7",
    "P8",
    "P9",
    "P10",
    "P11",
    "R1",
    "R2",
    "R3",
    "R4",
    "R5",
    "R6",
    "R7",
]


@pytest.fixture
def tapper(table):
    """A game on the rich table with both aids on: returns tap(position) -> response body."""
    client, game = table(move_errors=True, placement_aid=True)

    def tap(position, **extra):
        response = post(client, url("games", game["id"], "taps"), {"position": position, **extra})
        assert response.status_code == 200, response.content
        body = response.json()
        assert set(body) == {"game", "removed", "message", "dimmed"}
        return body

    tap.client, tap.game_id = client, game["id"]
    return tap


def code_of(body):
    return body["message"]["code"] if body["message"] else None


def test_nothing_selected_selects(tapper):
    body = tapper("P1")
    assert body["game"]["selection"] == ["P1"]
    assert (body["removed"], body["message"]) == (None, None)
    assert body["game"]["version"] == 1 and body["game"]["score"] == 0


def test_tapping_a_selected_position_deselects_it(tapper):
    tapper("P4")
    tapper("P5")
    assert tapper("P4")["game"]["selection"] == ["P5"]
    assert tapper("P5")["game"]["selection"] == []
    tapper("P1")
    body = tapper("P1")
    assert body["game"]["selection"] == [] and body["message"] is None


def test_number_then_number_summing_11_removes_the_pair(tapper):
    tapper("R5")
    body = tapper("P2")
    assert body["removed"] == [{"position": "P2", "card": "6D"}, {"position": "R5", "card": "5H"}]
    game = body["game"]
    assert (game["selection"], game["score"], game["moves"], game["version"]) == ([], 10, 1, 2)
    assert tops(game)["P2"] == "3C" and tops(game)["R5"] is None
    assert body["message"] is None and body["dimmed"] == []


def test_number_then_number_not_summing_11_clears(tapper):
    tapper("P1")
    body = tapper("P3")
    assert body["game"]["selection"] == [] and body["removed"] is None
    assert body["message"] == {"code": "sum_must_be_11", "text": "The sum must equal 11"}
    assert body["game"]["score"] == 0


def test_number_then_face_clears_with_sum_message(tapper):
    tapper("P1")
    body = tapper("P6")
    assert body["game"]["selection"] == [] and code_of(body) == "sum_must_be_11"


def test_face_then_number_clears_with_jqk_message(tapper):
    tapper("P4")
    body = tapper("P1")
    assert body["game"]["selection"] == []
    assert body["message"] == {
        "code": "needs_jack_queen_king",
        "text": "A jack, a queen and a king are needed",
    }


def test_face_then_face_of_same_rank_moves_the_selection(tapper):
    """The rule pages list two face cards of one rank among the cards that do not fit."""
    tapper("P6")
    body = tapper("P7")
    assert body["game"]["selection"] == ["P7"]
    assert body["message"] == {
        "code": "needs_jack_queen_king",
        "text": "A jack, a queen and a king are needed",
    }


def test_same_rank_tap_is_silent_without_move_errors(table):
    client, game = table(placement_aid=True)
    post(client, url("games", game["id"], "taps"), {"position": "P6"})
    body = post(client, url("games", game["id"], "taps"), {"position": "P7"}).json()
    assert body["game"]["selection"] == ["P7"] and body["message"] is None


def test_face_then_face_of_another_rank_selects_both(tapper):
    tapper("P4")
    body = tapper("R2")
    assert body["game"]["selection"] == ["P4", "R2"]
    assert (body["removed"], body["message"]) == (None, None)


def test_two_faces_then_the_third_rank_removes_the_triple(tapper):
    tapper("P4")
    tapper("R2")
    body = tapper("P7")
    assert sorted(c["card"] for c in body["removed"]) == ["JC", "KS", "QS"]
    assert {c["position"] for c in body["removed"]} == {"P4", "R2", "P7"}
    game = body["game"]
    assert (game["selection"], game["score"], game["moves"]) == ([], 15, 1)
    assert tops(game)["P4"] == "9C" and tops(game)["P7"] is None and tops(game)["R2"] is None


def test_two_faces_then_a_face_of_a_selected_rank_replaces_it(tapper):
    tapper("P4")  # JC
    tapper("P5")  # QH
    body = tapper("R1")  # JH replaces JC
    assert sorted(body["game"]["selection"]) == ["P5", "R1"]
    assert code_of(body) == "needs_jack_queen_king"
    body = tapper("R2")  # QS replaces QH
    assert sorted(body["game"]["selection"]) == ["R1", "R2"]
    assert code_of(body) == "needs_jack_queen_king"
    body = tapper("P6")  # the king completes the triple with the replacements
    assert {c["position"] for c in body["removed"]} == {"R1", "R2", "P6"}


def test_two_faces_then_a_number_clears(tapper):
    tapper("P4")
    tapper("P5")
    body = tapper("P3")
    assert body["game"]["selection"] == [] and code_of(body) == "needs_jack_queen_king"


def test_the_game_never_completes_a_selection(table):
    """Only one king is on the table, yet J+Q stays a selection until the player taps it."""
    client, game = table(piles=[["JC"], ["QH"], ["KH"], ["5S"]] + [[]] * 8, reserve=[None] * 8)
    for position in ("P1", "P2"):
        body = post(client, url("games", game["id"], "taps"), {"position": position}).json()
    assert body["game"]["selection"] == ["P1", "P2"] and body["removed"] is None
    assert body["game"]["cards_left"] == 4
    body = post(client, url("games", game["id"], "taps"), {"position": "P3"}).json()
    assert body["game"]["cards_left"] == 1


def test_tapping_an_empty_position_is_refused(tapper):
    tapper("P1")
    body = refused(
        tapper.game_id,
        lambda: post(tapper.client, url("games", tapper.game_id, "taps"), {"position": "P12"}),
        400,
        "empty_position",
    )
    assert body["position"] == "P12"
    refused(
        tapper.game_id,
        lambda: post(tapper.client, url("games", tapper.game_id, "taps"), {"position": "R8"}),
        400,
        "empty_position",
    )
    assert tapper("P2")["removed"] is not None  # the selection survived the refused taps


@pytest.mark.parametrize(
    "position, code",
    [
        ("P13", "invalid_position"),
        ("R0", "invalid_position"),
        ("Q1", "invalid_position"),
        (5, "invalid_request"),
        (None, "invalid_request"),
        (["P1"], "invalid_request"),
        (True, "invalid_request"),
        ("", "invalid_request"),
        ("P1" * 5, "invalid_request"),
    ],
)
def test_bad_tap_positions_are_refused(tapper, position, code):
    refused(
        tapper.game_id,
        lambda: post(tapper.client, url("games", tapper.game_id, "taps"), {"position": position}),
        400,
        code,
    )


def test_tap_needs_a_position(tapper):
    body = refused(
        tapper.game_id,
        lambda: post(tapper.client, url("games", tapper.game_id, "taps"), {}),
        400,
        "invalid_request",
    )
    assert "position" in body["fields"]


def test_every_tap_is_a_logged_change(tapper):
    tapper("P1")
    tapper("P1")
    tapper("P4")
    body = tapper("P1")
    assert body["game"]["version"] == 4
    assert [e[:2] for e in snapshot(tapper.game_id)["events"]] == [
        (1, "tap"),
        (2, "tap"),
        (3, "tap"),
        (4, "tap"),
    ]


def test_removal_and_undo_empty_the_selection(tapper):
    tapper("P4")
    post(tapper.client, url("games", tapper.game_id, "moves"), {"positions": ["P1", "P2"]})
    assert tapper.client.get(url("games", tapper.game_id)).json()["selection"] == []
    tapper("P5")
    undone = post(tapper.client, url("games", tapper.game_id, "undo")).json()
    assert undone["selection"] == []


def test_expected_version_on_taps(tapper):
    assert tapper("P1", expected_version=0)["game"]["version"] == 1
    body = refused(
        tapper.game_id,
        lambda: post(
            tapper.client,
            url("games", tapper.game_id, "taps"),
            {"position": "P2", "expected_version": 0},
        ),
        409,
        "version_conflict",
    )
    assert body["current_version"] == 1


# -- settings: move_errors and placement_aid ---------------------------------------------------
@pytest.mark.parametrize("move_errors", [False, True])
@pytest.mark.parametrize("placement_aid", [False, True])
def test_message_and_dimmed_follow_the_settings(table, move_errors, placement_aid):
    client, game = table(move_errors=move_errors, placement_aid=placement_aid)

    def tap(position):
        return post(client, url("games", game["id"], "taps"), {"position": position}).json()

    first = tap("P1")
    assert first["message"] is None
    assert first["dimmed"] == (
        [p for p in ALL_PLAYABLE if p not in ("P1", "P2", "R6")] if placement_aid else None
    )
    cleared = tap("P3")
    if move_errors:
        assert cleared["message"] == {"code": "sum_must_be_11", "text": "The sum must equal 11"}
    else:
        assert cleared["message"] is None
    assert cleared["dimmed"] == ([] if placement_aid else None)
    assert cleared["game"]["selection"] == []


def test_dimmed_lists_what_cannot_join_the_selection(tapper):
    body = tapper("P4")  # JC: only queens and kings can join it
    assert body["dimmed"] == [p for p in ALL_PLAYABLE if p not in ("P4", "P5", "P6", "P7", "R2")]
    body = tapper("P5")  # JC + QH: only the kings
    assert body["dimmed"] == [p for p in ALL_PLAYABLE if p not in ("P4", "P5", "P6", "P7")]
    body = tapper("P5")  # back to JC alone
    assert "P5" not in body["dimmed"] and "R1" in body["dimmed"]
    body = tapper("P4")  # nothing selected: nothing dimmed
    assert body["dimmed"] == []


def test_dimmed_never_lists_empty_or_selected_positions(tapper):
    body = tapper("P3")  # 4C: only 7H (P8) can join it
    assert body["dimmed"] == [p for p in ALL_PLAYABLE if p not in ("P3", "P8")]
    assert "P12" not in body["dimmed"] and "R8" not in body["dimmed"]


def test_settings_changes_apply_to_the_next_tap(table):
    client, game = table()
    post(client, url("games", game["id"], "taps"), {"position": "P1"})
    quiet = post(client, url("games", game["id"], "taps"), {"position": "P3"}).json()
    assert (quiet["message"], quiet["dimmed"]) == (None, None)
    client.patch(
        url("players", "me"),
        {"settings": {"move_errors": True, "placement_aid": True}},
        format="json",
    )
    first = post(client, url("games", game["id"], "taps"), {"position": "P1"}).json()
    assert first["dimmed"] is not None
    loud = post(client, url("games", game["id"], "taps"), {"position": "P3"}).json()
    assert loud["message"]["code"] == "sum_must_be_11"


def test_a_face_card_lights_every_other_rank_even_without_the_third_on_the_table(table):
    """JS selected and no king anywhere: tapping a queen is accepted, so no queen is dimmed."""
    client, game = table(
        piles=[["JS"], ["QH"], ["QC"], ["JD"], ["5S"]] + [[]] * 7,
        reserve=["6H"] + [None] * 7,
        placement_aid=True,
    )

    def tap(position):
        return post(client, url("games", game["id"], "taps"), {"position": position}).json()

    assert tap("P1")["dimmed"] == ["P4", "P5", "R1"]
    body = tap("P2")
    assert body["game"]["selection"] == ["P1", "P2"]
    assert body["dimmed"] == ["P3", "P4", "P5", "R1"]
