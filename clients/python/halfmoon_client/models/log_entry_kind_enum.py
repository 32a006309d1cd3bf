from typing import Literal

LogEntryKindEnum = Literal["move", "resign", "tap", "undo"]

LOG_ENTRY_KIND_ENUM_VALUES: set[LogEntryKindEnum] = {
    "move",
    "resign",
    "tap",
    "undo",
}


def check_log_entry_kind_enum(value: str) -> LogEntryKindEnum:
    if value in LOG_ENTRY_KIND_ENUM_VALUES:
        return value
    raise TypeError(
        f"Unexpected value {value!r}. Expected one of {LOG_ENTRY_KIND_ENUM_VALUES!r}"
    )
