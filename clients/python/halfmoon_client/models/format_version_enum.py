from typing import Literal

FormatVersionEnum = Literal[1]

FORMAT_VERSION_ENUM_VALUES: set[FormatVersionEnum] = {
    1,
}


def check_format_version_enum(value: int) -> FormatVersionEnum:
    if value in FORMAT_VERSION_ENUM_VALUES:
        return value
    raise TypeError(
        f"Unexpected value {value!r}. Expected one of {FORMAT_VERSION_ENUM_VALUES!r}"
    )
