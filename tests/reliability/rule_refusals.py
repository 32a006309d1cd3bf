"""The refusals of rules a schema cannot state: shared by the suite's schema fuzz test and the
CLI run of schemathesis (:mod:`tests.support.schemathesis_hooks`)."""

#: 400 codes that refuse a well-formed request for what it means, not for its shape: the game's
#: rules (an illegal move, nothing to undo…), an unknown deal code, a date still to come, a
#: cursor this board did not give out. Anything else (``invalid_request`` and friends) for a
#: request the schema calls valid is a schema that promises too much.
RULE_REFUSALS = {
    "sum_must_be_11",
    "needs_jack_queen_king",
    "wrong_number_of_cards",
    "duplicate_position",
    "empty_position",
    "nothing_to_undo",
    "game_finished",
    "invalid_deal_code",
    "invalid_name",
    "date_in_future",
    "invalid_cursor",
    "daily_closed",
    # Accounts: a password the validators find weak, and secrets that are not right.
    "invalid_password",
    "sign_in_failed",
    "recovery_failed",
    "wrong_password",
    "link_code_invalid",
    "reset_link_invalid",
    "verification_link_invalid",
    "deal_not_for_races",
    # Deleting an account: which secret it takes depends on the player (a password or recovery
    # code for one with credentials, confirm: true for an anonymous one), and a wrong code.
    "deletion_unconfirmed",
    "recovery_code_wrong",
    # Seasons: a key the calendar has no such week or month for, or one that has not begun.
    "invalid_season",
    "season_not_started",
    # Following: oneself, a username no account has.
    "cannot_follow_self",
    "unknown_username",
    # Self-service apps and personal tokens: a redirect URI or origin that is neither https nor
    # http on a loopback host, a name of spaces alone (the schema states the shape only).
    "app_registration_invalid",
    # Webhooks: a URL of the right shape whose host may not receive (plain http off loopback,
    # credentials in it, an address inside a network in production: docs/WEBHOOKS.md).
    "invalid_webhook",
}
