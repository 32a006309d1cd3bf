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

from ..models.reason_enum import ReasonEnum, check_reason_enum
from ..types import UNSET, Unset

T = TypeVar("T", bound="InvalidNameError")


@_attrs_define
class InvalidNameError:
    """`invalid_name` (HTTP 400): a name that, its runs of white space collapsed to one space, is empty or longer than 40
    (most such names are refused first as `invalid_request`)

    """

    code: Literal["invalid_name"]
    message: str
    """ What went wrong, in the caller's language. """
    reason: ReasonEnum | Unset = UNSET
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        code = self.code

        message = self.message

        reason: str | Unset = UNSET
        if not isinstance(self.reason, Unset):
            reason = self.reason

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "code": code,
                "message": message,
            }
        )
        if reason is not UNSET:
            field_dict["reason"] = reason

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        code = cast(Literal["invalid_name"], d.pop("code"))
        if code != "invalid_name":
            raise ValueError(f"code must match const 'invalid_name', got '{code}'")

        message = d.pop("message")

        _reason = d.pop("reason", UNSET)
        reason: ReasonEnum | Unset
        if isinstance(_reason, Unset):
            reason = UNSET
        else:
            reason = check_reason_enum(_reason)

        invalid_name_error = cls(
            code=code,
            message=message,
            reason=reason,
        )

        invalid_name_error.additional_properties = d
        return invalid_name_error

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
