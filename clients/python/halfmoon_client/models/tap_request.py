from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar

from attrs import define as _attrs_define

from ..types import UNSET, Unset

T = TypeVar("T", bound="TapRequest")


@_attrs_define
class TapRequest:
    """A request body: a JSON object whose unknown fields are refused, not ignored."""

    position: str
    """ P1…P12 or R1…R8. """
    expected_version: int | Unset = UNSET
    """ When given and the game is at another version: 409 and nothing changes. """

    def to_dict(self) -> dict[str, Any]:
        position = self.position

        expected_version = self.expected_version

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "position": position,
            }
        )
        if expected_version is not UNSET:
            field_dict["expected_version"] = expected_version

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        position = d.pop("position")

        expected_version = d.pop("expected_version", UNSET)

        tap_request = cls(
            position=position,
            expected_version=expected_version,
        )

        return tap_request
