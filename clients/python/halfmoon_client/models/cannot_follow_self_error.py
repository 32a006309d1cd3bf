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

T = TypeVar("T", bound="CannotFollowSelfError")


@_attrs_define
class CannotFollowSelfError:
    """`cannot_follow_self` (HTTP 400): following oneself (by id or by one's own username)"""

    code: Literal["cannot_follow_self"]
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
        code = cast(Literal["cannot_follow_self"], d.pop("code"))
        if code != "cannot_follow_self":
            raise ValueError(
                f"code must match const 'cannot_follow_self', got '{code}'"
            )

        message = d.pop("message")

        cannot_follow_self_error = cls(
            code=code,
            message=message,
        )

        cannot_follow_self_error.additional_properties = d
        return cannot_follow_self_error

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
