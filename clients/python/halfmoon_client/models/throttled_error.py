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

T = TypeVar("T", bound="ThrottledError")


@_attrs_define
class ThrottledError:
    """`throttled` (HTTP 429): too many requests; REST also sends `Retry-After`; `retry_after` is whole seconds (rounded
    up) on REST and on the socket, whose `error` keeps the refused frame's `request_id`

    """

    code: Literal["throttled"]
    message: str
    """ What went wrong, in the caller's language. """
    retry_after: int | Unset = UNSET
    """ Whole seconds to wait before trying again (as the Retry-After header). """
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        code = self.code

        message = self.message

        retry_after = self.retry_after

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "code": code,
                "message": message,
            }
        )
        if retry_after is not UNSET:
            field_dict["retry_after"] = retry_after

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        code = cast(Literal["throttled"], d.pop("code"))
        if code != "throttled":
            raise ValueError(f"code must match const 'throttled', got '{code}'")

        message = d.pop("message")

        retry_after = d.pop("retry_after", UNSET)

        throttled_error = cls(
            code=code,
            message=message,
            retry_after=retry_after,
        )

        throttled_error.additional_properties = d
        return throttled_error

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
