from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar

from attrs import define as _attrs_define

from ..types import UNSET, Unset

T = TypeVar("T", bound="RaceCreateRequest")


@_attrs_define
class RaceCreateRequest:
    """A request body: a JSON object whose unknown fields are refused, not ignored."""

    seats: int
    """ 2 to 8 players. """
    time_limit_s: int | Unset = UNSET
    """ 60 to 3600 seconds (default 900). """
    deal_code: str | Unset = UNSET
    """ HM1-N-…; omitted: a random deal. """
    public: bool | Unset = UNSET
    """ true: listed among the open races (GET /races?status=open) and joined by id (POST /races/{race_id}/join) by
    anyone; false (the default): joined by its invite only, never listed. """

    def to_dict(self) -> dict[str, Any]:
        seats = self.seats

        time_limit_s = self.time_limit_s

        deal_code = self.deal_code

        public = self.public

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "seats": seats,
            }
        )
        if time_limit_s is not UNSET:
            field_dict["time_limit_s"] = time_limit_s
        if deal_code is not UNSET:
            field_dict["deal_code"] = deal_code
        if public is not UNSET:
            field_dict["public"] = public

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        seats = d.pop("seats")

        time_limit_s = d.pop("time_limit_s", UNSET)

        deal_code = d.pop("deal_code", UNSET)

        public = d.pop("public", UNSET)

        race_create_request = cls(
            seats=seats,
            time_limit_s=time_limit_s,
            deal_code=deal_code,
            public=public,
        )

        return race_create_request
