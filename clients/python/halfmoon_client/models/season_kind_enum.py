from typing import Literal

SeasonKindEnum = Literal["month", "week"]

SEASON_KIND_ENUM_VALUES: set[SeasonKindEnum] = {
    "month",
    "week",
}


def check_season_kind_enum(value: str) -> SeasonKindEnum:
    if value in SEASON_KIND_ENUM_VALUES:
        return value
    raise TypeError(
        f"Unexpected value {value!r}. Expected one of {SEASON_KIND_ENUM_VALUES!r}"
    )
