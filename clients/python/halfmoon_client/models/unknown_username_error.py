from __future__ import annotations

from collections.abc import Mapping
from typing import (
    Any,
    Literal,
    TypeVar,
    cast,
)

from attrs import define as _attrs_define
from attrs import field as _attrs_field

T = TypeVar("T", bound="UnknownUsernameError")


@_attrs_define
class UnknownUsernameError:
    """`unknown_username` (HTTP 404): following by a username no account has (a reserved one too): no more than sign-up's
    `username_unavailable` already tells, and throttled like every follow

    """

    code: Literal["unknown_username"]
    message: str
    """ What went wrong, in the caller's language. """
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        code = self.code

        message = self.message

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "code": code,
                "message": message,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        code = cast(Literal["unknown_username"], d.pop("code"))
        if code != "unknown_username":
            raise ValueError(f"code must match const 'unknown_username', got '{code}'")

        message = d.pop("message")

        unknown_username_error = cls(
            code=code,
            message=message,
        )

        unknown_username_error.additional_properties = d
        return unknown_username_error

    @property
    def additional_keys(self) -> list[str]:
        return list(self.additional_properties.keys())

    def __getitem__(self, key: str) -> Any:
        return self.additional_properties[key]

    def __setitem__(self, key: str, value: Any) -> None:
        self.additional_properties[key] = value

    def __delitem__(self, key: str) -> None:
        del self.additional_properties[key]

    def __contains__(self, key: str) -> bool:
        return key in self.additional_properties
