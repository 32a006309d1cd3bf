from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

if TYPE_CHECKING:
    from ..models.rating import Rating


T = TypeVar("T", bound="RaceStats")


@_attrs_define
class RaceStats:
    finished: int
    won: int
    podiums: int
    rating: None | Rating
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        from ..models.rating import Rating  # noqa: PLC0415

        finished = self.finished

        won = self.won

        podiums = self.podiums

        rating: dict[str, Any] | None
        if isinstance(self.rating, Rating):
            rating = self.rating.to_dict()
        else:
            rating = self.rating

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "finished": finished,
                "won": won,
                "podiums": podiums,
                "rating": rating,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.rating import Rating  # noqa: PLC0415

        d = dict(src_dict)
        finished = d.pop("finished")

        won = d.pop("won")

        podiums = d.pop("podiums")

        def _parse_rating(data: object) -> None | Rating:
            if data is None:
                return data
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                rating_type_0 = Rating.from_dict(data)

                return rating_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(None | Rating, data)

        rating = _parse_rating(d.pop("rating"))

        race_stats = cls(
            finished=finished,
            won=won,
            podiums=podiums,
            rating=rating,
        )

        race_stats.additional_properties = d
        return race_stats

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
