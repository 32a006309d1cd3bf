from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar

from attrs import define as _attrs_define

from ..types import UNSET, Unset

if TYPE_CHECKING:
    from ..models.settings_request import SettingsRequest


T = TypeVar("T", bound="PatchedPlayerUpdateRequest")


@_attrs_define
class PatchedPlayerUpdateRequest:
    """A request body: a JSON object whose unknown fields are refused, not ignored."""

    name: str | Unset = UNSET
    settings: SettingsRequest | Unset = UNSET
    """ The settings to change: any of them (a request). `winnable_deals` is gone (SPEC §10):
    sent, it is refused with `winnable_not_offered`. """

    def to_dict(self) -> dict[str, Any]:
        name = self.name

        settings: dict[str, Any] | Unset = UNSET
        if not isinstance(self.settings, Unset):
            settings = self.settings.to_dict()

        field_dict: dict[str, Any] = {}

        field_dict.update({})
        if name is not UNSET:
            field_dict["name"] = name
        if settings is not UNSET:
            field_dict["settings"] = settings

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.settings_request import SettingsRequest  # noqa: PLC0415

        d = dict(src_dict)
        name = d.pop("name", UNSET)

        _settings = d.pop("settings", UNSET)
        settings: SettingsRequest | Unset
        if isinstance(_settings, Unset):
            settings = UNSET
        else:
            settings = SettingsRequest.from_dict(_settings)

        patched_player_update_request = cls(
            name=name,
            settings=settings,
        )

        return patched_player_update_request
