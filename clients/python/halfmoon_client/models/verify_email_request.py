from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar

from attrs import define as _attrs_define

T = TypeVar("T", bound="VerifyEmailRequest")


@_attrs_define
class VerifyEmailRequest:
    """A request body: a JSON object whose unknown fields are refused, not ignored."""

    key: str
    """ The `key` of the verification link. """

    def to_dict(self) -> dict[str, Any]:
        key = self.key

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "key": key,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        key = d.pop("key")

        verify_email_request = cls(
            key=key,
        )

        return verify_email_request
