from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, cast

from attrs import define as _attrs_define

from ..types import UNSET, Unset

T = TypeVar("T", bound="RecoverRequest")


@_attrs_define
class RecoverRequest:
    """A request body: a JSON object whose unknown fields are refused, not ignored."""

    username: str
    """ 3 to 30 letters, digits, dots, dashes or underscores. """
    recovery_code: str
    """ One of the ten recovery codes. """
    new_password: str
    device: str | Unset = UNSET
    """ A name for this device, shown in the list. """

    def to_dict(self) -> dict[str, Any]:
        username = self.username

        recovery_code = self.recovery_code

        new_password = self.new_password

        device: str | Unset
        if isinstance(self.device, Unset):
            device = UNSET
        else:
            device = self.device

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "username": username,
                "recovery_code": recovery_code,
                "new_password": new_password,
            }
        )
        if device is not UNSET:
            field_dict["device"] = device

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        username = d.pop("username")

        recovery_code = d.pop("recovery_code")

        new_password = d.pop("new_password")

        def _parse_device(data: object) -> str | Unset:
            if isinstance(data, Unset):
                return data
            return cast(str | Unset, data)

        device = _parse_device(d.pop("device", UNSET))

        recover_request = cls(
            username=username,
            recovery_code=recovery_code,
            new_password=new_password,
            device=device,
        )

        return recover_request
