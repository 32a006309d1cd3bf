from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, cast

from attrs import define as _attrs_define

from ..types import UNSET, Unset

T = TypeVar("T", bound="MoveRequest")


@_attrs_define
class MoveRequest:
    """A request body: a JSON object whose unknown fields are refused, not ignored."""

    positions: list[str]
    """ Two or three positions, like ["P1", "R6"]. """
    expected_version: int | Unset = UNSET
    """ When given and the game is at another version: 409 and nothing changes. """

    def to_dict(self) -> dict[str, Any]:
        positions = self.positions

        expected_version = self.expected_version

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "positions": positions,
            }
        )
        if expected_version is not UNSET:
            field_dict["expected_version"] = expected_version

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        positions = cast(list[str], d.pop("positions"))

        expected_version = d.pop("expected_version", UNSET)

        move_request = cls(
            positions=positions,
            expected_version=expected_version,
        )

        return move_request
