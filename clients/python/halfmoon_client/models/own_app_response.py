from __future__ import annotations

import datetime
from collections.abc import Mapping
from typing import Any, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..models.scope_enum import ScopeEnum, check_scope_enum

T = TypeVar("T", bound="OwnAppResponse")


@_attrs_define
class OwnAppResponse:
    id: int
    """ The app's id (to delete it). """
    client_id: str
    """ The `client_id` of its OAuth requests. """
    name: str
    redirect_uris: list[str]
    allowed_origins: list[str]
    scopes: list[ScopeEnum]
    """ What it may ask players for. """
    suspended: bool
    """ Staff suspended it: every request refused. """
    created_at: datetime.datetime
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        id = self.id

        client_id = self.client_id

        name = self.name

        redirect_uris = self.redirect_uris

        allowed_origins = self.allowed_origins

        scopes = []
        for scopes_item_data in self.scopes:
            scopes_item: str = scopes_item_data
            scopes.append(scopes_item)

        suspended = self.suspended

        created_at = self.created_at.isoformat()

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "id": id,
                "client_id": client_id,
                "name": name,
                "redirect_uris": redirect_uris,
                "allowed_origins": allowed_origins,
                "scopes": scopes,
                "suspended": suspended,
                "created_at": created_at,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        id = d.pop("id")

        client_id = d.pop("client_id")

        name = d.pop("name")

        redirect_uris = cast(list[str], d.pop("redirect_uris"))

        allowed_origins = cast(list[str], d.pop("allowed_origins"))

        scopes = []
        _scopes = d.pop("scopes")
        for scopes_item_data in _scopes:
            scopes_item = check_scope_enum(scopes_item_data)

            scopes.append(scopes_item)

        suspended = d.pop("suspended")

        created_at = datetime.datetime.fromisoformat(d.pop("created_at"))

        own_app_response = cls(
            id=id,
            client_id=client_id,
            name=name,
            redirect_uris=redirect_uris,
            allowed_origins=allowed_origins,
            scopes=scopes,
            suspended=suspended,
            created_at=created_at,
        )

        own_app_response.additional_properties = d
        return own_app_response

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
