from typing import Literal

KindEnum = Literal["move", "resign", "tap", "undo"]

KIND_ENUM_VALUES: set[KindEnum] = {
    "move",
    "resign",
    "tap",
    "undo",
}


def check_kind_enum(value: str) -> KindEnum:
    if value in KIND_ENUM_VALUES:
        return value
    raise TypeError(f"Unexpected value {value!r}. Expected one of {KIND_ENUM_VALUES!r}")
