from typing import Literal

ScopeEnum = Literal["account", "play", "races", "read"]

SCOPE_ENUM_VALUES: set[ScopeEnum] = {
    "account",
    "play",
    "races",
    "read",
}


def check_scope_enum(value: str) -> ScopeEnum:
    if value in SCOPE_ENUM_VALUES:
        return value
    raise TypeError(
        f"Unexpected value {value!r}. Expected one of {SCOPE_ENUM_VALUES!r}"
    )
