from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..models.season_kind_enum import SeasonKindEnum, check_season_kind_enum

T = TypeVar("T", bound="SeasonHistory")


@_attrs_define
class SeasonHistory:
    season: str
    """ An ISO week (`2026-W48`) or a calendar month (`2026-11`), UTC. """
    kind: SeasonKindEnum
    """ * `week` - week
    * `month` - month """
    rank: int
    """ As of the last rebuild; final once closed. """
    total: int
    points: int
    days: int
    wins: int
    closed: bool
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        season = self.season

        kind: str = self.kind

        rank = self.rank

        total = self.total

        points = self.points

        days = self.days

        wins = self.wins

        closed = self.closed

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "season": season,
                "kind": kind,
                "rank": rank,
                "total": total,
                "points": points,
                "days": days,
                "wins": wins,
                "closed": closed,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        season = d.pop("season")

        kind = check_season_kind_enum(d.pop("kind"))

        rank = d.pop("rank")

        total = d.pop("total")

        points = d.pop("points")

        days = d.pop("days")

        wins = d.pop("wins")

        closed = d.pop("closed")

        season_history = cls(
            season=season,
            kind=kind,
            rank=rank,
            total=total,
            points=points,
            days=days,
            wins=wins,
            closed=closed,
        )

        season_history.additional_properties = d
        return season_history

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
