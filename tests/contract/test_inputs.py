"""A game change's input is declared once (``games.play.inputs``): the REST bodies' schema, the
socket frames' schema and the socket's checks all come from the declarations."""

import pytest

from api.games import serializers as s
from games.core.errors import InvalidRequest
from games.play import inputs
from realtime import frames

#: The REST body of each game change (undo and resign share one).
BODIES = {
    "move": "MoveRequest",
    "tap": "TapRequest",
    "undo": "VersionedRequest",
    "resign": "VersionedRequest",
}


def test_every_game_change_is_one_use_case_both_transports_route_to():
    """One table of game changes (games.actions.GAME_ACTIONS): the socket's frames and REST's
    views (one class per row of api.games.views.ACTION_VIEWS, routed at its path) are its rows,
    by name, and run its use case."""
    from django.urls import resolve

    from api.games.views import ACTION_VIEW_CLASSES
    from games.actions import GAME_ACTIONS

    assert set(GAME_ACTIONS) == set(inputs.ACTIONS) == set(ACTION_VIEW_CLASSES)
    for name, view in ACTION_VIEW_CLASSES.items():
        assert view.game_action is GAME_ACTIONS[name]
        assert view.request_body.__name__ == BODIES[name]
        match = resolve(f"/api/v1/games/7/{GAME_ACTIONS[name].path}")
        assert match.func.view_class is view and match.url_name == f"game-{view.game_action.path}"


@pytest.fixture(scope="module")
def asyncapi():
    from realtime.asyncapi import document

    return document()["components"]["schemas"]


def test_every_game_change_has_its_body_and_its_frame():
    assert set(inputs.ACTIONS) == set(frames.ACTIONS_BY_NAME) == set(BODIES)
    for name, declared in inputs.ACTIONS.items():
        assert frames.ACTIONS_BY_NAME[name].declared is declared
    assert s.MoveRequest.declared is inputs.MOVE and s.TapRequest.declared is inputs.TAP
    assert s.VersionedRequest.declared.fields == inputs.UNDO.fields == inputs.RESIGN.fields


@pytest.mark.parametrize("name", list(inputs.ACTIONS))
def test_both_schemas_show_the_declared_keys_and_bounds(schema, asyncapi, name):
    declared = inputs.ACTIONS[name]
    body = schema["components"]["schemas"][BODIES[name]]
    frame = asyncapi[frames.ACTIONS_BY_NAME[name].__name__]
    assert list(body["properties"]) == [item.name for item in declared.fields]
    assert list(frame["properties"]) == ["action", "expected_version", "request_id"] + [
        item.name for item in declared.fields[1:]
    ]
    required = [item.name for item in declared.fields if item.required]
    assert body.get("required", []) == required
    assert frame["required"] == ["action", *required]
    assert body["additionalProperties"] is frame["additionalProperties"] is False
    version = inputs.EXPECTED_VERSION.value.minimum
    assert body["properties"]["expected_version"]["minimum"] == version
    assert frame["properties"]["expected_version"]["anyOf"][0]["minimum"] == version
    if name == "move":
        # both documents state what the rules take (issue 40): 2–3 positions, each once
        for shown in (frame["properties"]["positions"], body["properties"]["positions"]):
            assert (shown["minItems"], shown["maxItems"]) == inputs.POSITIONS.takes
            assert shown["uniqueItems"] is True
        for shown in (frame["properties"]["positions"], body["properties"]["positions"]):
            assert shown["items"]["pattern"] == inputs.POSITION_PATTERN


def refusal(declared, data, transport_keys=()):
    with pytest.raises(InvalidRequest) as refused:
        inputs.check(declared, data, transport_keys)
    return refused.value.details["fields"]


def test_the_check_takes_the_declared_values_and_leaves_null_out():
    assert inputs.check(inputs.MOVE, {"positions": [1, "x"], "expected_version": None}) == {
        "positions": [1, "x"]  # what a position is, is the engine's to say
    }
    assert inputs.check(inputs.TAP, {"position": " p1", "action": "tap"}, {"action"}) == {
        "position": " p1"
    }
    assert inputs.check(inputs.UNDO, {"expected_version": 10**24}) == {"expected_version": 10**24}


def test_the_check_refuses_unknown_keys_first_then_the_first_bad_key_in_order():
    unknown = {f"{i:02}" + "k" * 50: i for i in range(30)}
    fields = refusal(inputs.UNDO, {**unknown, "expected_version": -1})
    assert len(fields) == inputs.UNKNOWN_NAMED
    assert all(len(name) == inputs.UNKNOWN_NAME_LENGTH for name in fields)
    assert all(problems == ["Unknown field."] for problems in fields.values())
    assert refusal(inputs.MOVE, {"positions": "P1", "expected_version": True}) == {
        "expected_version": ["A whole number of at least 0."]
    }
    assert refusal(inputs.MOVE, {"positions": ["P1"] * 13}) == {
        "positions": ['A list like ["P1", "R6"].']
    }
    assert refusal(inputs.TAP, {"position": None}) == {"position": ["A position like 'P5'."]}
    for version in (-1, 1.5, 2.0, "0", False, [0]):
        assert refusal(inputs.RESIGN, {"expected_version": version}) == {
            "expected_version": ["A whole number of at least 0."]
        }


def test_plain_bodies_are_exactly_the_declared_plain_values():
    assert inputs.plain(inputs.MOVE, {"positions": ["P1", "R6"]}) == {"positions": ["P1", "R6"]}
    for odd in (
        {"positions": ["P1", "R6"], "expected_version": None},  # null: the serializer refuses it
        {"positions": ["P1", " R6"]},  # text the serializer trims
        {"positions": ["P1", "P" * 9]},
        {},
        {"positions": ["P1", "R6"], "extra": 1},
        ["P1", "R6"],
    ):
        assert inputs.plain(inputs.MOVE, odd) is None
