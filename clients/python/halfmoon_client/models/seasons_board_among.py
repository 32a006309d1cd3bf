from typing import Literal

SeasonsBoardAmong = Literal["following"]

SEASONS_BOARD_AMONG_VALUES: set[SeasonsBoardAmong] = {
    "following",
}


def check_seasons_board_among(value: str) -> SeasonsBoardAmong:
    if value in SEASONS_BOARD_AMONG_VALUES:
        return value
    raise TypeError(
        f"Unexpected value {value!r}. Expected one of {SEASONS_BOARD_AMONG_VALUES!r}"
    )
