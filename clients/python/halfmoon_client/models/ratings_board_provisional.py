from typing import Literal

RatingsBoardProvisional = Literal["false", "true"]

RATINGS_BOARD_PROVISIONAL_VALUES: set[RatingsBoardProvisional] = {
    "false",
    "true",
}


def check_ratings_board_provisional(value: str) -> RatingsBoardProvisional:
    if value in RATINGS_BOARD_PROVISIONAL_VALUES:
        return value
    raise TypeError(
        f"Unexpected value {value!r}. Expected one of {RATINGS_BOARD_PROVISIONAL_VALUES!r}"
    )
