from typing import Literal

IssuedEnum = Literal[
    "link_code",
    "migrated",
    "new_player",
    "password",
    "password_reset",
    "recovery_code",
    "rotated",
]

ISSUED_ENUM_VALUES: set[IssuedEnum] = {
    "link_code",
    "migrated",
    "new_player",
    "password",
    "password_reset",
    "recovery_code",
    "rotated",
}


def check_issued_enum(value: str) -> IssuedEnum:
    if value in ISSUED_ENUM_VALUES:
        return value
    raise TypeError(
        f"Unexpected value {value!r}. Expected one of {ISSUED_ENUM_VALUES!r}"
    )
