from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..models.game_status_enum import GameStatusEnum, check_game_status_enum

T = TypeVar("T", bound="Progress")


@_attrs_define
class Progress:
    score: int
    moves: int
    cards_left: int
    status: GameStatusEnum
    """ * `playing` - playing
    * `stalled` - stalled
    * `won` - won
    * `resigned` - resigned """
    elapsed_ms: int
    """ From starts_at to the moment the member's game ended for the race (won, resigned or stalled), or to now (the
    race's end once it has ended): the same as the member's game and standing. """
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        score = self.score

        moves = self.moves

        cards_left = self.cards_left

        status: str = self.status

        elapsed_ms = self.elapsed_ms

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "score": score,
                "moves": moves,
                "cards_left": cards_left,
                "status": status,
                "elapsed_ms": elapsed_ms,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        score = d.pop("score")

        moves = d.pop("moves")

        cards_left = d.pop("cards_left")

        status = check_game_status_enum(d.pop("status"))

        elapsed_ms = d.pop("elapsed_ms")

        progress = cls(
            score=score,
            moves=moves,
            cards_left=cards_left,
            status=status,
            elapsed_ms=elapsed_ms,
        )

        progress.additional_properties = d
        return progress

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
