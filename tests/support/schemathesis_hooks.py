"""Schemathesis hooks for the CLI run of ``.ci/contract_tools.sh schemathesis``
(``SCHEMATHESIS_HOOKS=tests.support.schemathesis_hooks``).

- The requests share one player's token (``POST /players``, then ``POST /account`` with
  :data:`PASSWORD`), so that the games, races and tokens one of them makes are the next
  one's; a request that signed that device out
  (``DELETE /players/me/token``, a password change) is answered 401, and the next requests
  get a new player's token.
- ``positive_data_acceptance`` is replaced by :func:`refused_only_by_rules`: a request valid
  by the schema is accepted, or refused by a rule the schema cannot state — the codes of
  :data:`RULE_REFUSALS` (those of the suite's schema fuzz test, and a generated
  ``Idempotency-Key`` reused with another body), or a pair of the operation's
  ``x-refused-together``.
- :func:`ids_the_player_owns`: a generated request valid by the schema names, in its path, a
  game, race, device, challenge, player, date or season that exists and that the request's
  player may act on (made through the API by the hook, as a client would), rather than a
  random id (404) or another player's (403); the secrets of an account (password, recovery
  code, link code, invite) are the ones the hooks know (:data:`PREPARED`); a generated
  ``Idempotency-Key`` is made unique. Requests the schema calls invalid, and the stateful
  phase's (its ids come from earlier answers), are sent as generated.

The operations whose every valid request is refused by a state the schema cannot express (a
legal move depends on the deal, undo needs a move, an app is connected on the site…) are
listed, each with its reason, in one place: ``schemathesis.toml``'s ``[[operations]]`` at the
repository's root.
"""

from __future__ import annotations

import base64
import contextlib
import json
import os
import secrets
import urllib.error
import urllib.request
from collections.abc import Callable

import schemathesis

from games.oauth.registration import MAX_OWN_APPS, MAX_PERSONAL_TOKENS
from tests.reliability.rule_refusals import RULE_REFUSALS as FUZZ_RULE_REFUSALS

RULE_REFUSALS = FUZZ_RULE_REFUSALS | {"idempotency_key_reused"}


@schemathesis.auth(refresh_interval=3600, retry_on=[401])
class NewPlayer:
    """A player's token (a player with credentials: the account's operations reach their
    logic), a new one after a 401."""

    def get(self, case, ctx):
        return _account(_Api(case))["token"]

    def set(self, case, data, ctx):
        if _is_apps_own(case):  # an app's webhooks: its client credentials, not a token
            case.headers = {**(case.headers or {}), "Authorization": _app_authorization()}
            return
        case.headers = {**(case.headers or {}), "Authorization": f"Bearer {data}"}


def _is_apps_own(case) -> bool:
    return case.operation.path.split("/api/v1", 1)[-1].startswith("/webhooks")


def _app_authorization() -> str:
    """HTTP Basic of the confidential app .ci/contract_tools.sh registered."""
    pair = os.environ.get("HALFMOON_ST_APP_CREDENTIALS", "")
    return "Basic " + base64.b64encode(pair.encode()).decode()


@schemathesis.check
def refused_only_by_rules(ctx, response, case):
    if case.meta is None or not case.meta.generation.mode.is_positive:
        return None
    if response.status_code not in (400, 422):
        return None
    body = json.loads(response.content)
    code = body.get("code")
    fields = set(body.get("fields", {})) if code == "invalid_request" else set()
    together = {pair[0] for pair in case.operation.definition.raw.get("x-refused-together", [])}
    if code in RULE_REFUSALS or (fields and fields <= together):
        return None
    raise AssertionError(f"A request valid by the schema was refused for its shape: {body}")


# -- ids the request's player owns, secrets it knows ------------------------------------------
#: The password of every account the hooks make.
PASSWORD = "schemathesis hook 4411"


