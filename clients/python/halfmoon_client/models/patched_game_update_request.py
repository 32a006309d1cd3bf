from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar

from attrs import define as _attrs_define

from ..types import UNSET, Unset

T = TypeVar("T", bound="PatchedGameUpdateRequest")


@_attrs_define
class PatchedGameUpdateRequest:
    """A request body: a JSON object whose unknown fields are refused, not ignored."""

    watchable: bool | Unset = UNSET
    """ true: anyone may watch the game; false: its owner only. """

    def to_dict(self) -> dict[str, Any]:
        watchable = self.watchable

        field_dict: dict[str, Any] = {}

        field_dict.update({})
        if watchable is not UNSET:
            field_dict["watchable"] = watchable

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        watchable = d.pop("watchable", UNSET)

        patched_game_update_request = cls(
            watchable=watchable,
        )

        return patched_game_update_request
