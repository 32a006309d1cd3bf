from __future__ import annotations

import datetime
from collections.abc import Mapping
from typing import Any, TypeVar

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..models.scope_enum import ScopeEnum, check_scope_enum

T = TypeVar("T", bound="PersonalTokenResponse")


@_attrs_define
class PersonalTokenResponse:
    id: int
    """ The token's id (to revoke it). """
    name: str
    hint: str
    """ Its first characters, to recognise it. """
    scopes: list[ScopeEnum]
    """ What it may do. """
    created_at: datetime.datetime
    expires_at: datetime.datetime
    expired: bool
    last_used_at: datetime.datetime
    """ Coarse: updated at most once a minute. """
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        id = self.id

        name = self.name

        hint = self.hint

        scopes = []
        for scopes_item_data in self.scopes:
            scopes_item: str = scopes_item_data
            scopes.append(scopes_item)

        created_at = self.created_at.isoformat()

        expires_at = self.expires_at.isoformat()

        expired = self.expired

        last_used_at = self.last_used_at.isoformat()

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "id": id,
                "name": name,
                "hint": hint,
                "scopes": scopes,
                "created_at": created_at,
                "expires_at": expires_at,
                "expired": expired,
                "last_used_at": last_used_at,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        id = d.pop("id")

        name = d.pop("name")

        hint = d.pop("hint")

        scopes = []
        _scopes = d.pop("scopes")
        for scopes_item_data in _scopes:
            scopes_item = check_scope_enum(scopes_item_data)

            scopes.append(scopes_item)

        created_at = datetime.datetime.fromisoformat(d.pop("created_at"))

        expires_at = datetime.datetime.fromisoformat(d.pop("expires_at"))

        expired = d.pop("expired")

        last_used_at = datetime.datetime.fromisoformat(d.pop("last_used_at"))

        personal_token_response = cls(
            id=id,
            name=name,
            hint=hint,
            scopes=scopes,
            created_at=created_at,
            expires_at=expires_at,
            expired=expired,
            last_used_at=last_used_at,
        )

        personal_token_response.additional_properties = d
        return personal_token_response

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
