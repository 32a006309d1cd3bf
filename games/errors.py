"""Errors of the service layer: requests refused for reasons outside the game rules."""


class ServiceError(Exception):
    """A request the service refuses, with a stable ``code`` like the engine's errors."""

    code = "service_error"

    def __init__(self, message: str, **details):
        super().__init__(message)
        self.message = message
        self.details = details


class GameNotFound(ServiceError):
    code = "game_not_found"


class NotYourGame(ServiceError):
    code = "not_your_game"


class VersionConflict(ServiceError):
    code = "version_conflict"


class InvalidName(ServiceError):
    code = "invalid_name"


class TokenSuspended(ServiceError):
    code = "token_suspended"
