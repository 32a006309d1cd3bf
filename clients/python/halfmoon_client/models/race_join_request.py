from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, cast

from attrs import define as _attrs_define

T = TypeVar("T", bound="RaceJoinRequest")


@_attrs_define
class RaceJoinRequest:
    """A request body: a JSON object whose unknown fields are refused, not ignored."""

    invite: str
    """ The race's 6-character invite code (any case). """

    def to_dict(self) -> dict[str, Any]:
        invite: str
        invite = self.invite

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "invite": invite,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)

        def _parse_invite(data: object) -> str:
            return cast(str, data)

        invite = _parse_invite(d.pop("invite"))

        race_join_request = cls(
            invite=invite,
        )

        return race_join_request
