from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar

from attrs import define as _attrs_define

from ..models.scope_enum import ScopeEnum, check_scope_enum
from ..types import UNSET, Unset

T = TypeVar("T", bound="PersonalTokenRequest")


@_attrs_define
class PersonalTokenRequest:
    """A request body: a JSON object whose unknown fields are refused, not ignored."""

    name: str
    """ What the token is for. """
    scopes: list[ScopeEnum]
    """ What the token may do (at least one). """
    expires_in_days: int | Unset = UNSET
    """ Its lifetime, 30 days when not given. """

    def to_dict(self) -> dict[str, Any]:
        name = self.name

        scopes = []
        for scopes_item_data in self.scopes:
            scopes_item: str = scopes_item_data
            scopes.append(scopes_item)

        expires_in_days = self.expires_in_days

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "name": name,
                "scopes": scopes,
            }
        )
        if expires_in_days is not UNSET:
            field_dict["expires_in_days"] = expires_in_days

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        name = d.pop("name")

        scopes = []
        _scopes = d.pop("scopes")
        for scopes_item_data in _scopes:
            scopes_item = check_scope_enum(scopes_item_data)

            scopes.append(scopes_item)

        expires_in_days = d.pop("expires_in_days", UNSET)

        personal_token_request = cls(
            name=name,
            scopes=scopes,
            expires_in_days=expires_in_days,
        )

        return personal_token_request
