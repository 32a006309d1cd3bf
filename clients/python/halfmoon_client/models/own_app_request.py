from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, cast

from attrs import define as _attrs_define

from ..models.scope_enum import ScopeEnum, check_scope_enum
from ..types import UNSET, Unset

T = TypeVar("T", bound="OwnAppRequest")


@_attrs_define
class OwnAppRequest:
    """A request body: a JSON object whose unknown fields are refused, not ignored."""

    name: str
    """ Shown to players on consent. """
    redirect_uris: list[str]
    """ Exact redirect URIs: https, or http on 127.0.0.1, [::1] or localhost. """
    scopes: list[ScopeEnum]
    """ What the app may ask players for (at least one). """
    allowed_origins: list[str] | Unset = UNSET
    """ Browser origins that may call the API (CORS): https://host[:port], or http on a loopback host for
    development. """

    def to_dict(self) -> dict[str, Any]:
        name = self.name

        redirect_uris = self.redirect_uris

        scopes = []
        for scopes_item_data in self.scopes:
            scopes_item: str = scopes_item_data
            scopes.append(scopes_item)

        allowed_origins: list[str] | Unset = UNSET
        if not isinstance(self.allowed_origins, Unset):
            allowed_origins = self.allowed_origins

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "name": name,
                "redirect_uris": redirect_uris,
                "scopes": scopes,
            }
        )
        if allowed_origins is not UNSET:
            field_dict["allowed_origins"] = allowed_origins

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        name = d.pop("name")

        redirect_uris = cast(list[str], d.pop("redirect_uris"))

        scopes = []
        _scopes = d.pop("scopes")
        for scopes_item_data in _scopes:
            scopes_item = check_scope_enum(scopes_item_data)

            scopes.append(scopes_item)

        allowed_origins = cast(list[str], d.pop("allowed_origins", UNSET))

        own_app_request = cls(
            name=name,
            redirect_uris=redirect_uris,
            scopes=scopes,
            allowed_origins=allowed_origins,
        )

        return own_app_request
