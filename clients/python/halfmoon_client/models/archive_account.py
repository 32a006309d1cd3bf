from __future__ import annotations

import datetime
from collections.abc import Mapping
from typing import Any, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

T = TypeVar("T", bound="ArchiveAccount")


@_attrs_define
class ArchiveAccount:
    username: str
    email: None | str
    email_verified: bool
    email_verified_at: datetime.datetime | None
    recovery_codes_left: int
    """ How many, never the codes. """
    created_at: datetime.datetime
    password_changed_at: datetime.datetime
    locked: bool
    """ Locked by the staff now. """
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        username = self.username

        email: None | str
        email = self.email

        email_verified = self.email_verified

        email_verified_at: None | str
        if isinstance(self.email_verified_at, datetime.datetime):
            email_verified_at = self.email_verified_at.isoformat()
        else:
            email_verified_at = self.email_verified_at

        recovery_codes_left = self.recovery_codes_left

        created_at = self.created_at.isoformat()

        password_changed_at = self.password_changed_at.isoformat()

        locked = self.locked

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "username": username,
                "email": email,
                "email_verified": email_verified,
                "email_verified_at": email_verified_at,
                "recovery_codes_left": recovery_codes_left,
                "created_at": created_at,
                "password_changed_at": password_changed_at,
                "locked": locked,
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

        def _parse_email_verified_at(data: object) -> datetime.datetime | None:
            if data is None:
                return data
            try:
                if not isinstance(data, str):
                    raise TypeError()
                email_verified_at_type_0 = datetime.datetime.fromisoformat(data)

                return email_verified_at_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(datetime.datetime | None, data)

        email_verified_at = _parse_email_verified_at(d.pop("email_verified_at"))

        recovery_codes_left = d.pop("recovery_codes_left")

        created_at = datetime.datetime.fromisoformat(d.pop("created_at"))

        password_changed_at = datetime.datetime.fromisoformat(
            d.pop("password_changed_at")
        )

        locked = d.pop("locked")

        archive_account = cls(
            username=username,
            email=email,
            email_verified=email_verified,
            email_verified_at=email_verified_at,
            recovery_codes_left=recovery_codes_left,
            created_at=created_at,
            password_changed_at=password_changed_at,
            locked=locked,
        )

        archive_account.additional_properties = d
        return archive_account

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
