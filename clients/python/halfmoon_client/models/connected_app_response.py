from __future__ import annotations

import datetime
from collections.abc import Mapping
from typing import Any, TypeVar

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..models.scope_enum import ScopeEnum, check_scope_enum

T = TypeVar("T", bound="ConnectedAppResponse")


@_attrs_define
class ConnectedAppResponse:
    id: int
    """ The app's id (to disconnect it). """
    name: str
    """ The app's name, as staff registered it. """
    scopes: list[ScopeEnum]
    """ What the player let it do (`read`, `play`, `races`, `account`). """
    connected_at: datetime.datetime
    last_used_at: datetime.datetime
    """ Coarse: updated at most once a minute. """
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        id = self.id

        name = self.name

        scopes = []
        for scopes_item_data in self.scopes:
            scopes_item: str = scopes_item_data
            scopes.append(scopes_item)

        connected_at = self.connected_at.isoformat()

        last_used_at = self.last_used_at.isoformat()

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "id": id,
                "name": name,
                "scopes": scopes,
                "connected_at": connected_at,
                "last_used_at": last_used_at,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        id = d.pop("id")

        name = d.pop("name")

        scopes = []
        _scopes = d.pop("scopes")
        for scopes_item_data in _scopes:
            scopes_item = check_scope_enum(scopes_item_data)

            scopes.append(scopes_item)

        connected_at = datetime.datetime.fromisoformat(d.pop("connected_at"))

        last_used_at = datetime.datetime.fromisoformat(d.pop("last_used_at"))

        connected_app_response = cls(
            id=id,
            name=name,
            scopes=scopes,
            connected_at=connected_at,
            last_used_at=last_used_at,
        )

        connected_app_response.additional_properties = d
        return connected_app_response

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
