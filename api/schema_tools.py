"""What outside tools read in the schema beyond drf-spectacular's own account, in one
postprocessing hook (``SPECTACULAR_SETTINGS["POSTPROCESSING_HOOKS"]``, the last one).

Schema validators, fuzzers and client generators (openapi-spec-validator, redocly,
schemathesis, openapi-typescript, openapi-python-client) expect:

- ``info.license``, ``servers`` (a generated client's base URL, relative to the document)
  and every tag an operation names declared with a description;
- a ``summary`` on every operation: the first sentence of its description;
- ``""`` accepted where the server accepts it: drf-spectacular writes an optional blank string
  as ``oneOf [{string …}, {string, maxLength: 0}]``, which ``""`` matches twice and so fails;
  here it is ``anyOf``;
- what JSON Schema can say of the rules: a player's ``name`` without control, format or
  private-use characters (the ones :mod:`games.players.names` refuses that a pattern can
  name: unassigned ones cannot be listed), a new password at least as long as the password
  validators want, a non-empty ``cursor``;
- the parameters or fields an operation refuses together (400 ``invalid_request`` naming the
  field), as ``x-refused-together`` and a sentence of the description: JSON Schema cannot say
  it of query parameters.
"""

from __future__ import annotations

from typing import Any

from django.contrib.auth.password_validation import (
    MinimumLengthValidator,
    get_default_password_validators,
)

from games.core import rates

#: Relative: the server that serves the document (a deployment's, or ``make run``'s at
#: http://127.0.0.1:8000); no development address is written into the contract.
SERVERS = [{"url": "/", "description": "The server that serves this document"}]
#: Every tag an operation names, declared once with what it groups (in this order).
TAGS = [
    {"name": "players", "description": "Players, their settings, devices and connected apps"},
    {"name": "account", "description": "Credentials, sign-in on a device, recovery, e-mail, "
     "a player's data (archive, deletion)"},
    {"name": "games", "description": "Games: start, move, tap, undo, resign, read, the log"},
    {"name": "daily", "description": "The daily deal and its leaderboards"},
    {"name": "races", "description": "Races of 2–8 players on one deal"},
    {"name": "matchmaking", "description": "Quick match: the rated and casual queues"},
    {"name": "ratings", "description": "The races' ratings board"},
    {"name": "challenges", "description": "Challenges: a deal to beat, its board"},
    {"name": "seasons", "description": "Weekly and monthly seasons, following"},
    {"name": "webhooks", "description": "An app's webhooks, with its client credentials"},
]  # fmt: skip
#: The repository has no licence file: the service is the project's own, all rights reserved
#: (an SPDX ``LicenseRef-`` names a licence of the project's own, as OpenAPI 3.1 asks).
LICENSE = {"name": "Proprietary: all rights reserved", "identifier": "LicenseRef-Proprietary"}
#: Who answers integrators: the API changelog (docs/API-CHANGELOG.md) says where to ask.
CONTACT = {"name": "Half Moon maintainers"}

#: Characters a player's name may not hold that a pattern can name (``Cc``, the common ``Cf``
#: and private use, which :data:`games.players.names.REFUSED_CATEGORIES` refuses; JSON carries
#: no lone surrogate).
PRINTABLE_NAME = (
    "^[^\\u0000-\\u001f\\u007f-\\u009f\\u00ad\\u061c\\u180e\\u200b-\\u200f\\u202a-\\u202e"
    "\\u2060-\\u206f\\ufeff\\ufff9-\\ufffb\\ue000-\\uf8ff]*$"
)
#: Request fields that set a new password (the password validators judge them).
NEW_PASSWORDS = {
    ("AccountCreateRequest", "password"),
    ("PasswordChangeRequest", "new_password"),
    ("PasswordResetConfirmRequest", "new_password"),
    ("RecoverRequest", "new_password"),
}
#: operationId → (the field the refusal names, the one it may not come with); each refused as
#: 400 ``invalid_request`` whose ``fields`` names the first.
REFUSED_TOGETHER: dict[str, list[tuple[str, str]]] = {
    "games_create": [("daily", "deal_code")],
    "games_list": [("before", "cursor")],
    "games_log": [("after", "cursor")],
    "daily_leaderboard": [("cursor", "around")],
    "ratings_board": [("cursor", "around")],
    "seasons_board": [("cursor", "around")],
}


