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

T = TypeVar("T", bound="RaceOverError")


@_attrs_define
class RaceOverError:
    """`race_over` (HTTP 409): a change to a race's game after the race ended or its time ran out"""

    code: Literal["race_over"]
    message: str
    """ What went wrong, in the caller's language. """
    race_id: int | Unset = UNSET
    """ The race concerned. """
    game_id: int | Unset = UNSET
    """ The game concerned. """
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        code = self.code

        message = self.message

        race_id = self.race_id

        game_id = self.game_id

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "code": code,
                "message": message,
            }
        )
        if race_id is not UNSET:
            field_dict["race_id"] = race_id
        if game_id is not UNSET:
            field_dict["game_id"] = game_id

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        code = cast(Literal["race_over"], d.pop("code"))
        if code != "race_over":
            raise ValueError(f"code must match const 'race_over', got '{code}'")

        message = d.pop("message")

        race_id = d.pop("race_id", UNSET)

        game_id = d.pop("game_id", UNSET)

        race_over_error = cls(
            code=code,
            message=message,
            race_id=race_id,
            game_id=game_id,
        )

        race_over_error.additional_properties = d
        return race_over_error

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
