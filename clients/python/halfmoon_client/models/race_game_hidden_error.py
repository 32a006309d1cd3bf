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

T = TypeVar("T", bound="RaceGameHiddenError")


@_attrs_define
class RaceGameHiddenError:
    """`race_game_hidden` (HTTP 403): reading a race's game as another member while the race runs, or as a non-member"""

    code: Literal["race_game_hidden"]
    message: str
    """ What went wrong, in the caller's language. """
    game_id: int | Unset = UNSET
    """ The game concerned. """
    race_id: int | Unset = UNSET
    """ The race concerned. """
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        code = self.code

        message = self.message

        game_id = self.game_id

        race_id = self.race_id

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "code": code,
                "message": message,
            }
        )
        if game_id is not UNSET:
            field_dict["game_id"] = game_id
        if race_id is not UNSET:
            field_dict["race_id"] = race_id

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        code = cast(Literal["race_game_hidden"], d.pop("code"))
        if code != "race_game_hidden":
            raise ValueError(f"code must match const 'race_game_hidden', got '{code}'")

        message = d.pop("message")

        game_id = d.pop("game_id", UNSET)

        race_id = d.pop("race_id", UNSET)

        race_game_hidden_error = cls(
            code=code,
            message=message,
            game_id=game_id,
            race_id=race_id,
        )

        race_game_hidden_error.additional_properties = d
        return race_game_hidden_error

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
