from typing import Literal

GameChallengeResultStatusEnum = Literal["resigned", "won"]

GAME_CHALLENGE_RESULT_STATUS_ENUM_VALUES: set[GameChallengeResultStatusEnum] = {
    "resigned",
    "won",
}


def check_game_challenge_result_status_enum(
    value: str,
) -> GameChallengeResultStatusEnum:
    if value in GAME_CHALLENGE_RESULT_STATUS_ENUM_VALUES:
        return value
    raise TypeError(
        f"Unexpected value {value!r}. Expected one of {GAME_CHALLENGE_RESULT_STATUS_ENUM_VALUES!r}"
    )
