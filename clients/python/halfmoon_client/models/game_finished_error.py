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

T = TypeVar("T", bound="GameFinishedError")


@_attrs_define
class GameFinishedError:
    """`game_finished` (HTTP 400): a change to a won or resigned game"""

    code: Literal["game_finished"]
    message: str
    """ What went wrong, in the caller's language. """
    status: str | Unset = UNSET
    """ The game's or the race's status now. """
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        code = self.code

        message = self.message

        status = self.status

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "code": code,
                "message": message,
            }
        )
        if status is not UNSET:
            field_dict["status"] = status

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        code = cast(Literal["game_finished"], d.pop("code"))
        if code != "game_finished":
            raise ValueError(f"code must match const 'game_finished', got '{code}'")

        message = d.pop("message")

        status = d.pop("status", UNSET)

        game_finished_error = cls(
            code=code,
            message=message,
            status=status,
        )

        game_finished_error.additional_properties = d
        return game_finished_error

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
