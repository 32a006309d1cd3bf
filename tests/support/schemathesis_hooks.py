"""Schemathesis hooks for the CLI run of ``.ci/contract_tools.sh schemathesis``
(``SCHEMATHESIS_HOOKS=tests.support.schemathesis_hooks``).

- The requests share one player's token (``POST /players``), so that the games, races and
  tokens one of them makes are the next one's; a request that signed that device out
  (``DELETE /players/me/token``, a password change) is answered 401, and the next requests
  get a new player's token.
- ``positive_data_acceptance`` is replaced by :func:`refused_only_by_rules`: a request valid
  by the schema is accepted, or refused by a rule the schema cannot state — the codes of
  :data:`RULE_REFUSALS` (those of the suite's schema fuzz test, and a generated
  ``Idempotency-Key`` reused with another body), or a pair of the operation's
  ``x-refused-together``.
"""

from __future__ import annotations

import json
import urllib.request

import schemathesis

from tests.reliability.rule_refusals import RULE_REFUSALS as FUZZ_RULE_REFUSALS

RULE_REFUSALS = FUZZ_RULE_REFUSALS | {"idempotency_key_reused"}


@schemathesis.auth(refresh_interval=3600, retry_on=[401])
class NewPlayer:
    """A player's token, a new one after a 401."""

    def get(self, case, ctx):
        base = case.operation.base_url.split("/api/v1")[0].rstrip("/")
        request = urllib.request.Request(
            f"{base}/api/v1/players",
            data=b'{"name": "Schemathesis"}',
            headers={"Content-Type": "application/json"},
            method="POST",
        )
        with urllib.request.urlopen(request, timeout=10) as response:
            return json.load(response)["token"]

    def set(self, case, data, ctx):
        case.headers = {**(case.headers or {}), "Authorization": f"Bearer {data}"}


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
