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

T = TypeVar("T", bound="DailyClosedError")


@_attrs_define
class DailyClosedError:
    """`daily_closed` (HTTP 409): `{"daily": true}` at the very moment the day closed"""

    code: Literal["daily_closed"]
    message: str
    """ What went wrong, in the caller's language. """
    date: str | Unset = UNSET
    """ The date sent, or the date concerned (YYYY-MM-DD). """
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        code = self.code

        message = self.message

        date = self.date

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "code": code,
                "message": message,
            }
        )
        if date is not UNSET:
            field_dict["date"] = date

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        code = cast(Literal["daily_closed"], d.pop("code"))
        if code != "daily_closed":
            raise ValueError(f"code must match const 'daily_closed', got '{code}'")

        message = d.pop("message")

        date = d.pop("date", UNSET)

        daily_closed_error = cls(
            code=code,
            message=message,
            date=date,
        )

        daily_closed_error.additional_properties = d
        return daily_closed_error

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
