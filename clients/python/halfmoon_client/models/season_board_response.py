from __future__ import annotations

import datetime
from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..models.season_kind_enum import SeasonKindEnum, check_season_kind_enum

if TYPE_CHECKING:
    from ..models.season_entry_response import SeasonEntryResponse


T = TypeVar("T", bound="SeasonBoardResponse")


@_attrs_define
class SeasonBoardResponse:
    season: str
    """ An ISO week (`2026-W48`) or a calendar month (`2026-11`), UTC. """
    kind: SeasonKindEnum
    """ * `week` - week
    * `month` - month """
    starts_on: datetime.date
    ends_on: datetime.date
    closed: bool
    """ True once final: the board never changes again. """
    computed_at: datetime.datetime | None
    """ When the board was last rebuilt (null: never yet). """
    days_counted: int
    """ Closed days the board is built from. """
    total: int
    """ Entries (among=following: among those). """
    results: list[SeasonEntryResponse]
    next_: None | str
    """ Cursor of the following page. """
    previous: None | str
    """ Cursor of the page before. """
    me: None | SeasonEntryResponse
    """ The caller's entry, when on the board. """
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        from ..models.season_entry_response import SeasonEntryResponse  # noqa: PLC0415

        season = self.season

        kind: str = self.kind

        starts_on = self.starts_on.isoformat()

        ends_on = self.ends_on.isoformat()

        closed = self.closed

        computed_at: None | str
        if isinstance(self.computed_at, datetime.datetime):
            computed_at = self.computed_at.isoformat()
        else:
            computed_at = self.computed_at

        days_counted = self.days_counted

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
        if isinstance(self.me, SeasonEntryResponse):
            me = self.me.to_dict()
        else:
            me = self.me

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "season": season,
                "kind": kind,
                "starts_on": starts_on,
                "ends_on": ends_on,
                "closed": closed,
                "computed_at": computed_at,
                "days_counted": days_counted,
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
        from ..models.season_entry_response import SeasonEntryResponse  # noqa: PLC0415

        d = dict(src_dict)
        season = d.pop("season")

        kind = check_season_kind_enum(d.pop("kind"))

        starts_on = datetime.date.fromisoformat(d.pop("starts_on"))

        ends_on = datetime.date.fromisoformat(d.pop("ends_on"))

        closed = d.pop("closed")

        def _parse_computed_at(data: object) -> datetime.datetime | None:
            if data is None:
                return data
            try:
                if not isinstance(data, str):
                    raise TypeError()
                computed_at_type_0 = datetime.datetime.fromisoformat(data)

                return computed_at_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(datetime.datetime | None, data)

        computed_at = _parse_computed_at(d.pop("computed_at"))

        days_counted = d.pop("days_counted")

        total = d.pop("total")

        results = []
        _results = d.pop("results")
        for results_item_data in _results:
            results_item = SeasonEntryResponse.from_dict(results_item_data)

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

        def _parse_me(data: object) -> None | SeasonEntryResponse:
            if data is None:
                return data
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                me_type_0 = SeasonEntryResponse.from_dict(data)

                return me_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(None | SeasonEntryResponse, data)

        me = _parse_me(d.pop("me"))

        season_board_response = cls(
            season=season,
            kind=kind,
            starts_on=starts_on,
            ends_on=ends_on,
            closed=closed,
            computed_at=computed_at,
            days_counted=days_counted,
            total=total,
            results=results,
            next_=next_,
            previous=previous,
            me=me,
        )

        season_board_response.additional_properties = d
        return season_board_response

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