class _Api:
    """The API as the request's player (or nobody) calls it: JSON in, JSON out."""

    def __init__(self, case) -> None:
        self.base = case.operation.base_url.split("/api/v1")[0].rstrip("/") + "/api/v1"
        self.auth = (case.headers or {}).get("Authorization")

    def __call__(self, method: str, path: str, body=None, auth: object = True) -> dict:
        headers = {"Content-Type": "application/json"}
        if auth is True and self.auth:
            headers["Authorization"] = self.auth
        elif isinstance(auth, str):
            headers["Authorization"] = f"Bearer {auth}"
        data = None if body is None else json.dumps(body).encode()
        request = urllib.request.Request(self.base + path, data, headers, method=method)
        with urllib.request.urlopen(request, timeout=10) as response:
            content = response.read()
        return json.loads(content) if content else {}


def _player(api: _Api) -> dict:
    """A new anonymous player: ``id`` and ``token``."""
    return api("POST", "/players", {"name": "Schemathesis"}, auth=False)


def _account(api: _Api) -> dict:
    """A new player with credentials: ``id``, ``token``, ``username``, ``recovery_codes``."""
    player = _player(api)
    username = f"st_{secrets.token_hex(6)}"
    body = {"username": username, "password": PASSWORD}
    made = api("POST", "/account", body, auth=player["token"])
    return {**player, "username": username, "recovery_codes": made["recovery_codes"]}


def _game(api: _Api) -> int:
    return api("POST", "/games", {})["id"]


def _ended_game(api: _Api) -> int:
    game = _game(api)
    api("POST", f"/games/{game}/resign", {})
    return game


def _challenge(api: _Api) -> str:
    return api("POST", f"/games/{_ended_game(api)}/challenge")["code"]


_races: dict[object, list[int]] = {}


def _race(api: _Api) -> int:
    # One open race (or place in the queue) at a time per player: the hooks' earlier one is
    # cancelled first.
    with contextlib.suppress(urllib.error.HTTPError):
        api("DELETE", "/matchmaking")
    for race in _races.pop(api.auth, []):
        with contextlib.suppress(urllib.error.HTTPError):
            api("POST", f"/races/{race}/cancel")
    race = api("POST", "/races", {"seats": 2})["id"]
    _races.setdefault(api.auth, []).append(race)
    return race


def _full_race(api: _Api, case) -> None:
    """A new host's race with a second member, both ready: it can start (the shared player
    stays free of a running race)."""
    host, guest = _player(api)["token"], _player(api)["token"]
    race = api("POST", "/races", {"seats": 2}, auth=host)
    api("POST", "/races/join", {"invite": race["invite"]}, auth=guest)
    for who in (host, guest):
        api("POST", f"/races/{race['id']}/ready", {"ready": True}, auth=who)
    case.path_parameters.update(race_id=race["id"])
    _as(case, host)


def _other_device(api: _Api) -> int:
    """A second device of the request's player (a link code followed), not this request's."""
    code = api("POST", "/players/me/link-codes")["code"]
    token = api("POST", "/players/link", {"code": code}, auth=False)["token"]
    mine = api("GET", "/players/me/tokens?limit=100", auth=token)["results"]
    return next(device["id"] for device in mine if device["current"])


def _free_slot(api: _Api, path: str, limit: int) -> None:
    """One below the player's limit of personal tokens or own apps: the oldest goes."""
    mine = api("GET", path)["results"]
    if len(mine) >= limit:
        api("DELETE", f"{path}/{mine[0]['id']}")


#: An app may hold this many subscriptions (HALFMOON_WEBHOOK_SUBSCRIPTIONS_PER_APP's default).
MAX_SUBSCRIPTIONS = 10


def _subscription(api: _Api) -> int:
    """A new subscription of the hooks' app (its oldest goes at the app's limit)."""
    _free_slot(api, "/webhooks", MAX_SUBSCRIPTIONS)
    body = {"url": "https://st.example/hooks", "events": ["daily.closed"]}
    return api("POST", "/webhooks", body)["id"]


