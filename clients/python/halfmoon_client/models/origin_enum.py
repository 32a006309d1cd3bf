from typing import Literal

OriginEnum = Literal["device", "staff"]

ORIGIN_ENUM_VALUES: set[OriginEnum] = {
    "device",
    "staff",
}


def check_origin_enum(value: str) -> OriginEnum:
    if value in ORIGIN_ENUM_VALUES:
        return value
    raise TypeError(
        f"Unexpected value {value!r}. Expected one of {ORIGIN_ENUM_VALUES!r}"
    )
