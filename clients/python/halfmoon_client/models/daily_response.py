from __future__ import annotations

import datetime
from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

if TYPE_CHECKING:
    from ..models.entry_response import EntryResponse
    from ..models.game_response import GameResponse


T = TypeVar("T", bound="DailyResponse")


@_attrs_define
class DailyResponse:
    date: datetime.date
    """ Today, UTC. """
    deal_code: str
    closes_at: datetime.datetime
    """ Next midnight UTC. """
    attempt: GameResponse | None
    """ The caller's ranked attempt, if any. """
    entry: EntryResponse | None
    """ The caller's entry on today's board. """
    total: int
    """ Entries on today's board. """
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        from ..models.entry_response import EntryResponse  # noqa: PLC0415
        from ..models.game_response import GameResponse  # noqa: PLC0415

        date = self.date.isoformat()

        deal_code = self.deal_code

        closes_at = self.closes_at.isoformat()

        attempt: dict[str, Any] | None
        if isinstance(self.attempt, GameResponse):
            attempt = self.attempt.to_dict()
        else:
            attempt = self.attempt

        entry: dict[str, Any] | None
        if isinstance(self.entry, EntryResponse):
            entry = self.entry.to_dict()
        else:
            entry = self.entry

        total = self.total

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "date": date,
                "deal_code": deal_code,
                "closes_at": closes_at,
                "attempt": attempt,
                "entry": entry,
                "total": total,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.entry_response import EntryResponse  # noqa: PLC0415
        from ..models.game_response import GameResponse  # noqa: PLC0415

        d = dict(src_dict)
        date = datetime.date.fromisoformat(d.pop("date"))

        deal_code = d.pop("deal_code")

        closes_at = datetime.datetime.fromisoformat(d.pop("closes_at"))

        def _parse_attempt(data: object) -> GameResponse | None:
            if data is None:
                return data
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                attempt_type_0 = GameResponse.from_dict(data)

                return attempt_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(GameResponse | None, data)

        attempt = _parse_attempt(d.pop("attempt"))

        def _parse_entry(data: object) -> EntryResponse | None:
            if data is None:
                return data
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                entry_type_0 = EntryResponse.from_dict(data)

                return entry_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(EntryResponse | None, data)

        entry = _parse_entry(d.pop("entry"))

        total = d.pop("total")

        daily_response = cls(
            date=date,
            deal_code=deal_code,
            closes_at=closes_at,
            attempt=attempt,
            entry=entry,
            total=total,
        )

        daily_response.additional_properties = d
        return daily_response

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
