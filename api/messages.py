"""Human messages for every stable error and tap-message code, in en/hr/tr (Django i18n).

A code without an entry here falls back to the English text its exception carries.
"""
from django.utils.translation import gettext_lazy as _

MESSAGES = {
    # rules (SPEC §4 wording)
    "sum_must_be_11": _("The sum must equal 11"),
    "needs_jack_queen_king": _("A jack, a queen and a king are needed"),
    "empty_position": _("Position %(position)s is empty."),
    "duplicate_position": _("The same position was named twice."),
    "wrong_number_of_cards": _("A removal takes two cards (a pair) or three (a triple)."),
    "game_finished": _("The game is over: it can no longer change."),
    "nothing_to_undo": _("There is nothing left to undo."),
    # input
    "invalid_position": _("Unknown position: use P1 to P12 for piles and R1 to R8 for the reserve."),
    "invalid_deal_code": _("Not a deal code: write HM1-N- followed by 7 letters A to Z."),
    "invalid_name": _("A name has 1 to 40 characters."),
    "invalid_json": _("The request body is not valid JSON."),
    "invalid_request": _("The request is not valid: see the fields."),
    "request_too_large": _("The request is too large."),
    "unknown_action": _("Unknown action: use move, undo or tap."),
    "unsupported_media_type": _("Send the request body as application/json."),
    "method_not_allowed": _("This method is not allowed here."),
    "not_acceptable": _("This endpoint answers in JSON only."),
    # access
    "not_authenticated": _("Authentication is needed: send Authorization: Token <token>."),
    "invalid_token": _("The token is not valid."),
    "token_suspended": _("This player is suspended: the token is refused."),
    "not_your_game": _("Only the player who owns a game may change it."),
    "permission_denied": _("You may not do this."),
    "game_not_found": _("There is no such game."),
    "not_found": _("Nothing is here."),
    # daily deal and leaderboards
    "invalid_date": _("A date is written YYYY-MM-DD, like 2026-11-30."),
    "date_in_future": _("That date has not begun yet: its daily deal and leaderboard do not exist yet."),
    "invalid_cursor": _("This cursor is not one this leaderboard gave out: start again from the first page."),
    "invalid_page_size": _("A page holds 1 to 100 entries."),
    "invalid_around": _("around takes only the value me."),
    "not_on_leaderboard": _("You have no entry on this leaderboard (yet): a ranked attempt enters when it ends or when the day closes."),
    "daily_game_hidden": _("This game is of today's daily deal: only its player may watch it until the day closes."),
    "daily_not_closed": _("The daily deal of that date is still open: its layout is shown only after the day closes."),
    "daily_closed": _("That daily deal has just closed: start today's."),
    "player_not_found": _("There is no such player."),
    "read_only_socket": _("This socket only sends leaderboard changes: it takes no actions."),
    # concurrency and limits
    "version_conflict": _("The game has changed since that version: reload it and try again."),
    "throttled": _("Too many requests: slow down and try again later."),
    "server_error": _("Something went wrong on our side. Nothing was changed."),
}


def message_for(code: str, fallback: str = "", **details) -> str:
    """The message of ``code`` in the active language, filled with ``details`` when it can be."""
    template = MESSAGES.get(code)
    if template is None:
        return fallback or code
    text = str(template)
    try:
        return text % details if "%(" in text else text
    except (KeyError, TypeError, ValueError):
        return fallback or text
