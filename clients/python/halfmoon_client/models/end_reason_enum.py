from typing import Literal

EndReasonEnum = Literal["all_over", "cancelled", "time", "won"]

END_REASON_ENUM_VALUES: set[EndReasonEnum] = {
    "all_over",
    "cancelled",
    "time",
    "won",
}


def check_end_reason_enum(value: str) -> EndReasonEnum:
    if value in END_REASON_ENUM_VALUES:
        return value
    raise TypeError(
        f"Unexpected value {value!r}. Expected one of {END_REASON_ENUM_VALUES!r}"
    )
