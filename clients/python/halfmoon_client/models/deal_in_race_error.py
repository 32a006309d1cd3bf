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

T = TypeVar("T", bound="DealInRaceError")


@_attrs_define
class DealInRaceError:
    """`deal_in_race` (HTTP 409): starting a game of a deal that a race in countdown or running plays; or, from the
    countdown to the end of a race, a member changing (moving, tapping, undoing, resigning) another game of that race's
    deal — nothing changes

    """

    code: Literal["deal_in_race"]
    message: str
    """ What went wrong, in the caller's language. """
    deal_code: str | Unset = UNSET
    """ The deal code concerned. """
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        code = self.code

        message = self.message

        deal_code = self.deal_code

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "code": code,
                "message": message,
            }
        )
        if deal_code is not UNSET:
            field_dict["deal_code"] = deal_code

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        code = cast(Literal["deal_in_race"], d.pop("code"))
        if code != "deal_in_race":
            raise ValueError(f"code must match const 'deal_in_race', got '{code}'")

        message = d.pop("message")

        deal_code = d.pop("deal_code", UNSET)

        deal_in_race_error = cls(
            code=code,
            message=message,
            deal_code=deal_code,
        )

        deal_in_race_error.additional_properties = d
        return deal_in_race_error

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
