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

T = TypeVar("T", bound="WebhookDisabledError")


@_attrs_define
class WebhookDisabledError:
    """`webhook_disabled` (HTTP 409): redelivering through a subscription disabled after repeated failures or by staff"""

    code: Literal["webhook_disabled"]
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
        code = cast(Literal["webhook_disabled"], d.pop("code"))
        if code != "webhook_disabled":
            raise ValueError(f"code must match const 'webhook_disabled', got '{code}'")

        message = d.pop("message")

        webhook_disabled_error = cls(
            code=code,
            message=message,
        )

        webhook_disabled_error.additional_properties = d
        return webhook_disabled_error

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