def _personal_token(api: _Api) -> int:
    _free_slot(api, "/account/tokens", MAX_PERSONAL_TOKENS)
    return api("POST", "/account/tokens", {"name": "st", "scopes": ["read"]})["id"]


def _own_app(api: _Api) -> int:
    _free_slot(api, "/account/apps", MAX_OWN_APPS)
    body = {"name": "st", "redirect_uris": ["https://st.example/cb"], "scopes": ["read"]}
    return api("POST", "/account/apps", body)["id"]


#: Path parameter makers by the operation's path (after ``/api/v1``): each returns the
#: parameters of a thing the request's player owns.
OWNED: dict[str, Callable[[_Api], dict]] = {
    "/games/{game_id}": lambda api: {"game_id": _game(api)},
    "/games/{game_id}/moves": lambda api: {"game_id": _game(api)},
    "/games/{game_id}/taps": lambda api: {"game_id": _game(api)},
    "/games/{game_id}/undo": lambda api: {"game_id": _game(api)},
    "/games/{game_id}/resign": lambda api: {"game_id": _game(api)},
    "/games/{game_id}/log": lambda api: {"game_id": _game(api)},
    "/games/{game_id}/challenge": lambda api: {"game_id": _ended_game(api)},
    "/games/{game_id}/replay/{step}": lambda api: {"game_id": _ended_game(api), "step": 0},
    "/challenges/{code}": lambda api: {"code": _challenge(api)},
    "/challenges/{code}/board": lambda api: {"code": _challenge(api)},
    "/races/{race_id}": lambda api: {"race_id": _race(api)},
    "/races/{race_id}/ready": lambda api: {"race_id": _race(api)},
    "/races/{race_id}/leave": lambda api: {"race_id": _race(api)},
    "/races/{race_id}/cancel": lambda api: {"race_id": _race(api)},
    "/races/{race_id}/rematch": lambda api: {"race_id": _race(api)},
    "/players/me/tokens/{token_id}": lambda api: {"token_id": _other_device(api)},
    "/account/tokens/{token_id}": lambda api: {"token_id": _personal_token(api)},
    "/webhooks/{webhook_id}": lambda api: {"webhook_id": _subscription(api)},
    "/webhooks/{webhook_id}/deliveries": lambda api: {"webhook_id": _subscription(api)},
    "/webhooks/{webhook_id}/deliveries/{delivery_id}/redeliver": lambda api: {
        "webhook_id": _subscription(api)
    },
    "/account/apps/{app_id}": lambda api: {"app_id": _own_app(api)},
    "/players/{player_id}/stats": lambda api: {"player_id": api("GET", "/players/me")["id"]},
    "/players/me/following/{player_id}": lambda api: {"player_id": _player(api)["id"]},
    "/daily/{date}/leaderboard": lambda api: {"date": api("GET", "/daily", auth=False)["date"]},
    "/seasons/{season}/board": lambda api: {
        "season": api("GET", "/seasons", auth=False)["week"]["season"]
    },
}


def _as(case, token: str) -> None:
    case.headers = {**(case.headers or {}), "Authorization": f"Bearer {token}"}


def _secrets(case, **values) -> None:
    """The body's fields that name a secret get the one the hooks know (the others stay)."""
    if isinstance(case.body, dict):
        case.body.update({k: v for k, v in values.items() if k in case.body})


def _own_account(api: _Api, case) -> None:
    """The case as a new account of its own (the shared player keeps its token)."""
    account = _account(api)
    _as(case, account["token"])
    _secrets(
        case,
        username=account["username"],
        password=PASSWORD,
        recovery_code=account["recovery_codes"][0],
        new_password=PASSWORD,
    )


def _link_code(api: _Api, case) -> None:
    owner = _player(api)["token"]
    _secrets(case, code=api("POST", "/players/me/link-codes", auth=owner)["code"])


