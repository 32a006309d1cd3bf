from typing import Literal

RaceResultEnum = Literal["resigned", "stalled", "unfinished", "won"]

RACE_RESULT_ENUM_VALUES: set[RaceResultEnum] = {
    "resigned",
    "stalled",
    "unfinished",
    "won",
}


def check_race_result_enum(value: str) -> RaceResultEnum:
    if value in RACE_RESULT_ENUM_VALUES:
        return value
    raise TypeError(
        f"Unexpected value {value!r}. Expected one of {RACE_RESULT_ENUM_VALUES!r}"
    )
