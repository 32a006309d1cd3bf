from typing import Literal

GamesListStatus = Literal["playing", "resigned", "stalled", "won"]

GAMES_LIST_STATUS_VALUES: set[GamesListStatus] = {
    "playing",
    "resigned",
    "stalled",
    "won",
}


def check_games_list_status(value: str) -> GamesListStatus:
    if value in GAMES_LIST_STATUS_VALUES:
        return value
    raise TypeError(
        f"Unexpected value {value!r}. Expected one of {GAMES_LIST_STATUS_VALUES!r}"
    )
