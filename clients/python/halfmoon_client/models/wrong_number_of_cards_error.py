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

T = TypeVar("T", bound="WrongNumberOfCardsError")


@_attrs_define
class WrongNumberOfCardsError:
    """`wrong_number_of_cards` (HTTP 400): a move with other than 2 or 3 positions"""

    code: Literal["wrong_number_of_cards"]
    message: str
    """ What went wrong, in the caller's language. """
    count: int | Unset = UNSET
    """ How many positions the move named. """
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        code = self.code

        message = self.message

        count = self.count

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "code": code,
                "message": message,
            }
        )
        if count is not UNSET:
            field_dict["count"] = count

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        code = cast(Literal["wrong_number_of_cards"], d.pop("code"))
        if code != "wrong_number_of_cards":
            raise ValueError(
                f"code must match const 'wrong_number_of_cards', got '{code}'"
            )

        message = d.pop("message")

        count = d.pop("count", UNSET)

        wrong_number_of_cards_error = cls(
            code=code,
            message=message,
            count=count,
        )

        wrong_number_of_cards_error.additional_properties = d
        return wrong_number_of_cards_error

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
