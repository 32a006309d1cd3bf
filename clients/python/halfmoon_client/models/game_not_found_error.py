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

T = TypeVar("T", bound="GameNotFoundError")


@_attrs_define
class GameNotFoundError:
    """`game_not_found` (HTTP 404): no such game"""

    code: Literal["game_not_found"]
    message: str
    """ What went wrong, in the caller's language. """
    game_id: int | Unset = UNSET
    """ The game concerned. """
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        code = self.code

        message = self.message

        game_id = self.game_id

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

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        code = cast(Literal["game_not_found"], d.pop("code"))
        if code != "game_not_found":
            raise ValueError(f"code must match const 'game_not_found', got '{code}'")

        message = d.pop("message")

        game_id = d.pop("game_id", UNSET)

        game_not_found_error = cls(
            code=code,
            message=message,
            game_id=game_id,
        )

        game_not_found_error.additional_properties = d
        return game_not_found_error

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
