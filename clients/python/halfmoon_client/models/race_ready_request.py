from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar

from attrs import define as _attrs_define

T = TypeVar("T", bound="RaceReadyRequest")


@_attrs_define
class RaceReadyRequest:
    """A request body: a JSON object whose unknown fields are refused, not ignored."""

    ready: bool

    def to_dict(self) -> dict[str, Any]:
        ready = self.ready

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "ready": ready,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        ready = d.pop("ready")

        race_ready_request = cls(
            ready=ready,
        )

        return race_ready_request
