"""Refusals of the play domain (the rules' own refusals are the engine's errors)."""

from django.utils.translation import gettext_lazy as _

from games.core.errors import declare

GameNotFound = declare(
    "game_not_found",
    404,
    _("There is no such game."),
    details=("game_id",),
    when="no such game",
)

NotYourGame = declare(
    "not_your_game",
    403,
    _("Only the player who owns a game may change it."),
    details=("game_id",),
    when="a change to another player's game",
)

VersionConflict = declare(
    "version_conflict",
    409,
    _("The game has changed since that version: reload it and try again."),
    details=("current_version",),
    when="a stale `expected_version` (or, rarely, a change that raced another: no details)",
)

GamePrivate = declare(
    "game_private",
    403,
    _("This game is private: only its player may watch it, unless they make it watchable."),
    details=("game_id",),
    when="reading another player's game that its owner has not made watchable",
)

ReplayStepOutOfRange = declare(
    "replay_step_out_of_range",
    404,
    _("The game has no such step: replays go from 0 to its version."),
    details=("steps",),
    when="a replay step past the game's version",
)
