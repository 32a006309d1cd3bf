from typing import Literal

SeasonsBoardAround = Literal["me"]

SEASONS_BOARD_AROUND_VALUES: set[SeasonsBoardAround] = {
    "me",
}


def check_seasons_board_around(value: str) -> SeasonsBoardAround:
    if value in SEASONS_BOARD_AROUND_VALUES:
        return value
    raise TypeError(
        f"Unexpected value {value!r}. Expected one of {SEASONS_BOARD_AROUND_VALUES!r}"
    )
