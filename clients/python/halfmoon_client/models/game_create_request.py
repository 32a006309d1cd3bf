from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar

from attrs import define as _attrs_define

from ..types import UNSET, Unset

T = TypeVar("T", bound="GameCreateRequest")


@_attrs_define
class GameCreateRequest:
    """`winnable` is gone (SPEC §10: nothing tells whether a deal can be won): sent, it is
    refused with `winnable_not_offered`.

    """

    deal_code: str | Unset = UNSET
    """ HM1-N- and 7 letters; omitted: random. """
    daily: bool | Unset = UNSET
    """ true: today's daily deal (UTC). The player's first game of it is ranked, later ones are practice. Not
    together with deal_code. """

    def to_dict(self) -> dict[str, Any]:
        deal_code = self.deal_code

        daily = self.daily

        field_dict: dict[str, Any] = {}

        field_dict.update({})
        if deal_code is not UNSET:
            field_dict["deal_code"] = deal_code
        if daily is not UNSET:
            field_dict["daily"] = daily

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        deal_code = d.pop("deal_code", UNSET)

        daily = d.pop("daily", UNSET)

        game_create_request = cls(
            deal_code=deal_code,
            daily=daily,
        )

        return game_create_request
