"""How a player sees their personal tokens and their own apps (never a token's value but once,
at its making)."""

from __future__ import annotations

from oauth2_provider.models import Application

from games.core import clock
from games.core.clock import iso

from .models import PersonalToken
from .selectors import policy_of


def personal_token_payload(personal: PersonalToken, value: str | None = None) -> dict:
    access = personal.access_token
    body = {
        "id": personal.pk,
        "name": personal.name,
        "hint": personal.hint,
        "scopes": sorted(access.scope.split()),
        "created_at": iso(access.created),
        "expires_at": iso(access.expires),
        "expired": access.expires <= clock.now(),
        "last_used_at": iso(access.updated),
    }
    if value is not None:
        body["token"] = value
    return body


def own_app_payload(app: Application) -> dict:
    policy = policy_of(app)
    return {
        "id": app.pk,
        "client_id": app.client_id,
        "name": app.name,
        "redirect_uris": app.redirect_uris.split(),
        "allowed_origins": app.allowed_origins.split(),
        "scopes": sorted(policy.allowed()),
        "suspended": policy.suspended_at is not None,
        "created_at": iso(app.created),
    }
