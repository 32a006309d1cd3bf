"""Refusals of the play domain (the rules' own refusals are the engine's errors)."""

from django.utils.translation import gettext_lazy as _

from games.core.errors import ServiceError


class GameNotFound(ServiceError):
    code, status = "game_not_found", 404
    default_message = _("There is no such game.")
    detail_fields = ("game_id",)
    when = "no such game"


class NotYourGame(ServiceError):
    code, status = "not_your_game", 403
    default_message = _("Only the player who owns a game may change it.")
    detail_fields = ("game_id",)
    when = "a change to another player's game"


class VersionConflict(ServiceError):
    code, status = "version_conflict", 409
    default_message = _("The game has changed since that version: reload it and try again.")
    detail_fields = ("current_version",)
    when = "a stale `expected_version` (or, rarely, a change that raced another: no details)"


class GamePrivate(ServiceError):
    code, status = "game_private", 403
    default_message = _(
        "This game is private: only its player may watch it, unless they make it watchable."
    )
    detail_fields = ("game_id",)
    when = "reading another player's game that its owner has not made watchable"


class ReplayStepOutOfRange(ServiceError):
    code, status = "replay_step_out_of_range", 404
    default_message = _("The game has no such step: replays go from 0 to its version.")
    detail_fields = ("steps",)
    when = "a replay step past the game's version"
