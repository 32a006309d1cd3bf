from __future__ import annotations

import datetime
from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..models.deal_enum import DealEnum, check_deal_enum

if TYPE_CHECKING:
    from ..models.owner import Owner


T = TypeVar("T", bound="OpenRace")


@_attrs_define
class OpenRace:
    id: int
    host: Owner
    seats: int
    """ Seats in all. """
    taken: int
    """ Seats taken (fewer than seats: a full race is not listed). """
    time_limit_s: int
    deal: DealEnum
    """ * `random` - random
    * `chosen` - chosen """
    created_at: datetime.datetime
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        id = self.id

        host = self.host.to_dict()

        seats = self.seats

        taken = self.taken

        time_limit_s = self.time_limit_s

        deal: str = self.deal

        created_at = self.created_at.isoformat()

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "id": id,
                "host": host,
                "seats": seats,
                "taken": taken,
                "time_limit_s": time_limit_s,
                "deal": deal,
                "created_at": created_at,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.owner import Owner  # noqa: PLC0415

        d = dict(src_dict)
        id = d.pop("id")

        host = Owner.from_dict(d.pop("host"))

        seats = d.pop("seats")

        taken = d.pop("taken")

        time_limit_s = d.pop("time_limit_s")

        deal = check_deal_enum(d.pop("deal"))

        created_at = datetime.datetime.fromisoformat(d.pop("created_at"))

        open_race = cls(
            id=id,
            host=host,
            seats=seats,
            taken=taken,
            time_limit_s=time_limit_s,
            deal=deal,
            created_at=created_at,
        )

        open_race.additional_properties = d
        return open_race

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
