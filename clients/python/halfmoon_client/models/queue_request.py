from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar

from attrs import define as _attrs_define

T = TypeVar("T", bound="QueueRequest")


@_attrs_define
class QueueRequest:
    """A request body: a JSON object whose unknown fields are refused, not ignored."""

    seats: int

    def to_dict(self) -> dict[str, Any]:
        seats = self.seats

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "seats": seats,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        seats = d.pop("seats")

        queue_request = cls(
            seats=seats,
        )

        return queue_request
