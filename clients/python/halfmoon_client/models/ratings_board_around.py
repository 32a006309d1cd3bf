from typing import Literal

RatingsBoardAround = Literal["me"]

RATINGS_BOARD_AROUND_VALUES: set[RatingsBoardAround] = {
    "me",
}


def check_ratings_board_around(value: str) -> RatingsBoardAround:
    if value in RATINGS_BOARD_AROUND_VALUES:
        return value
    raise TypeError(
        f"Unexpected value {value!r}. Expected one of {RATINGS_BOARD_AROUND_VALUES!r}"
    )
