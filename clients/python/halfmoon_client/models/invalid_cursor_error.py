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

from ..types import UNSET, Unset

T = TypeVar("T", bound="InvalidCursorError")


@_attrs_define
class InvalidCursorError:
    """`invalid_cursor` (HTTP 400): a cursor this list (the games, a log, a daily leaderboard, the ratings) did not give
    out

    """

    code: Literal["invalid_cursor"]
    message: str
    """ What went wrong, in the caller's language. """
    cursor: str | Unset = UNSET
    """ The cursor sent (up to 200 characters). """
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        code = self.code

        message = self.message

        cursor = self.cursor

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "code": code,
                "message": message,
            }
        )
        if cursor is not UNSET:
            field_dict["cursor"] = cursor

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        code = cast(Literal["invalid_cursor"], d.pop("code"))
        if code != "invalid_cursor":
            raise ValueError(f"code must match const 'invalid_cursor', got '{code}'")

        message = d.pop("message")

        cursor = d.pop("cursor", UNSET)

        invalid_cursor_error = cls(
            code=code,
            message=message,
            cursor=cursor,
        )

        invalid_cursor_error.additional_properties = d
        return invalid_cursor_error

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
