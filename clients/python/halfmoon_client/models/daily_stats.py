from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

if TYPE_CHECKING:
    from ..models.best_rank import BestRank


T = TypeVar("T", bound="DailyStats")


@_attrs_define
class DailyStats:
    ranked_attempts: int
    won: int
    current_streak: int
    best_streak: int
    best_rank: BestRank | None
    """ The best rank on any board. """
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        from ..models.best_rank import BestRank  # noqa: PLC0415

        ranked_attempts = self.ranked_attempts

        won = self.won

        current_streak = self.current_streak

        best_streak = self.best_streak

        best_rank: dict[str, Any] | None
        if isinstance(self.best_rank, BestRank):
            best_rank = self.best_rank.to_dict()
        else:
            best_rank = self.best_rank

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "ranked_attempts": ranked_attempts,
                "won": won,
                "current_streak": current_streak,
                "best_streak": best_streak,
                "best_rank": best_rank,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.best_rank import BestRank  # noqa: PLC0415

        d = dict(src_dict)
        ranked_attempts = d.pop("ranked_attempts")

        won = d.pop("won")

        current_streak = d.pop("current_streak")

        best_streak = d.pop("best_streak")

        def _parse_best_rank(data: object) -> BestRank | None:
            if data is None:
                return data
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                best_rank_type_0 = BestRank.from_dict(data)

                return best_rank_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(BestRank | None, data)

        best_rank = _parse_best_rank(d.pop("best_rank"))

        daily_stats = cls(
            ranked_attempts=ranked_attempts,
            won=won,
            current_streak=current_streak,
            best_streak=best_streak,
            best_rank=best_rank,
        )

        daily_stats.additional_properties = d
        return daily_stats

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
