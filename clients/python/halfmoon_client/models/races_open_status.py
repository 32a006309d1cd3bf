from typing import Literal

RacesOpenStatus = Literal["open"]

RACES_OPEN_STATUS_VALUES: set[RacesOpenStatus] = {
    "open",
}


def check_races_open_status(value: str) -> RacesOpenStatus:
    if value in RACES_OPEN_STATUS_VALUES:
        return value
    raise TypeError(
        f"Unexpected value {value!r}. Expected one of {RACES_OPEN_STATUS_VALUES!r}"
    )
