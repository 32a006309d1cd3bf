from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, cast

from attrs import define as _attrs_define

from ..types import UNSET, Unset

T = TypeVar("T", bound="AccountCreateRequest")


@_attrs_define
class AccountCreateRequest:
    """A request body: a JSON object whose unknown fields are refused, not ignored."""

    username: str
    """ 3 to 30 letters, digits, dots, dashes or underscores. """
    password: str
    email: str | Unset = UNSET
    """ Optional: verified by a link, used only for password reset. """

    def to_dict(self) -> dict[str, Any]:
        username = self.username

        password = self.password

        email: str | Unset
        if isinstance(self.email, Unset):
            email = UNSET
        else:
            email = self.email

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "username": username,
                "password": password,
            }
        )
        if email is not UNSET:
            field_dict["email"] = email

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        username = d.pop("username")

        password = d.pop("password")

        def _parse_email(data: object) -> str | Unset:
            if isinstance(data, Unset):
                return data
            return cast(str | Unset, data)

        email = _parse_email(d.pop("email", UNSET))

        account_create_request = cls(
            username=username,
            password=password,
            email=email,
        )

        return account_create_request
