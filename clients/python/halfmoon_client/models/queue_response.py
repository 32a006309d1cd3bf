from __future__ import annotations

import datetime
from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..models.queue_status_enum import QueueStatusEnum, check_queue_status_enum
from ..types import UNSET, Unset

if TYPE_CHECKING:
    from ..models.race_response import RaceResponse


T = TypeVar("T", bound="QueueResponse")


@_attrs_define
class QueueResponse:
    status: QueueStatusEnum
    """ * `waiting` - waiting
    * `matched` - matched """
    rated: bool
    """ Which queue: true the rated one (players with credentials), false the casual one (anonymous players);
    matched: the race's rated. """
    seats: int | Unset = UNSET
    since: datetime.datetime | Unset = UNSET
    race: RaceResponse | Unset = UNSET
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        status: str = self.status

        rated = self.rated

        seats = self.seats

        since: str | Unset = UNSET
        if not isinstance(self.since, Unset):
            since = self.since.isoformat()

        race: dict[str, Any] | Unset = UNSET
        if not isinstance(self.race, Unset):
            race = self.race.to_dict()

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "status": status,
                "rated": rated,
            }
        )
        if seats is not UNSET:
            field_dict["seats"] = seats
        if since is not UNSET:
            field_dict["since"] = since
        if race is not UNSET:
            field_dict["race"] = race

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.race_response import RaceResponse  # noqa: PLC0415

        d = dict(src_dict)
        status = check_queue_status_enum(d.pop("status"))

        rated = d.pop("rated")

        seats = d.pop("seats", UNSET)

        _since = d.pop("since", UNSET)
        since: datetime.datetime | Unset
        if isinstance(_since, Unset):
            since = UNSET
        else:
            since = datetime.datetime.fromisoformat(_since)

        _race = d.pop("race", UNSET)
        race: RaceResponse | Unset
        if isinstance(_race, Unset):
            race = UNSET
        else:
            race = RaceResponse.from_dict(_race)

        queue_response = cls(
            status=status,
            rated=rated,
            seats=seats,
            since=since,
            race=race,
        )

        queue_response.additional_properties = d
        return queue_response

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
