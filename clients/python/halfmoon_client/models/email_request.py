from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, cast

from attrs import define as _attrs_define

T = TypeVar("T", bound="EmailRequest")


@_attrs_define
class EmailRequest:
    """A request body: a JSON object whose unknown fields are refused, not ignored."""

    email: None | str
    """ The new address; null or empty removes it. """

    def to_dict(self) -> dict[str, Any]:
        email: None | str
        email = self.email

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "email": email,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)

        def _parse_email(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        email = _parse_email(d.pop("email"))

        email_request = cls(
            email=email,
        )

        return email_request
