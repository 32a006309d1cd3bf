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

T = TypeVar("T", bound="NotOnSeasonBoardError")


@_attrs_define
class NotOnSeasonBoardError:
    """`not_on_season_board` (HTTP 404): `around=me` when the caller has no entry on that season's board"""

    code: Literal["not_on_season_board"]
    message: str
    """ What went wrong, in the caller's language. """
    season: str | Unset = UNSET
    """ The season sent (up to 20 characters). """
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        code = self.code

        message = self.message

        season = self.season

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "code": code,
                "message": message,
            }
        )
        if season is not UNSET:
            field_dict["season"] = season

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        code = cast(Literal["not_on_season_board"], d.pop("code"))
        if code != "not_on_season_board":
            raise ValueError(
                f"code must match const 'not_on_season_board', got '{code}'"
            )

        message = d.pop("message")

        season = d.pop("season", UNSET)

        not_on_season_board_error = cls(
            code=code,
            message=message,
            season=season,
        )

        not_on_season_board_error.additional_properties = d
        return not_on_season_board_error

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
