from typing import Literal

QueueStatusEnum = Literal["matched", "waiting"]

QUEUE_STATUS_ENUM_VALUES: set[QueueStatusEnum] = {
    "matched",
    "waiting",
}


def check_queue_status_enum(value: str) -> QueueStatusEnum:
    if value in QUEUE_STATUS_ENUM_VALUES:
        return value
    raise TypeError(
        f"Unexpected value {value!r}. Expected one of {QUEUE_STATUS_ENUM_VALUES!r}"
    )
