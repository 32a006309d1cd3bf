from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, cast

from attrs import define as _attrs_define

from ..types import UNSET, Unset

T = TypeVar("T", bound="PlayerCreateRequest")


@_attrs_define
class PlayerCreateRequest:
    """A request body: a JSON object whose unknown fields are refused, not ignored."""

    name: str
    """ 1 to 40 characters. """
    device: str | Unset = UNSET
    """ A name for this device, shown in the device list. """

    def to_dict(self) -> dict[str, Any]:
        name = self.name

        device: str | Unset
        if isinstance(self.device, Unset):
            device = UNSET
        else:
            device = self.device

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "name": name,
            }
        )
        if device is not UNSET:
            field_dict["device"] = device

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        name = d.pop("name")

        def _parse_device(data: object) -> str | Unset:
            if isinstance(data, Unset):
                return data
            return cast(str | Unset, data)

        device = _parse_device(d.pop("device", UNSET))

        player_create_request = cls(
            name=name,
            device=device,
        )

        return player_create_request
