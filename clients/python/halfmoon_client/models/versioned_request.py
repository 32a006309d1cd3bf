from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar

from attrs import define as _attrs_define

from ..types import UNSET, Unset

T = TypeVar("T", bound="VersionedRequest")


@_attrs_define
class VersionedRequest:
    """A request body: a JSON object whose unknown fields are refused, not ignored."""

    expected_version: int | Unset = UNSET
    """ When given and the game is at another version: 409 and nothing changes. """

    def to_dict(self) -> dict[str, Any]:
        expected_version = self.expected_version

        field_dict: dict[str, Any] = {}

        field_dict.update({})
        if expected_version is not UNSET:
            field_dict["expected_version"] = expected_version

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        expected_version = d.pop("expected_version", UNSET)

        versioned_request = cls(
            expected_version=expected_version,
        )

        return versioned_request
