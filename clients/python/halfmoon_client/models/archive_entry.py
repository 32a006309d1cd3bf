from __future__ import annotations

import datetime
from collections.abc import Mapping
from typing import Any, TypeVar

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..models.entry_result_enum import EntryResultEnum, check_entry_result_enum

T = TypeVar("T", bound="ArchiveEntry")


@_attrs_define
class ArchiveEntry:
    date: datetime.date
    game_id: int
    result: EntryResultEnum
    """ * `won` - won
    * `resigned` - resigned
    * `unfinished` - unfinished """
    score: int
    moves: int
    elapsed_ms: int
    ended_at: datetime.datetime
    entered_at: datetime.datetime
    disqualified: bool
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        date = self.date.isoformat()

        game_id = self.game_id

        result: str = self.result

        score = self.score

        moves = self.moves

        elapsed_ms = self.elapsed_ms

        ended_at = self.ended_at.isoformat()

        entered_at = self.entered_at.isoformat()

        disqualified = self.disqualified

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "date": date,
                "game_id": game_id,
                "result": result,
                "score": score,
                "moves": moves,
                "elapsed_ms": elapsed_ms,
                "ended_at": ended_at,
                "entered_at": entered_at,
                "disqualified": disqualified,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        date = datetime.date.fromisoformat(d.pop("date"))

        game_id = d.pop("game_id")

        result = check_entry_result_enum(d.pop("result"))

        score = d.pop("score")

        moves = d.pop("moves")

        elapsed_ms = d.pop("elapsed_ms")

        ended_at = datetime.datetime.fromisoformat(d.pop("ended_at"))

        entered_at = datetime.datetime.fromisoformat(d.pop("entered_at"))

        disqualified = d.pop("disqualified")

        archive_entry = cls(
            date=date,
            game_id=game_id,
            result=result,
            score=score,
            moves=moves,
            elapsed_ms=elapsed_ms,
            ended_at=ended_at,
            entered_at=entered_at,
            disqualified=disqualified,
        )

        archive_entry.additional_properties = d
        return archive_entry

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
