from __future__ import annotations

import datetime
from collections.abc import Mapping
from typing import Any, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..models.issued_enum import IssuedEnum, check_issued_enum

T = TypeVar("T", bound="ArchiveDevice")


@_attrs_define
class ArchiveDevice:
    id: int
    device: str
    issued: IssuedEnum
    """ * `new_player` - new_player
    * `rotated` - rotated
    * `password` - password
    * `link_code` - link_code
    * `recovery_code` - recovery_code
    * `password_reset` - password_reset
    * `migrated` - migrated """
    created_at: datetime.datetime
    created_from: None | str
    """ The network it was signed in from, host part zeroed. """
    last_used_at: datetime.datetime
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        id = self.id

        device = self.device

        issued: str = self.issued

        created_at = self.created_at.isoformat()

        created_from: None | str
        created_from = self.created_from

        last_used_at = self.last_used_at.isoformat()

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "id": id,
                "device": device,
                "issued": issued,
                "created_at": created_at,
                "created_from": created_from,
                "last_used_at": last_used_at,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        id = d.pop("id")

        device = d.pop("device")

        issued = check_issued_enum(d.pop("issued"))

        created_at = datetime.datetime.fromisoformat(d.pop("created_at"))

        def _parse_created_from(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        created_from = _parse_created_from(d.pop("created_from"))

        last_used_at = datetime.datetime.fromisoformat(d.pop("last_used_at"))

        archive_device = cls(
            id=id,
            device=device,
            issued=issued,
            created_at=created_at,
            created_from=created_from,
            last_used_at=last_used_at,
        )

        archive_device.additional_properties = d
        return archive_device

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
