from typing import Literal

ChallengesBoardAmong = Literal["following"]

CHALLENGES_BOARD_AMONG_VALUES: set[ChallengesBoardAmong] = {
    "following",
}


def check_challenges_board_among(value: str) -> ChallengesBoardAmong:
    if value in CHALLENGES_BOARD_AMONG_VALUES:
        return value
    raise TypeError(
        f"Unexpected value {value!r}. Expected one of {CHALLENGES_BOARD_AMONG_VALUES!r}"
    )
