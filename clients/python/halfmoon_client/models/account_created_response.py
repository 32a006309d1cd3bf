from __future__ import annotations

import datetime
from collections.abc import Mapping
from typing import Any, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

T = TypeVar("T", bound="AccountCreatedResponse")


@_attrs_define
class AccountCreatedResponse:
    username: str
    email: None | str
    email_verified: bool
    recovery_codes_left: int
    created_at: datetime.datetime
    password_changed_at: datetime.datetime
    recovery_codes: list[str]
    """ Ten single-use codes, shown only this once: keep them somewhere safe. """
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        username = self.username

        email: None | str
        email = self.email

        email_verified = self.email_verified

        recovery_codes_left = self.recovery_codes_left

        created_at = self.created_at.isoformat()

        password_changed_at = self.password_changed_at.isoformat()

        recovery_codes = self.recovery_codes

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "username": username,
                "email": email,
                "email_verified": email_verified,
                "recovery_codes_left": recovery_codes_left,
                "created_at": created_at,
                "password_changed_at": password_changed_at,
                "recovery_codes": recovery_codes,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        username = d.pop("username")

        def _parse_email(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        email = _parse_email(d.pop("email"))

        email_verified = d.pop("email_verified")

        recovery_codes_left = d.pop("recovery_codes_left")

        created_at = datetime.datetime.fromisoformat(d.pop("created_at"))

        password_changed_at = datetime.datetime.fromisoformat(
            d.pop("password_changed_at")
        )

        recovery_codes = cast(list[str], d.pop("recovery_codes"))

        account_created_response = cls(
            username=username,
            email=email,
            email_verified=email_verified,
            recovery_codes_left=recovery_codes_left,
            created_at=created_at,
            password_changed_at=password_changed_at,
            recovery_codes=recovery_codes,
        )

        account_created_response.additional_properties = d
        return account_created_response

    @property
    def additional_keys(self) -> list[str]:
        return list(self.additional_properties.keys())

    def __getitem__(self, key: str) -> Any:
        return self.additional_properties[key]

    def __setitem__(self, key: str, value: Any) -> None:
        self.additional_properties[key] = value

    def __delitem__(self, key: str) -> None:
        del self.additional_properties[key]

    def __contains__(self, key: str) -> bool:
        return key in self.additional_properties