def describe_for_tools(result, generator, request, public):
    info = result.setdefault("info", {})
    info["license"] = LICENSE
    info["contact"] = CONTACT
    budget = rates.shared_action_budget()
    if budget not in info.get("description", ""):
        info["description"] = f"{info.get('description', '')}\n\n{budget}".strip()
    result["servers"] = SERVERS
    used = {tag for operation in _operations(result) for tag in operation.get("tags", [])}
    declared = [tag for tag in TAGS if tag["name"] in used]
    undeclared = used - {tag["name"] for tag in TAGS}
    if undeclared:  # a new tag comes with its declaration (and a test catches it here)
        raise ValueError(f"operations name undeclared tags: {sorted(undeclared)}")
    result["tags"] = declared
    schemas = result.get("components", {}).get("schemas", {})
    _accept_blank(schemas)
    _rules_of_fields(schemas)
    for operation in _operations(result):
        _summarise(operation)
        for parameter in operation.get("parameters", []):
            if parameter.get("in") == "query" and parameter.get("name") == "cursor":
                parameter["schema"]["minLength"] = 1
        pairs = REFUSED_TOGETHER.get(operation.get("operationId", ""))
        if pairs:
            _refused_together(operation, pairs, schemas)
    return result


def _operations(result):
    for item in result.get("paths", {}).values():
        for operation in item.values():
            if isinstance(operation, dict) and "responses" in operation:
                yield operation


def _accept_blank(node: Any) -> None:
    """``oneOf`` with a ``maxLength: 0`` string beside another string → ``anyOf``."""
    if isinstance(node, list):
        for item in node:
            _accept_blank(item)
        return
    if not isinstance(node, dict):
        return
    branches = node.get("oneOf")
    if isinstance(branches, list) and any(
        isinstance(branch, dict) and branch.get("maxLength") == 0 for branch in branches
    ):
        node["anyOf"] = node.pop("oneOf")
    for value in node.values():
        _accept_blank(value)


def password_min_length() -> int:
    for validator in get_default_password_validators():
        if isinstance(validator, MinimumLengthValidator):
            return validator.min_length
    return 1


def _rules_of_fields(schemas: dict[str, Any]) -> None:
    for name, component in schemas.items():
        name_field = component.get("properties", {}).get("name")
        if name.endswith("Request") and isinstance(name_field, dict) and "pattern" in name_field:
            name_field["pattern"] = PRINTABLE_NAME
    for name, field in NEW_PASSWORDS:
        password = schemas[name]["properties"][field]  # KeyError: the table is out of date
        password["minLength"] = max(password.get("minLength", 0), password_min_length())


def _summarise(operation: dict[str, Any]) -> None:
    """The description's first sentence (up to its first ``. `` or ``: `` outside code and
    brackets), at most 80 characters."""
    paragraph = (operation.get("description") or "").strip().split("\n\n", 1)[0]
    text = " ".join(paragraph.split()) + " "
    depth, code, end = 0, False, len(text)
    for i, ch in enumerate(text[:-1]):
        code = not code if ch == "`" else code
        depth += (ch == "(") - (ch == ")") if not code else 0
        if not code and depth == 0 and ch in ".:" and text[i + 1] == " ":
            end = i
            break
    text = text[:end].strip()
    if len(text) > 80:
        text = text[:79].rsplit(" ", 1)[0]
        while text.count("`") % 2 or text.count("(") > text.count(")"):
            text = text[: max(text.rfind("`"), text.rfind("("))]  # no code or bracket left open
        text = text.rstrip(" ,;") + "…"
    operation["summary"] = text or operation["operationId"].replace("_", " ").capitalize()


def _refused_together(operation: dict, pairs: list[tuple[str, str]], schemas: dict) -> None:
    known = {p["name"] for p in operation.get("parameters", []) if p.get("in") == "query"}
    body = operation.get("requestBody", {}).get("content", {}).get("application/json", {})
    ref = body.get("schema", {}).get("$ref", "")
    if ref:
        known |= set(schemas[ref.rsplit("/", 1)[1]].get("properties", {}))
    sentences = []
    for first, second in pairs:
        if not {first, second} <= known:
            raise KeyError(f"{operation['operationId']}: no {first} or {second} to refuse")
        sentences.append(f"`{first}` with `{second}`")
    operation["x-refused-together"] = [list(pair) for pair in pairs]
    operation["description"] = (
        f"{operation.get('description', '')}\n\nRefused together (400 `invalid_request`, "
        f"the first one named in `fields`): {', '.join(sentences)}."
    ).strip()
