"""What the served OpenAPI 3.1 schema promises a client generator: every status an operation
can answer with its error codes, typed details, nullable objects a strict validator accepts,
the bearer scheme, typed positions and cards."""

import re

import pytest
from jsonschema import Draft202012Validator
from openapi_spec_validator import validate

from api.contract import refuses
from games.core.error_schemas import DETAIL_SCHEMAS, component_name, schema_of
from games.core.errors import REGISTRY

from .conftest import error_codes, operations

pytestmark = pytest.mark.django_db
PREFIX = "/api/v1/"


@pytest.mark.slow
def test_the_schema_is_valid_openapi_3_1(schema):
    assert schema["openapi"] == "3.1.0"
    validate(schema)


def test_every_registered_code_has_a_typed_schema():
    for known in REGISTRY.values():
        built = schema_of(known)
        Draft202012Validator.check_schema(built)
        assert built["properties"]["code"] == {"type": "string", "const": known.code}
        assert set(built["properties"]) == {"code", "message", *known.detail_fields}
        for name in known.detail_fields:
            assert "type" in DETAIL_SCHEMAS[name], name
    assert DETAIL_SCHEMAS["retry_after"]["type"] == "integer"
    assert DETAIL_SCHEMAS["current_version"]["type"] == "integer"


def test_every_error_response_is_a_union_discriminated_on_code(schema):
    components = schema["components"]["schemas"]
    for path, method, operation in operations(schema):
        for status, codes in error_codes(schema, operation).items():
            assert codes, (method, path, status)
            for code in codes:
                assert REGISTRY[code].status == int(status), (method, path, code)
                component = components[component_name(code)]
                assert component["properties"]["code"]["const"] == code
            body = operation["responses"][status]["content"]["application/json"]["schema"]
            if len(codes) > 1:
                assert set(body["discriminator"]["mapping"]) == codes
                assert body["discriminator"]["propertyName"] == "code"


def test_every_operation_answers_the_statuses_any_request_can_meet(schema):
    for path, method, operation in operations(schema):
        codes = error_codes(schema, operation)
        where = (method, path)
        assert {"not_acceptable"} <= codes["406"], where
        assert "service_unavailable" in codes["503"] and "server_error" in codes["500"], where
        if any("BearerAuth" in requirement for requirement in operation.get("security", [])):
            assert "invalid_token" in codes["401"], where
            assert "WWW-Authenticate" in operation["responses"]["401"]["headers"], where
        if method in ("post", "put", "patch"):
            assert "request_too_large" in codes["413"], where
        if "requestBody" in operation:
            assert "unsupported_media_type" in codes["415"], where
            assert {"invalid_json", "invalid_request"} <= codes["400"], where
        if "429" in codes:
            header = operation["responses"]["429"]["headers"]["Retry-After"]
            assert header["required"] and header["schema"]["type"] == "integer", where


def test_the_player_creation_takes_no_token_and_refuses_none(schema):
    """``POST /players`` ignores any Authorization header (tests/api/test_start_over.py)."""
    operation = schema["paths"][PREFIX + "players"]["post"]
    assert not any("BearerAuth" in r for r in operation.get("security", []))
    assert "401" not in operation["responses"]
    assert "403" not in operation["responses"]


@pytest.mark.parametrize(
    ("path", "method", "status", "codes"),
    [
        (
            "games/{game_id}",
            "get",
            "403",
            {"game_private", "daily_game_hidden", "race_game_hidden"},
        ),
        ("games/{game_id}", "get", "404", {"game_not_found"}),
        ("games/{game_id}/moves", "post", "409", {"version_conflict", "race_over"}),
        ("games/{game_id}/moves", "post", "429", {"throttled"}),
        ("games/{game_id}/log", "get", "429", {"throttled"}),
        ("games", "post", "503", {"service_unavailable"}),
        ("players", "post", "429", {"throttled"}),
        ("account/sign-in", "post", "403", {"account_locked", "token_suspended"}),
        ("daily/{date}/leaderboard", "get", "404", {"not_on_leaderboard"}),
        (
            "races/{race_id}/start",
            "post",
            "409",
            {"race_not_open", "race_needs_two", "members_not_ready"},
        ),
    ],
)
def test_operations_list_what_their_views_raise(schema, path, method, status, codes):
    operation = schema["paths"][PREFIX + path][method]
    assert codes <= error_codes(schema, operation)[status]


def test_detail_fields_are_typed_in_the_components(schema):
    components = schema["components"]["schemas"]
    hidden = components["DailyGameHiddenError"]["properties"]
    assert hidden["game_id"]["type"] == "integer"
    assert hidden["opens_at"] == {**hidden["opens_at"], "type": "string", "format": "date-time"}
    assert components["VersionConflictError"]["properties"]["current_version"]["type"] == "integer"
    assert components["ThrottledError"]["properties"]["retry_after"]["type"] == "integer"
    assert components["InvalidRequestError"]["properties"]["fields"]["type"] == "object"


