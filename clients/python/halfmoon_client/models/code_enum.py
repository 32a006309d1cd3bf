from typing import Literal

CodeEnum = Literal["needs_jack_queen_king", "sum_must_be_11"]

CODE_ENUM_VALUES: set[CodeEnum] = {
    "needs_jack_queen_king",
    "sum_must_be_11",
}


def check_code_enum(value: str) -> CodeEnum:
    if value in CODE_ENUM_VALUES:
        return value
    raise TypeError(f"Unexpected value {value!r}. Expected one of {CODE_ENUM_VALUES!r}")
