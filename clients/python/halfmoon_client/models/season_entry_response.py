from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar

from attrs import define as _attrs_define
from attrs import field as _attrs_field

if TYPE_CHECKING:
    from ..models.owner import Owner


T = TypeVar("T", bound="SeasonEntryResponse")


@_attrs_define
class SeasonEntryResponse:
    rank: int
    """ Shared by equal points; among=following: among those only. """
    player: Owner
    points: int
    """ Summed over the season's closed days. """
    days: int
    """ Days with a ranked result counted. """
    wins: int
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        rank = self.rank

        player = self.player.to_dict()

        points = self.points

        days = self.days

        wins = self.wins

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "rank": rank,
                "player": player,
                "points": points,
                "days": days,
                "wins": wins,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.owner import Owner  # noqa: PLC0415

        d = dict(src_dict)
        rank = d.pop("rank")

        player = Owner.from_dict(d.pop("player"))

        points = d.pop("points")

        days = d.pop("days")

        wins = d.pop("wins")

        season_entry_response = cls(
            rank=rank,
            player=player,
            points=points,
            days=days,
            wins=wins,
        )

        season_entry_response.additional_properties = d
        return season_entry_response

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
