from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..models.race_result_enum import RaceResultEnum, check_race_result_enum

if TYPE_CHECKING:
    from ..models.owner import Owner


T = TypeVar("T", bound="Standing")


@_attrs_define
class Standing:
    rank: int
    player: Owner
    game_id: int
    result: RaceResultEnum
    """ * `won` - won
    * `resigned` - resigned
    * `stalled` - stalled
    * `unfinished` - unfinished """
    score: int
    moves: int
    elapsed_ms: int
    """ From starts_at to the moment the member's game ended for the race (won, resigned or stalled), or to the
    race's end if it had not. """
    rated: bool
    """ This result changed the member's rating: a rated race, not aborted, a first removal within 60 s of
    starts_at, and an opponent who counts (3 races a day each). """
    rating_change: float | None
    """ Change of the rating's ordinal; null when the result changed no rating (a casual or aborted race, or rated
    false). """
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        rank = self.rank

        player = self.player.to_dict()

        game_id = self.game_id

        result: str = self.result

        score = self.score

        moves = self.moves

        elapsed_ms = self.elapsed_ms

        rated = self.rated

        rating_change: float | None
        rating_change = self.rating_change

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
                "rated": rated,
                "rating_change": rating_change,
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

        result = check_race_result_enum(d.pop("result"))

        score = d.pop("score")

        moves = d.pop("moves")

        elapsed_ms = d.pop("elapsed_ms")

        rated = d.pop("rated")

        def _parse_rating_change(data: object) -> float | None:
            if data is None:
                return data
            return cast(float | None, data)

        rating_change = _parse_rating_change(d.pop("rating_change"))

        standing = cls(
            rank=rank,
            player=player,
            game_id=game_id,
            result=result,
            score=score,
            moves=moves,
            elapsed_ms=elapsed_ms,
            rated=rated,
            rating_change=rating_change,
        )

        standing.additional_properties = d
        return standing

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
