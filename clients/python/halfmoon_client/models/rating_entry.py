from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

if TYPE_CHECKING:
    from ..models.owner import Owner


T = TypeVar("T", bound="RatingEntry")


@_attrs_define
class RatingEntry:
    mu: float
    sigma: float
    ordinal: float
    """ mu − 3·sigma: the board's order. """
    races: int
    """ Rated races that changed this rating. """
    provisional: bool
    """ Fewer than 10 rated races: not ranked on the board (see provisional=true). """
    rank: int | None
    """ Among the established ratings only; null for a provisional rating. """
    player: Owner
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        mu = self.mu

        sigma = self.sigma

        ordinal = self.ordinal

        races = self.races

        provisional = self.provisional

        rank: int | None
        rank = self.rank

        player = self.player.to_dict()

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "mu": mu,
                "sigma": sigma,
                "ordinal": ordinal,
                "races": races,
                "provisional": provisional,
                "rank": rank,
                "player": player,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.owner import Owner  # noqa: PLC0415

        d = dict(src_dict)
        mu = d.pop("mu")

        sigma = d.pop("sigma")

        ordinal = d.pop("ordinal")

        races = d.pop("races")

        provisional = d.pop("provisional")

        def _parse_rank(data: object) -> int | None:
            if data is None:
                return data
            return cast(int | None, data)

        rank = _parse_rank(d.pop("rank"))

        player = Owner.from_dict(d.pop("player"))

        rating_entry = cls(
            mu=mu,
            sigma=sigma,
            ordinal=ordinal,
            races=races,
            provisional=provisional,
            rank=rank,
            player=player,
        )

        rating_entry.additional_properties = d
        return rating_entry

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
