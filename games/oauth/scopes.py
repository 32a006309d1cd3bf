"""The scopes an app may be granted, and which scope each REST operation and socket needs:
the one declaration REST (``api.http.authentication``), the sockets (``realtime.auth``), the OpenAPI
``oauth2`` security scheme (``api.schema``) and the AsyncAPI document read.

The project's own device tokens (and the site's session) hold every scope; only an app's token
is limited. An operation not declared here needs ``account``: what is not declared is not lent.
"""

from __future__ import annotations

from django.utils.translation import gettext_lazy as _

#: Each scope and what it lets an app do, in the player's words (the consent page shows it).
SCOPES = {
    "read": _("See your profile, statistics, boards and ratings."),
    "play": _("Play your games: start them, move, tap, undo and resign."),
    "races": _("Enter races and matchmaking for you, and follow your races."),
    "account": _("Manage your account: credentials, devices, export and deletion."),
}
#: What an operation not in :data:`REST` needs.
UNDECLARED = "account"

#: URL name (``api.urls``) → the scope every method needs, or ``{method: scope}``.
REST: dict[str, str | dict[str, str]] = {
    "players": "account",
    "players-me": {"GET": "read", "PATCH": "account"},
    "players-me-token": "account",
    "players-me-tokens": "account",
    "players-me-tokens-revoke-others": "account",
    "players-me-device": "account",
    "players-me-link-codes": "account",
    "players-link": "account",
    "players-me-apps": "account",
    "players-me-app": "account",
    "account-tokens": "account",
    "account-token": "account",
    "account-apps": "account",
    "account-app": "account",
    "games": {"GET": "read", "POST": "play"},
    "game": {"GET": "read", "PATCH": "play"},
    "game-moves": "play",
    "game-undo": "play",
    "game-taps": "play",
    "game-resign": "play",
    "game-log": "read",
    "game-challenge": {"GET": "read", "POST": "play"},
    "game-replay": "read",
    "challenge": "read",
    "challenge-games": {"GET": "read", "POST": "play"},
    "challenge-board": "read",
    "player-stats": "read",
    "daily": "read",
    "daily-board": "read",
    "daily-deal": {"GET": "read", "POST": "play"},
    "seasons": "read",
    "season-board": "read",
    "following": "read",
    "following-player": {"GET": "read", "PUT": "account", "DELETE": "account"},
    "ratings": "read",
    "races": {"GET": "read", "POST": "races"},
    "races-join": "races",
    "race": {"GET": "read"},
    "race-ready": "races",
    "race-start": "races",
    "race-leave": "races",
    "race-cancel": "races",
    "race-rematch": "races",
    "matchmaking": "races",
}
#: The API's own documents: public, whatever token comes with the request.
PUBLIC = frozenset({"schema", "docs"})
#: Socket name (``realtime.frames.SOCKETS``) → the scope its token needs.
SOCKETS = {
    "game": "play",
    "race": "races",
    "me": "races",
    "lobby": "read",
    "daily": "read",
    "challenge": "read",
    "season": "read",
}


def rest_scope(url_name: str | None, method: str) -> str:
    """The scope the REST operation ``method`` on the route ``url_name`` needs ("" for the
    public documents)."""
    if url_name in PUBLIC:
        return ""
    declared = REST.get(url_name or "")
    if declared is None:
        return UNDECLARED
    if isinstance(declared, str):
        return declared
    method = "GET" if method.upper() in ("HEAD", "OPTIONS") else method.upper()
    return declared.get(method, UNDECLARED)


def socket_scope(socket_name: str) -> str:
    """The scope a socket's token needs."""
    return SOCKETS.get(socket_name, UNDECLARED)


class ScopesBackend:
    """DOT's scopes backend (``SCOPES_BACKEND_CLASS``): every scope with its words for the
    consent page; an app may ask for those staff allowed it; ``read`` when it names none."""

    def get_all_scopes(self) -> dict:
        return dict(SCOPES)

    def get_available_scopes(self, application=None, request=None, *args, **kwargs) -> list[str]:
        if application is None:
            return list(SCOPES)
        from .selectors import policy_of  # the models load after this module

        return sorted(policy_of(application).allowed() & set(SCOPES))

    def get_default_scopes(self, application=None, request=None, *args, **kwargs) -> list[str]:
        return [s for s in self.get_available_scopes(application, request) if s == "read"]
