from typing import Literal

RaceStatusEnum = Literal["cancelled", "countdown", "finished", "open", "running"]

RACE_STATUS_ENUM_VALUES: set[RaceStatusEnum] = {
    "cancelled",
    "countdown",
    "finished",
    "open",
    "running",
}


def check_race_status_enum(value: str) -> RaceStatusEnum:
    if value in RACE_STATUS_ENUM_VALUES:
        return value
    raise TypeError(
        f"Unexpected value {value!r}. Expected one of {RACE_STATUS_ENUM_VALUES!r}"
    )
