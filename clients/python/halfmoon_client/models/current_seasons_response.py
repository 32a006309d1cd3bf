from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar

from attrs import define as _attrs_define
from attrs import field as _attrs_field

if TYPE_CHECKING:
    from ..models.season_response import SeasonResponse


T = TypeVar("T", bound="CurrentSeasonsResponse")


@_attrs_define
class CurrentSeasonsResponse:
    week: SeasonResponse
    month: SeasonResponse
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        week = self.week.to_dict()

        month = self.month.to_dict()

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "week": week,
                "month": month,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.season_response import SeasonResponse  # noqa: PLC0415

        d = dict(src_dict)
        week = SeasonResponse.from_dict(d.pop("week"))

        month = SeasonResponse.from_dict(d.pop("month"))

        current_seasons_response = cls(
            week=week,
            month=month,
        )

        current_seasons_response.additional_properties = d
        return current_seasons_response

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
