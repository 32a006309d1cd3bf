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

from ..types import UNSET, Unset

T = TypeVar("T", bound="InvalidPasswordError")


@_attrs_define
class InvalidPasswordError:
    """`invalid_password` (HTTP 400): a new password that Django's password validators refuse (too short, too common, …)"""

    code: Literal["invalid_password"]
    message: str
    """ What went wrong, in the caller's language. """
    problems: list[str] | Unset = UNSET
    """ Why the password is refused, one message each. """
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        code = self.code

        message = self.message

        problems: list[str] | Unset = UNSET
        if not isinstance(self.problems, Unset):
            problems = self.problems

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "code": code,
                "message": message,
            }
        )
        if problems is not UNSET:
            field_dict["problems"] = problems

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        code = cast(Literal["invalid_password"], d.pop("code"))
        if code != "invalid_password":
            raise ValueError(f"code must match const 'invalid_password', got '{code}'")

        message = d.pop("message")

        problems = cast(list[str], d.pop("problems", UNSET))

        invalid_password_error = cls(
            code=code,
            message=message,
            problems=problems,
        )

        invalid_password_error.additional_properties = d
        return invalid_password_error

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
