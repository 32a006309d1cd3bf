from typing import Literal

EntryResultEnum = Literal["resigned", "unfinished", "won"]

ENTRY_RESULT_ENUM_VALUES: set[EntryResultEnum] = {
    "resigned",
    "unfinished",
    "won",
}


def check_entry_result_enum(value: str) -> EntryResultEnum:
    if value in ENTRY_RESULT_ENUM_VALUES:
        return value
    raise TypeError(
        f"Unexpected value {value!r}. Expected one of {ENTRY_RESULT_ENUM_VALUES!r}"
    )
