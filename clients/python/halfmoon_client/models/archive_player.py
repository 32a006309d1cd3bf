from __future__ import annotations

import datetime
from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar

from attrs import define as _attrs_define
from attrs import field as _attrs_field

if TYPE_CHECKING:
    from ..models.settings import Settings


T = TypeVar("T", bound="ArchivePlayer")


@_attrs_define
class ArchivePlayer:
    id: int
    name: str
    created_at: datetime.datetime
    settings: Settings
    """ Every setting of the player (an answer): each is always there, and a client must accept
    settings added later (``additionalProperties``). """
    suspended: bool
    """ Suspended by the staff now. """
    deleted: bool
    """ Erased (only staff can export it then). """
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        id = self.id

        name = self.name

        created_at = self.created_at.isoformat()

        settings = self.settings.to_dict()

        suspended = self.suspended

        deleted = self.deleted

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "id": id,
                "name": name,
                "created_at": created_at,
                "settings": settings,
                "suspended": suspended,
                "deleted": deleted,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.settings import Settings  # noqa: PLC0415

        d = dict(src_dict)
        id = d.pop("id")

        name = d.pop("name")

        created_at = datetime.datetime.fromisoformat(d.pop("created_at"))

        settings = Settings.from_dict(d.pop("settings"))

        suspended = d.pop("suspended")

        deleted = d.pop("deleted")

        archive_player = cls(
            id=id,
            name=name,
            created_at=created_at,
            settings=settings,
            suspended=suspended,
            deleted=deleted,
        )

        archive_player.additional_properties = d
        return archive_player

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
