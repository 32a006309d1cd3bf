"""Hostile input over HTTP: schemathesis against the OpenAPI schema, every operation.

Requests generated from the schema (examples, boundary and invalid values, random fuzzing) go
to a real daphne, authenticated with a real token, half of the game ids pointing at a real
game of that player. No response may be a 5xx, and every response must match the schema
(documented status code, content type, body and headers). The schema used is the one the
server serves (checked first), generated here because test items are built at collection.
"""

import json
import threading

import pytest
import schemathesis
from drf_spectacular.generators import SchemaGenerator
from hypothesis import HealthCheck, settings
from schemathesis.config import SchemathesisConfig
from schemathesis.specs.openapi.checks import positive_data_acceptance

from tests.reliability.rule_refusals import RULE_REFUSALS
from tests.support.http import Http, new_player
from tests.support.servers import ServerProcess, database_env

pytestmark = [pytest.mark.slow]

#: Random cases per operation (the coverage phase adds its boundary cases): keeps the whole
#: run well under two minutes.
MAX_EXAMPLES = 25
#: Operations that change the caller's token: each of their cases runs as a fresh player.
TOKEN_OPERATIONS = {
    "players_me_token_rotate",
    "players_me_token_revoke",
    "players_me_tokens_revoke",
    "players_me_tokens_revoke_others",
    "account_create",
}

#: Cross-field rules a schema cannot state: (operation, field the error names).
CROSS_FIELD_RULES = {
    ("games_create", "daily"),  # daily and deal_code are not taken together
    ("daily_leaderboard", "cursor"),  # cursor and around=me neither
    ("ratings_board", "cursor"),
    ("seasons_board", "cursor"),
    ("games_log", "after"),  # after and cursor neither
    ("games_list", "before"),  # before (the older spelling of a page) and cursor neither
}


def refused_only_by_rules(ctx, response, case):
    """Schemathesis check: a request valid by the schema is accepted, or refused by a rule."""
    if case.meta is None or not case.meta.generation.mode.is_positive:
        return None
    if response.status_code != 400:
        return None
    body = json.loads(response.content)
    operation = case.operation.definition.raw.get("operationId")
    fields = set(body.get("fields", {})) if body.get("code") == "invalid_request" else set()
    if body.get("code") in RULE_REFUSALS or (
        fields and all((operation, name) in CROSS_FIELD_RULES for name in fields)
    ):
        return None
    raise AssertionError(f"A request valid by the schema was refused for its shape: {body}")


SCHEMA = SchemaGenerator().get_schema(request=None, public=True)
#: A request the schema calls invalid must be refused: schemathesis's usual statuses, plus 412
#: — a generated `If-Match` that does not name the game's version is a precondition evaluated
#: before the content is (RFC 9110 §13.2.2), so a bad position behind it is answered 412.
REFUSALS = ["400", "401", "403", "404", "405", "406", "409", "412", "415", "422", "428", "429"]
schema = schemathesis.openapi.from_dict(
    SCHEMA,
    config=SchemathesisConfig.from_dict(
        {"checks": {"negative_data_rejection": {"expected-statuses": [*REFUSALS, "5xx"]}}}
    ),
)
CASES = {"sent": 0, "operations": set()}
_lock = threading.Lock()


@pytest.fixture(scope="module")
def fuzz_server(django_db_setup, django_db_blocker):
    """One daphne for the whole module, on the test database (each test commits its data)."""
    with django_db_blocker.unblock():
        env = database_env()
    with ServerProcess(env) as server:
        yield server
    print(
        f"\nschemathesis: {CASES['sent']} generated requests over "
        f"{len(CASES['operations'])} operations, none a 5xx or off-schema"
    )


@pytest.fixture
def fuzz_target(fuzz_server, transactional_db):
    player = new_player(fuzz_server.url, "fuzz")
    game = player.post("/api/v1/games", {"deal_code": "HM1-N-AAAAAAA"}).body
    return {"url": fuzz_server.url, "token": player.token, "game_id": game["id"]}


def without_rate_figures(document: dict) -> dict:
    """The schema less the figures of the rate limits (``x-rate-limits`` per operation and the
    table in ``info.description``): the test server runs with raised limits, this process with
    the suite's; everything requests are generated from is compared."""
    copy = json.loads(json.dumps(document))
    copy["info"].pop("description", None)
    for operations in copy["paths"].values():
        for operation in operations.values():
            if isinstance(operation, dict):
                operation.pop("x-rate-limits", None)
    return copy


def test_the_served_schema_is_the_one_fuzzed(fuzz_target):
    served = Http(fuzz_target["url"]).get("/api/v1/schema/?format=json")
    assert served.status == 200
    assert without_rate_figures(served.body) == without_rate_figures(SCHEMA)


def test_a_stray_session_cookie_on_an_unknown_path_is_a_404(fuzz_target):
    """Found by this module: the request log read the session (a database query) from the
    event loop for requests no view had handled, and a 404 became a 500."""
    client = Http(fuzz_target["url"])
    for method in ("GET", "POST"):
        reply = client.call(
            method, "/api/v1/games/x/moves", {}, headers={"Cookie": "sessionid=not-a-session"}
        )
        assert reply.status == 404 and reply.body["code"] == "not_found"


@schema.parametrize()
@settings(
    max_examples=MAX_EXAMPLES,
    deadline=None,
    suppress_health_check=list(HealthCheck),
    derandomize=True,
)  # the same cases on every run: CI never fails by luck
def test_every_operation_survives_generated_requests(case, fuzz_target):
    token = fuzz_target["token"]
    operation_id = case.operation.definition.raw.get("operationId")
    if operation_id in TOKEN_OPERATIONS:
        token = new_player(fuzz_target["url"], "rotator").token
    game_id = (case.path_parameters or {}).get("game_id")
    if isinstance(game_id, int) and not isinstance(game_id, bool) and game_id % 2 == 0:
        case.path_parameters["game_id"] = fuzz_target["game_id"]
    with _lock:
        CASES["sent"] += 1
        CASES["operations"].add(operation_id)
    case.call_and_validate(
        base_url=fuzz_target["url"],
        headers={"Authorization": f"Token {token}"},
        excluded_checks=[positive_data_acceptance],
        additional_checks=[refused_only_by_rules],
    )
