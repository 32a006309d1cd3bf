from typing import Literal

DeliveryResponseStatusEnum = Literal["delivered", "failed", "pending"]

DELIVERY_RESPONSE_STATUS_ENUM_VALUES: set[DeliveryResponseStatusEnum] = {
    "delivered",
    "failed",
    "pending",
}


def check_delivery_response_status_enum(value: str) -> DeliveryResponseStatusEnum:
    if value in DELIVERY_RESPONSE_STATUS_ENUM_VALUES:
        return value
    raise TypeError(
        f"Unexpected value {value!r}. Expected one of {DELIVERY_RESPONSE_STATUS_ENUM_VALUES!r}"
    )
