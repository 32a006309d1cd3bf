from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar

from attrs import define as _attrs_define

from ..types import UNSET, Unset

T = TypeVar("T", bound="AccountDeleteRequest")


@_attrs_define
class AccountDeleteRequest:
    """A request body: a JSON object whose unknown fields are refused, not ignored."""

    password: str | Unset = UNSET
    """ The account's password (a player with credentials). """
    recovery_code: str | Unset = UNSET
    """ Or one of its unused recovery codes, in place of the password. """
    confirm: bool | Unset = UNSET
    """ `true`: a player without a username and password, whose device token is its only credential, confirms the
    deletion. """

    def to_dict(self) -> dict[str, Any]:
        password = self.password

        recovery_code = self.recovery_code

        confirm = self.confirm

        field_dict: dict[str, Any] = {}

        field_dict.update({})
        if password is not UNSET:
            field_dict["password"] = password
        if recovery_code is not UNSET:
            field_dict["recovery_code"] = recovery_code
        if confirm is not UNSET:
            field_dict["confirm"] = confirm

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        password = d.pop("password", UNSET)

        recovery_code = d.pop("recovery_code", UNSET)

        confirm = d.pop("confirm", UNSET)

        account_delete_request = cls(
            password=password,
            recovery_code=recovery_code,
            confirm=confirm,
        )

        return account_delete_request
