from __future__ import annotations

from collections.abc import Mapping
from typing import (
    Any,
    Literal,
    TypeVar,
    cast,
)

from attrs import define as _attrs_define
from attrs import field as _attrs_field

T = TypeVar("T", bound="DeletionUnconfirmedError")


@_attrs_define
class DeletionUnconfirmedError:
    """`deletion_unconfirmed` (HTTP 400): deleting the account without `password` or `recovery_code` (a player with a
    username and password) or without `confirm: true` (a player without one)

    """

    code: Literal["deletion_unconfirmed"]
    message: str
    """ What went wrong, in the caller's language. """
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        code = self.code

        message = self.message

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "code": code,
                "message": message,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        code = cast(Literal["deletion_unconfirmed"], d.pop("code"))
        if code != "deletion_unconfirmed":
            raise ValueError(
                f"code must match const 'deletion_unconfirmed', got '{code}'"
            )

        message = d.pop("message")

        deletion_unconfirmed_error = cls(
            code=code,
            message=message,
        )

        deletion_unconfirmed_error.additional_properties = d
        return deletion_unconfirmed_error

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
