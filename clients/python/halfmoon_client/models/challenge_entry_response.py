from __future__ import annotations

import datetime
from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

if TYPE_CHECKING:
    from ..models.owner import Owner


T = TypeVar("T", bound="ChallengeEntryResponse")


@_attrs_define
class ChallengeEntryResponse:
    rank: int | None
    """ Shared by tied results (1, 1, 3); null when not on the board. """
    player: Owner
    game_id: int
    counted: bool
    """ On the board: the player's first game at the challenge, met blind. """
    result: None | str
    """ `won` or `resigned`; null while it is played. """
    score: int
    moves: int
    elapsed_ms: int
    ended_at: datetime.datetime | None
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        rank: int | None
        rank = self.rank

        player = self.player.to_dict()

        game_id = self.game_id

        counted = self.counted

        result: None | str
        result = self.result

        score = self.score

        moves = self.moves

        elapsed_ms = self.elapsed_ms

        ended_at: None | str
        if isinstance(self.ended_at, datetime.datetime):
            ended_at = self.ended_at.isoformat()
        else:
            ended_at = self.ended_at

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "rank": rank,
                "player": player,
                "game_id": game_id,
                "counted": counted,
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

        counted = d.pop("counted")

        def _parse_result(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        result = _parse_result(d.pop("result"))

        score = d.pop("score")

        moves = d.pop("moves")

        elapsed_ms = d.pop("elapsed_ms")

        def _parse_ended_at(data: object) -> datetime.datetime | None:
            if data is None:
                return data
            try:
                if not isinstance(data, str):
                    raise TypeError()
                ended_at_type_0 = datetime.datetime.fromisoformat(data)

                return ended_at_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(datetime.datetime | None, data)

        ended_at = _parse_ended_at(d.pop("ended_at"))

        challenge_entry_response = cls(
            rank=rank,
            player=player,
            game_id=game_id,
            counted=counted,
            result=result,
            score=score,
            moves=moves,
            elapsed_ms=elapsed_ms,
            ended_at=ended_at,
        )

        challenge_entry_response.additional_properties = d
        return challenge_entry_response

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
