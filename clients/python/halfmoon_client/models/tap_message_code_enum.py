from typing import Literal

TapMessageCodeEnum = Literal["needs_jack_queen_king", "sum_must_be_11"]

TAP_MESSAGE_CODE_ENUM_VALUES: set[TapMessageCodeEnum] = {
    "needs_jack_queen_king",
    "sum_must_be_11",
}


def check_tap_message_code_enum(value: str) -> TapMessageCodeEnum:
    if value in TAP_MESSAGE_CODE_ENUM_VALUES:
        return value
    raise TypeError(
        f"Unexpected value {value!r}. Expected one of {TAP_MESSAGE_CODE_ENUM_VALUES!r}"
    )
