from __future__ import annotations

import datetime
from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..models.challenge_creator_entry_response_result_enum import (
    ChallengeCreatorEntryResponseResultEnum,
    check_challenge_creator_entry_response_result_enum,
)

if TYPE_CHECKING:
    from ..models.owner import Owner


T = TypeVar("T", bound="ChallengeCreatorEntryResponse")


@_attrs_define
class ChallengeCreatorEntryResponse:
    rank: int
    """ The place the creator's result holds among the counted attempts (ties shared): the board shows it there,
    marked as the result to beat. """
    player: Owner
    game_id: int
    result: ChallengeCreatorEntryResponseResultEnum
    """ * `won` - won
    * `resigned` - resigned
    * `stalled` - stalled """
    score: int
    moves: int
    elapsed_ms: int
    ended_at: datetime.datetime
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
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
        rank = d.pop("rank")

        player = Owner.from_dict(d.pop("player"))

        game_id = d.pop("game_id")

        result = check_challenge_creator_entry_response_result_enum(d.pop("result"))

        score = d.pop("score")

        moves = d.pop("moves")

        elapsed_ms = d.pop("elapsed_ms")

        ended_at = datetime.datetime.fromisoformat(d.pop("ended_at"))

        challenge_creator_entry_response = cls(
            rank=rank,
            player=player,
            game_id=game_id,
            result=result,
            score=score,
            moves=moves,
            elapsed_ms=elapsed_ms,
            ended_at=ended_at,
        )

        challenge_creator_entry_response.additional_properties = d
        return challenge_creator_entry_response

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
