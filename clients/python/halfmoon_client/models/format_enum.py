from typing import Literal

FormatEnum = Literal["halfmoon.player-archive"]

FORMAT_ENUM_VALUES: set[FormatEnum] = {
    "halfmoon.player-archive",
}


def check_format_enum(value: str) -> FormatEnum:
    if value in FORMAT_ENUM_VALUES:
        return value
    raise TypeError(
        f"Unexpected value {value!r}. Expected one of {FORMAT_ENUM_VALUES!r}"
    )
