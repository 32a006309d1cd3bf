from __future__ import annotations

import datetime
from collections.abc import Mapping
from typing import Any, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..models.source_enum import SourceEnum, check_source_enum

T = TypeVar("T", bound="ArchiveOrigin")


@_attrs_define
class ArchiveOrigin:
    recorded_at: datetime.datetime
    source: SourceEnum
    """ * `game` - game
    * `ready` - ready
    * `queue` - queue
    * `race` - race """
    game_id: int | None
    race_id: int | None
    device_id: int | None
    """ The device token's id (of `devices`, unless revoked since). """
    address_known: bool
    """ A keyed hash of the client's address was kept (never the address; the hash itself is not exported). """
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        recorded_at = self.recorded_at.isoformat()

        source: str = self.source

        game_id: int | None
        game_id = self.game_id

        race_id: int | None
        race_id = self.race_id

        device_id: int | None
        device_id = self.device_id

        address_known = self.address_known

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "recorded_at": recorded_at,
                "source": source,
                "game_id": game_id,
                "race_id": race_id,
                "device_id": device_id,
                "address_known": address_known,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        recorded_at = datetime.datetime.fromisoformat(d.pop("recorded_at"))

        source = check_source_enum(d.pop("source"))

        def _parse_game_id(data: object) -> int | None:
            if data is None:
                return data
            return cast(int | None, data)

        game_id = _parse_game_id(d.pop("game_id"))

        def _parse_race_id(data: object) -> int | None:
            if data is None:
                return data
            return cast(int | None, data)

        race_id = _parse_race_id(d.pop("race_id"))

        def _parse_device_id(data: object) -> int | None:
            if data is None:
                return data
            return cast(int | None, data)

        device_id = _parse_device_id(d.pop("device_id"))

        address_known = d.pop("address_known")

        archive_origin = cls(
            recorded_at=recorded_at,
            source=source,
            game_id=game_id,
            race_id=race_id,
            device_id=device_id,
            address_known=address_known,
        )

        archive_origin.additional_properties = d
        return archive_origin

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
