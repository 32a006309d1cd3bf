from typing import Literal

SourceEnum = Literal["game", "queue", "race", "ready"]

SOURCE_ENUM_VALUES: set[SourceEnum] = {
    "game",
    "queue",
    "race",
    "ready",
}


def check_source_enum(value: str) -> SourceEnum:
    if value in SOURCE_ENUM_VALUES:
        return value
    raise TypeError(
        f"Unexpected value {value!r}. Expected one of {SOURCE_ENUM_VALUES!r}"
    )
