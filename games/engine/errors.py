"""Narrow exceptions of the engine. Each carries a stable machine-readable ``code``."""


class EngineError(ValueError):
    """Base of every error the engine raises for bad input or an illegal action."""

    code = "engine_error"

    def __init__(self, message: str, **details: object) -> None:
        super().__init__(message)
        self.message = message
        self.details = details


class InvalidCard(EngineError):
    code = "invalid_card"


class InvalidPosition(EngineError):
    code = "invalid_position"


class InvalidDealCode(EngineError):
    code = "invalid_deal_code"


class InvalidLayout(EngineError):
    code = "invalid_layout"


class InvalidState(EngineError):
    code = "invalid_state"


class IllegalAction(EngineError):
    """An action the rules do not allow in the current position."""

    code = "illegal_action"


class EmptyPosition(IllegalAction):
    code = "empty_position"


class DuplicatePosition(IllegalAction):
    code = "duplicate_position"


class WrongNumberOfCards(IllegalAction):
    code = "wrong_number_of_cards"


class SumMustBe11(IllegalAction):
    code = "sum_must_be_11"


class NeedsJackQueenKing(IllegalAction):
    code = "needs_jack_queen_king"


class GameFinished(IllegalAction):
    code = "game_finished"


class NothingToUndo(IllegalAction):
    code = "nothing_to_undo"
