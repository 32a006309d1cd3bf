from __future__ import annotations

import datetime
from collections.abc import Mapping
from typing import Any, TypeVar

from attrs import define as _attrs_define
from attrs import field as _attrs_field

T = TypeVar("T", bound="ArchiveRating")


@_attrs_define
class ArchiveRating:
    mu: float
    sigma: float
    ordinal: float
    races: int
    updated_at: datetime.datetime
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        mu = self.mu

        sigma = self.sigma

        ordinal = self.ordinal

        races = self.races

        updated_at = self.updated_at.isoformat()

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "mu": mu,
                "sigma": sigma,
                "ordinal": ordinal,
                "races": races,
                "updated_at": updated_at,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        mu = d.pop("mu")

        sigma = d.pop("sigma")

        ordinal = d.pop("ordinal")

        races = d.pop("races")

        updated_at = datetime.datetime.fromisoformat(d.pop("updated_at"))

        archive_rating = cls(
            mu=mu,
            sigma=sigma,
            ordinal=ordinal,
            races=races,
            updated_at=updated_at,
        )

        archive_rating.additional_properties = d
        return archive_rating

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
