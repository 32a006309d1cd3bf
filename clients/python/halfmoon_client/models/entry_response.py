from __future__ import annotations

import datetime
from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..models.entry_result_enum import EntryResultEnum, check_entry_result_enum

if TYPE_CHECKING:
    from ..models.owner import Owner


T = TypeVar("T", bound="EntryResponse")


@_attrs_define
class EntryResponse:
    rank: int | None
    """ 1 is the best; null when removed. """
    player: Owner
    game_id: int
    result: EntryResultEnum
    """ * `won` - won
    * `resigned` - resigned
    * `unfinished` - unfinished """
    score: int
    moves: int
    elapsed_ms: int
    """ Server-measured, creation to end. """
    ended_at: datetime.datetime
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        rank: int | None
        rank = self.rank

        player = self.player.to_dict()

        game_id = self.game_id

        result: str = self.result

        score = self.score

        moves = self.moves

        elapsed_ms = self.elapsed_ms

        ended_at = self.ended_at.isoformat()

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "rank": rank,
                "player": player,
                "game_id": game_id,
                "result": result,
                "score": score,
                "moves": moves,
                "elapsed_ms": elapsed_ms,
                "ended_at": ended_at,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.owner import Owner  # noqa: PLC0415

        d = dict(src_dict)

        def _parse_rank(data: object) -> int | None:
            if data is None:
                return data
            return cast(int | None, data)

        rank = _parse_rank(d.pop("rank"))

        player = Owner.from_dict(d.pop("player"))

        game_id = d.pop("game_id")

        result = check_entry_result_enum(d.pop("result"))

        score = d.pop("score")

        moves = d.pop("moves")

        elapsed_ms = d.pop("elapsed_ms")

        ended_at = datetime.datetime.fromisoformat(d.pop("ended_at"))

        entry_response = cls(
            rank=rank,
            player=player,
            game_id=game_id,
            result=result,
            score=score,
            moves=moves,
            elapsed_ms=elapsed_ms,
            ended_at=ended_at,
        )

        entry_response.additional_properties = d
        return entry_response

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
