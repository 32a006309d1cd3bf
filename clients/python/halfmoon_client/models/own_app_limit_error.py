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

T = TypeVar("T", bound="OwnAppLimitError")


@_attrs_define
class OwnAppLimitError:
    """`own_app_limit` (HTTP 409): registering an app while the player has registered the most allowed"""

    code: Literal["own_app_limit"]
    message: str
    """ What went wrong, in the caller's language. """
    limit: int | Unset = UNSET
    """ The most allowed. """
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        code = self.code

        message = self.message

        limit = self.limit

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "code": code,
                "message": message,
            }
        )
        if limit is not UNSET:
            field_dict["limit"] = limit

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        code = cast(Literal["own_app_limit"], d.pop("code"))
        if code != "own_app_limit":
            raise ValueError(f"code must match const 'own_app_limit', got '{code}'")

        message = d.pop("message")

        limit = d.pop("limit", UNSET)

        own_app_limit_error = cls(
            code=code,
            message=message,
            limit=limit,
        )

        own_app_limit_error.additional_properties = d
        return own_app_limit_error

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