def _challenger(api: _Api, case) -> None:
    """Another player takes up the shared player's challenge."""
    case.path_parameters.update(code=_challenge(api))
    _as(case, _player(api)["token"])


def _invite(api: _Api, case) -> None:
    host = _player(api)
    invite = api("POST", "/races", {"seats": 2}, auth=host["token"])["invite"]
    _secrets(case, invite=invite)
    _as(case, _player(api)["token"])


def _public_race(api: _Api, case) -> None:
    """Another player's open public race, joined by id by a fresh player (in no race)."""
    host = _player(api)
    race = api("POST", "/races", {"seats": 2, "public": True}, auth=host["token"])
    case.path_parameters.update(race_id=race["id"])
    _as(case, _player(api)["token"])


def _follow(api: _Api, case) -> None:
    _secrets(case, username=_account(api)["username"])


def _queued(api: _Api, case) -> None:
    player = _player(api)["token"]
    api("POST", "/matchmaking", {"seats": 4}, auth=player)
    _as(case, player)


#: Operations (method and path after ``/api/v1``) whose valid requests need a state or a
#: secret the schema cannot give: the hooks set it up as a client would.
PREPARED: dict[str, Callable[[_Api, object], None]] = {
    # An anonymous player makes an account; the shared one has credentials already.
    "POST /account": lambda api, case: _as(case, _player(api)["token"]),
    # The account's own secrets (the password, a recovery code) as its owner knows them.
    "POST /account/password": lambda api, case: _secrets(
        case, current_password=PASSWORD, new_password=PASSWORD
    ),
    "POST /account/recovery-codes": lambda api, case: _secrets(case, password=PASSWORD),
    "POST /account/delete": _own_account,
    "POST /account/sign-in": _own_account,
    "POST /account/recover": _own_account,
    "POST /players/link": _link_code,
    "POST /challenges/{code}/games": _challenger,
    "POST /races/{race_id}/start": _full_race,
    "POST /races/join": _invite,
    "POST /races/{race_id}/join": _public_race,
    "POST /players/me/following": _follow,
    # Room under the player's limits (a rule: `personal_token_limit`, `own_app_limit`).
    "POST /account/tokens": lambda api, case: _free_slot(
        api, "/account/tokens", MAX_PERSONAL_TOKENS
    ),
    "POST /account/apps": lambda api, case: _free_slot(api, "/account/apps", MAX_OWN_APPS),
    "POST /webhooks": lambda api, case: _free_slot(api, "/webhooks", MAX_SUBSCRIPTIONS),
    # A fresh player: not in the shared one's race, not the challenge's creator.
    "POST /matchmaking": lambda api, case: _as(case, _player(api)["token"]),
    # A fresh player waiting in the queue (the shared one may be in a race of the hooks').
    "GET /matchmaking": lambda api, case: _queued(api, case),
    "DELETE /matchmaking": lambda api, case: _queued(api, case),
}


@schemathesis.hook
def before_call(ctx, case, **kwargs):
    ids_the_player_owns(case)


def ids_the_player_owns(case) -> None:
    meta = case.meta
    if meta is None or not meta.generation.mode.is_positive or meta.phase.name == "stateful":
        return
    if "Idempotency-Key" in (case.headers or {}):
        # A generated key is drawn again and again (the same one with another body is refused
        # by design, 422 idempotency_key_reused, tested in the suite): a key of its own.
        case.headers["Idempotency-Key"] = secrets.token_hex(16)
    path = case.operation.path.split("/api/v1", 1)[-1]
    api = _Api(case)
    try:
        prepare = PREPARED.get(f"{case.method.upper()} {path}")
        if prepare is not None:
            prepare(api, case)
            api = _Api(case)
        make = OWNED.get(path)
        if make is not None and case.path_parameters:
            case.path_parameters.update(make(api))
    except (urllib.error.URLError, KeyError, StopIteration):
        return  # sent as generated: its answer shows what went wrong
