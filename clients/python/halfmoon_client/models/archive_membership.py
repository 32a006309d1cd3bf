from __future__ import annotations

import datetime
from collections.abc import Mapping
from typing import Any, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..models.race_result_enum import RaceResultEnum, check_race_result_enum

T = TypeVar("T", bound="ArchiveMembership")


@_attrs_define
class ArchiveMembership:
    joined_at: datetime.datetime
    ready: bool
    left_at: datetime.datetime | None
    game_id: int | None
    result: None | RaceResultEnum
    rank: int | None
    score: int
    moves: int
    elapsed_ms: int | None
    rated: bool
    mu_before: float | None
    sigma_before: float | None
    mu_after: float | None
    sigma_after: float | None
    rating_change: float | None
    disqualified: bool
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        joined_at = self.joined_at.isoformat()

        ready = self.ready

        left_at: None | str
        if isinstance(self.left_at, datetime.datetime):
            left_at = self.left_at.isoformat()
        else:
            left_at = self.left_at

        game_id: int | None
        game_id = self.game_id

        result: None | str
        if isinstance(self.result, str):
            result = self.result
        else:
            result = self.result

        rank: int | None
        rank = self.rank

        score = self.score

        moves = self.moves

        elapsed_ms: int | None
        elapsed_ms = self.elapsed_ms

        rated = self.rated

        mu_before: float | None
        mu_before = self.mu_before

        sigma_before: float | None
        sigma_before = self.sigma_before

        mu_after: float | None
        mu_after = self.mu_after

        sigma_after: float | None
        sigma_after = self.sigma_after

        rating_change: float | None
        rating_change = self.rating_change

        disqualified = self.disqualified

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "joined_at": joined_at,
                "ready": ready,
                "left_at": left_at,
                "game_id": game_id,
                "result": result,
                "rank": rank,
                "score": score,
                "moves": moves,
                "elapsed_ms": elapsed_ms,
                "rated": rated,
                "mu_before": mu_before,
                "sigma_before": sigma_before,
                "mu_after": mu_after,
                "sigma_after": sigma_after,
                "rating_change": rating_change,
                "disqualified": disqualified,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        joined_at = datetime.datetime.fromisoformat(d.pop("joined_at"))

        ready = d.pop("ready")

        def _parse_left_at(data: object) -> datetime.datetime | None:
            if data is None:
                return data
            try:
                if not isinstance(data, str):
                    raise TypeError()
                left_at_type_0 = datetime.datetime.fromisoformat(data)

                return left_at_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(datetime.datetime | None, data)

        left_at = _parse_left_at(d.pop("left_at"))

        def _parse_game_id(data: object) -> int | None:
            if data is None:
                return data
            return cast(int | None, data)

        game_id = _parse_game_id(d.pop("game_id"))

        def _parse_result(data: object) -> None | RaceResultEnum:
            if data is None:
                return data
            try:
                if not isinstance(data, str):
                    raise TypeError()
                result_type_0 = check_race_result_enum(data)

                return result_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(None | RaceResultEnum, data)

        result = _parse_result(d.pop("result"))

        def _parse_rank(data: object) -> int | None:
            if data is None:
                return data
            return cast(int | None, data)

        rank = _parse_rank(d.pop("rank"))

        score = d.pop("score")

        moves = d.pop("moves")

        def _parse_elapsed_ms(data: object) -> int | None:
            if data is None:
                return data
            return cast(int | None, data)

        elapsed_ms = _parse_elapsed_ms(d.pop("elapsed_ms"))

        rated = d.pop("rated")

        def _parse_mu_before(data: object) -> float | None:
            if data is None:
                return data
            return cast(float | None, data)

        mu_before = _parse_mu_before(d.pop("mu_before"))

        def _parse_sigma_before(data: object) -> float | None:
            if data is None:
                return data
            return cast(float | None, data)

        sigma_before = _parse_sigma_before(d.pop("sigma_before"))

        def _parse_mu_after(data: object) -> float | None:
            if data is None:
                return data
            return cast(float | None, data)

        mu_after = _parse_mu_after(d.pop("mu_after"))

        def _parse_sigma_after(data: object) -> float | None:
            if data is None:
                return data
            return cast(float | None, data)

        sigma_after = _parse_sigma_after(d.pop("sigma_after"))

        def _parse_rating_change(data: object) -> float | None:
            if data is None:
                return data
            return cast(float | None, data)

        rating_change = _parse_rating_change(d.pop("rating_change"))

        disqualified = d.pop("disqualified")

        archive_membership = cls(
            joined_at=joined_at,
            ready=ready,
            left_at=left_at,
            game_id=game_id,
            result=result,
            rank=rank,
            score=score,
            moves=moves,
            elapsed_ms=elapsed_ms,
            rated=rated,
            mu_before=mu_before,
            sigma_before=sigma_before,
            mu_after=mu_after,
            sigma_after=sigma_after,
            rating_change=rating_change,
            disqualified=disqualified,
        )

        archive_membership.additional_properties = d
        return archive_membership

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
