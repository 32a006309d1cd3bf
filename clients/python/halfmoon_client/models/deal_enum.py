from typing import Literal

DealEnum = Literal["chosen", "random"]

DEAL_ENUM_VALUES: set[DealEnum] = {
    "chosen",
    "random",
}


def check_deal_enum(value: str) -> DealEnum:
    if value in DEAL_ENUM_VALUES:
        return value
    raise TypeError(f"Unexpected value {value!r}. Expected one of {DEAL_ENUM_VALUES!r}")
