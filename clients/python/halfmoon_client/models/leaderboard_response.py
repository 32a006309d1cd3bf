from __future__ import annotations

import datetime
from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

if TYPE_CHECKING:
    from ..models.entry_response import EntryResponse


T = TypeVar("T", bound="LeaderboardResponse")


@_attrs_define
class LeaderboardResponse:
    date: datetime.date
    deal_code: str
    closed: bool
    """ True once the date is over. """
    closes_at: datetime.datetime
    total: int
    results: list[EntryResponse]
    next_: None | str
    """ Cursor of the following page. """
    previous: None | str
    """ Cursor of the page before. """
    me: EntryResponse | None
    """ The caller's entry, when on the board. """
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        from ..models.entry_response import EntryResponse  # noqa: PLC0415

        date = self.date.isoformat()

        deal_code = self.deal_code

        closed = self.closed

        closes_at = self.closes_at.isoformat()

        total = self.total

        results = []
        for results_item_data in self.results:
            results_item = results_item_data.to_dict()
            results.append(results_item)

        next_: None | str
        next_ = self.next_

        previous: None | str
        previous = self.previous

        me: dict[str, Any] | None
        if isinstance(self.me, EntryResponse):
            me = self.me.to_dict()
        else:
            me = self.me

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "date": date,
                "deal_code": deal_code,
                "closed": closed,
                "closes_at": closes_at,
                "total": total,
                "results": results,
                "next": next_,
                "previous": previous,
                "me": me,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.entry_response import EntryResponse  # noqa: PLC0415

        d = dict(src_dict)
        date = datetime.date.fromisoformat(d.pop("date"))

        deal_code = d.pop("deal_code")

        closed = d.pop("closed")

        closes_at = datetime.datetime.fromisoformat(d.pop("closes_at"))

        total = d.pop("total")

        results = []
        _results = d.pop("results")
        for results_item_data in _results:
            results_item = EntryResponse.from_dict(results_item_data)

            results.append(results_item)

        def _parse_next_(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        next_ = _parse_next_(d.pop("next"))

        def _parse_previous(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        previous = _parse_previous(d.pop("previous"))

        def _parse_me(data: object) -> EntryResponse | None:
            if data is None:
                return data
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                me_type_0 = EntryResponse.from_dict(data)

                return me_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(EntryResponse | None, data)

        me = _parse_me(d.pop("me"))

        leaderboard_response = cls(
            date=date,
            deal_code=deal_code,
            closed=closed,
            closes_at=closes_at,
            total=total,
            results=results,
            next_=next_,
            previous=previous,
            me=me,
        )

        leaderboard_response.additional_properties = d
        return leaderboard_response

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
