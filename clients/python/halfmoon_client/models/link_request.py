from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, cast

from attrs import define as _attrs_define

from ..types import UNSET, Unset

T = TypeVar("T", bound="LinkRequest")


@_attrs_define
class LinkRequest:
    """A request body: a JSON object whose unknown fields are refused, not ignored."""

    code: str
    """ The link code another device shows. """
    device: str | Unset = UNSET
    """ A name for this device, shown in the list. """

    def to_dict(self) -> dict[str, Any]:
        code = self.code

        device: str | Unset
        if isinstance(self.device, Unset):
            device = UNSET
        else:
            device = self.device

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "code": code,
            }
        )
        if device is not UNSET:
            field_dict["device"] = device

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        code = d.pop("code")

        def _parse_device(data: object) -> str | Unset:
            if isinstance(data, Unset):
                return data
            return cast(str | Unset, data)

        device = _parse_device(d.pop("device", UNSET))

        link_request = cls(
            code=code,
            device=device,
        )

        return link_request
