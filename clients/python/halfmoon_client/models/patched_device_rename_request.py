from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, cast

from attrs import define as _attrs_define

from ..types import UNSET, Unset

T = TypeVar("T", bound="PatchedDeviceRenameRequest")


@_attrs_define
class PatchedDeviceRenameRequest:
    """A request body: a JSON object whose unknown fields are refused, not ignored."""

    device: str | Unset = UNSET
    """ The device's new name, shown in the device list (cleaned as at sign-in: blank names it “Unnamed device”);
    omitted, it is kept. """

    def to_dict(self) -> dict[str, Any]:
        device: str | Unset
        if isinstance(self.device, Unset):
            device = UNSET
        else:
            device = self.device

        field_dict: dict[str, Any] = {}

        field_dict.update({})
        if device is not UNSET:
            field_dict["device"] = device

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)

        def _parse_device(data: object) -> str | Unset:
            if isinstance(data, Unset):
                return data
            return cast(str | Unset, data)

        device = _parse_device(d.pop("device", UNSET))

        patched_device_rename_request = cls(
            device=device,
        )

        return patched_device_rename_request
