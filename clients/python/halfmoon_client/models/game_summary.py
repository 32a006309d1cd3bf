from __future__ import annotations

import datetime
from collections.abc import Mapping
from typing import Any, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..models.game_status_enum import GameStatusEnum, check_game_status_enum

T = TypeVar("T", bound="GameSummary")


@_attrs_define
class GameSummary:
    id: int
    deal_code: str
    status: GameStatusEnum
    """ * `playing` - playing
    * `stalled` - stalled
    * `won` - won
    * `resigned` - resigned """
    score: int
    moves: int
    elapsed_ms: int
    """ Server-measured milliseconds from clock_started_at to finished_at, or to now while playing (after an undo
    out of a stall the clock runs on from clock_started_at: the stalled time counts); 0 before the game's first
    change. """
    started_at: datetime.datetime
    finished_at: datetime.datetime | None
    """ When the game's clock stopped: it was won, resigned or stalled (a resignation or win after a stall keeps the
    stall's moment); null while playing, again after an undo out of a stall. """
    daily_date: datetime.date | None
    ranked: bool
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        id = self.id

        deal_code = self.deal_code

        status: str = self.status

        score = self.score

        moves = self.moves

        elapsed_ms = self.elapsed_ms

        started_at = self.started_at.isoformat()

        finished_at: None | str
        if isinstance(self.finished_at, datetime.datetime):
            finished_at = self.finished_at.isoformat()
        else:
            finished_at = self.finished_at

        daily_date: None | str
        if isinstance(self.daily_date, datetime.date):
            daily_date = self.daily_date.isoformat()
        else:
            daily_date = self.daily_date

        ranked = self.ranked

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "id": id,
                "deal_code": deal_code,
                "status": status,
                "score": score,
                "moves": moves,
                "elapsed_ms": elapsed_ms,
                "started_at": started_at,
                "finished_at": finished_at,
                "daily_date": daily_date,
                "ranked": ranked,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        id = d.pop("id")

        deal_code = d.pop("deal_code")

        status = check_game_status_enum(d.pop("status"))

        score = d.pop("score")

        moves = d.pop("moves")

        elapsed_ms = d.pop("elapsed_ms")

        started_at = datetime.datetime.fromisoformat(d.pop("started_at"))

        def _parse_finished_at(data: object) -> datetime.datetime | None:
            if data is None:
                return data
            try:
                if not isinstance(data, str):
                    raise TypeError()
                finished_at_type_0 = datetime.datetime.fromisoformat(data)

                return finished_at_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(datetime.datetime | None, data)

        finished_at = _parse_finished_at(d.pop("finished_at"))

        def _parse_daily_date(data: object) -> datetime.date | None:
            if data is None:
                return data
            try:
                if not isinstance(data, str):
                    raise TypeError()
                daily_date_type_0 = datetime.date.fromisoformat(data)

                return daily_date_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(datetime.date | None, data)

        daily_date = _parse_daily_date(d.pop("daily_date"))

        ranked = d.pop("ranked")

        game_summary = cls(
            id=id,
            deal_code=deal_code,
            status=status,
            score=score,
            moves=moves,
            elapsed_ms=elapsed_ms,
            started_at=started_at,
            finished_at=finished_at,
            daily_date=daily_date,
            ranked=ranked,
        )

        game_summary.additional_properties = d
        return game_summary

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