@pytest.mark.parametrize(
    ("component", "field"),
    [
        ("TapResponse", "message"),
        ("DailyResponse", "attempt"),
        ("DailyResponse", "entry"),
        ("LeaderboardResponse", "me"),
        ("RatingsResponse", "me"),
    ],
)
def test_nullable_objects_are_one_of_a_reference_or_null(schema, component, field):
    prop = schema["components"]["schemas"][component]["properties"][field]
    assert {"type": "null"} in prop["oneOf"]
    assert any("$ref" in option for option in prop["oneOf"])
    assert "nullable" not in prop and "allOf" not in prop
    assert field in schema["components"]["schemas"][component]["required"]


def test_types_a_generator_can_use(schema):
    components = schema["components"]["schemas"]
    summary = components["GameSummary"]["properties"]
    assert summary["status"]["$ref"].endswith("/GameStatusEnum")
    best = components["DailyStats"]["properties"]["best_rank"]["oneOf"]
    assert components[best[0]["$ref"].rsplit("/", 1)[1]]["required"] == ["date", "rank"]
    positions = components["MoveRequest"]["properties"]["positions"]
    assert (positions["minItems"], positions["maxItems"], positions["uniqueItems"]) == (2, 3, True)
    position = re.compile(positions["items"]["pattern"])
    assert all(position.match(p) for p in ["P1", "P12", "R1", "R8"])
    assert not any(position.match(p) for p in ["P0", "P13", "R9", "R0", "p1", "X1"])
    card = re.compile(components["Pile"]["properties"]["top"]["pattern"])
    assert all(card.match(c) for c in ["AS", "10H", "JC", "QD", "KS", "2C"])
    assert not any(card.match(c) for c in ["1S", "11H", "QX", "KK", "10"])
    assert components["Pile"]["properties"]["position"]["pattern"] == r"^P([1-9]|1[0-2])$"
    assert components["ReserveSlot"]["properties"]["position"]["pattern"] == r"^R[1-8]$"


def test_the_answered_settings_are_complete_and_open(schema):
    components = schema["components"]["schemas"]
    settings = components["Settings"]
    assert set(settings["required"]) == set(settings["properties"])
    assert settings["additionalProperties"] is True
    assert components["SettingsRequest"]["additionalProperties"] is False
    assert components["PlayerResponse"]["properties"]["settings"]["$ref"].endswith("/Settings")


def test_component_names_are_not_doubled(schema):
    names = schema["components"]["schemas"]
    assert not [name for name in names if name.endswith("RequestRequest")]
    assert {
        "MoveRequest",
        "TapRequest",
        "PlayerCreateRequest",
        "PatchedPlayerUpdateRequest",
    } <= set(names)


def test_an_unknown_code_cannot_be_declared():
    with pytest.raises(ValueError, match="no_such_code"):
        refuses("game_not_found", "no_such_code")


def test_every_tag_is_declared_and_no_development_server_is_written_in(schema):
    declared = [tag["name"] for tag in schema["tags"]]
    used = {
        tag
        for item in schema["paths"].values()
        for operation in item.values()
        if isinstance(operation, dict)
        for tag in operation.get("tags", [])
    }
    assert used == set(declared) and len(declared) == len(set(declared))
    assert all(tag.get("description") for tag in schema["tags"])
    assert schema["servers"] == [
        {"url": "/", "description": "The server that serves this document"}
    ]


def test_every_error_answer_offers_problem_details_with_the_same_codes(schema):
    for item in schema["paths"].values():
        for operation in item.values():
            if not isinstance(operation, dict):
                continue
            for status, response in operation["responses"].items():
                if int(status) < 400 or "content" not in response:
                    continue
                plain = response["content"]["application/json"]["schema"]
                problem = response["content"]["application/problem+json"]["schema"]
                codes = [r["$ref"] for r in plain.get("oneOf", [plain])]
                problems = [r["$ref"] for r in problem.get("oneOf", [problem])]
                where = (status, operation["operationId"])
                assert [f"{c}Problem" for c in codes] == problems, where


def test_both_documents_state_the_shared_budget_of_game_actions(schema):
    from realtime.asyncapi import document

    stated = re.compile(r"budget \(`game_action`\): (\d+) in ")
    rest = stated.search(schema["info"]["description"])
    sockets = stated.search(document()["info"]["description"])
    assert rest and sockets, "the shared budget is not stated in both documents"
    moves = schema["paths"]["/api/v1/games/{game_id}/moves"]["post"]["x-rate-limits"]
    (game_action,) = [limit for limit in moves if limit["name"] == "game_action"]
    assert int(rest.group(1)) == game_action["quota"]  # the rate the document was made with
    from django.conf import settings

    now = int(settings.HALFMOON_THROTTLE_RATES["game_action"].split("/")[0])
    assert int(sockets.group(1)) == now  # the socket document, made now
