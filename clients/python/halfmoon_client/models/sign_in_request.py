from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, cast

from attrs import define as _attrs_define

from ..types import UNSET, Unset

T = TypeVar("T", bound="SignInRequest")


@_attrs_define
class SignInRequest:
    """A request body: a JSON object whose unknown fields are refused, not ignored."""

    username: str
    """ 3 to 30 letters, digits, dots, dashes or underscores. """
    password: str
    device: str | Unset = UNSET
    """ A name for this device, shown in the list. """
    device_proof: str | Unset = UNSET
    """ The `device_proof` of this device's last sign-in to this username, if it kept one: the attempt is then
    counted under the proof's own budget (`sign_in_device`), not the username's for unknown devices
    (`sign_in_username`). The web client need not send it: its HttpOnly cookie is read instead. """

    def to_dict(self) -> dict[str, Any]:
        username = self.username

        password = self.password

        device: str | Unset
        if isinstance(self.device, Unset):
            device = UNSET
        else:
            device = self.device

        device_proof: str | Unset
        if isinstance(self.device_proof, Unset):
            device_proof = UNSET
        else:
            device_proof = self.device_proof

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "username": username,
                "password": password,
            }
        )
        if device is not UNSET:
            field_dict["device"] = device
        if device_proof is not UNSET:
            field_dict["device_proof"] = device_proof

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        username = d.pop("username")

        password = d.pop("password")

        def _parse_device(data: object) -> str | Unset:
            if isinstance(data, Unset):
                return data
            return cast(str | Unset, data)

        device = _parse_device(d.pop("device", UNSET))

        def _parse_device_proof(data: object) -> str | Unset:
            if isinstance(data, Unset):
                return data
            return cast(str | Unset, data)

        device_proof = _parse_device_proof(d.pop("device_proof", UNSET))

        sign_in_request = cls(
            username=username,
            password=password,
            device=device,
            device_proof=device_proof,
        )

        return sign_in_request
