from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, cast

from attrs import define as _attrs_define

from ..types import UNSET, Unset

T = TypeVar("T", bound="PasswordResetConfirmRequest")


@_attrs_define
class PasswordResetConfirmRequest:
    """A request body: a JSON object whose unknown fields are refused, not ignored."""

    uid: str
    """ The `uid` of the reset link. """
    key: str
    """ The `key` of the reset link. """
    new_password: str
    device: str | Unset = UNSET
    """ A name for this device, shown in the list. """

    def to_dict(self) -> dict[str, Any]:
        uid = self.uid

        key = self.key

        new_password = self.new_password

        device: str | Unset
        if isinstance(self.device, Unset):
            device = UNSET
        else:
            device = self.device

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "uid": uid,
                "key": key,
                "new_password": new_password,
            }
        )
        if device is not UNSET:
            field_dict["device"] = device

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        uid = d.pop("uid")

        key = d.pop("key")

        new_password = d.pop("new_password")

        def _parse_device(data: object) -> str | Unset:
            if isinstance(data, Unset):
                return data
            return cast(str | Unset, data)

        device = _parse_device(d.pop("device", UNSET))

        password_reset_confirm_request = cls(
            uid=uid,
            key=key,
            new_password=new_password,
            device=device,
        )

        return password_reset_confirm_request
