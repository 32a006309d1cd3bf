from __future__ import annotations

import datetime
from collections.abc import Mapping
from typing import Any, TypeVar

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..models.game_challenge_result_status_enum import (
    GameChallengeResultStatusEnum,
    check_game_challenge_result_status_enum,
)

T = TypeVar("T", bound="GameChallengeResult")


@_attrs_define
class GameChallengeResult:
    status: GameChallengeResultStatusEnum
    """ * `won` - won
    * `resigned` - resigned """
    score: int
    moves: int
    elapsed_ms: int
    ended_at: datetime.datetime
    """ When the creator's game ended: a result equal on won, score and elapsed_ms ranks behind it on the board (it
    ended first), so it stands. """
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        status: str = self.status

        score = self.score

        moves = self.moves

        elapsed_ms = self.elapsed_ms

        ended_at = self.ended_at.isoformat()

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "status": status,
                "score": score,
                "moves": moves,
                "elapsed_ms": elapsed_ms,
                "ended_at": ended_at,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        status = check_game_challenge_result_status_enum(d.pop("status"))

        score = d.pop("score")

        moves = d.pop("moves")

        elapsed_ms = d.pop("elapsed_ms")

        ended_at = datetime.datetime.fromisoformat(d.pop("ended_at"))

        game_challenge_result = cls(
            status=status,
            score=score,
            moves=moves,
            elapsed_ms=elapsed_ms,
            ended_at=ended_at,
        )

        game_challenge_result.additional_properties = d
        return game_challenge_result

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
