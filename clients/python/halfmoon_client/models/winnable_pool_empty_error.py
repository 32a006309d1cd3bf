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

T = TypeVar("T", bound="WinnablePoolEmptyError")


@_attrs_define
class WinnablePoolEmptyError:
    """`winnable_pool_empty` (HTTP 503): `{"winnable": true}` (or the `winnable_deals` setting) while the pool of proven-
    winnable deals is empty; REST also sends `Retry-After` (seconds)

    """

    code: Literal["winnable_pool_empty"]
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
        code = cast(Literal["winnable_pool_empty"], d.pop("code"))
        if code != "winnable_pool_empty":
            raise ValueError(
                f"code must match const 'winnable_pool_empty', got '{code}'"
            )

        message = d.pop("message")

        retry_after = d.pop("retry_after", UNSET)

        winnable_pool_empty_error = cls(
            code=code,
            message=message,
            retry_after=retry_after,
        )

        winnable_pool_empty_error.additional_properties = d
        return winnable_pool_empty_error

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
