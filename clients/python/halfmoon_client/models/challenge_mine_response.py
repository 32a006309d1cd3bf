from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

if TYPE_CHECKING:
    from ..models.challenge_entry_response import ChallengeEntryResponse


T = TypeVar("T", bound="ChallengeMineResponse")


@_attrs_define
class ChallengeMineResponse:
    attempt: ChallengeEntryResponse
    playing_game_id: int | None
    """ The caller's game at it still being played. """
    line_open: bool
    """ The caller's own game at it has ended: the creator's line is theirs to see. """
    creator_game_id: int | None
    """ The creator's game (its log is the line), once line_open. """
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        attempt = self.attempt.to_dict()

        playing_game_id: int | None
        playing_game_id = self.playing_game_id

        line_open = self.line_open

        creator_game_id: int | None
        creator_game_id = self.creator_game_id

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "attempt": attempt,
                "playing_game_id": playing_game_id,
                "line_open": line_open,
                "creator_game_id": creator_game_id,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.challenge_entry_response import ChallengeEntryResponse  # noqa: PLC0415

        d = dict(src_dict)
        attempt = ChallengeEntryResponse.from_dict(d.pop("attempt"))

        def _parse_playing_game_id(data: object) -> int | None:
            if data is None:
                return data
            return cast(int | None, data)

        playing_game_id = _parse_playing_game_id(d.pop("playing_game_id"))

        line_open = d.pop("line_open")

        def _parse_creator_game_id(data: object) -> int | None:
            if data is None:
                return data
            return cast(int | None, data)

        creator_game_id = _parse_creator_game_id(d.pop("creator_game_id"))

        challenge_mine_response = cls(
            attempt=attempt,
            playing_game_id=playing_game_id,
            line_open=line_open,
            creator_game_id=creator_game_id,
        )

        challenge_mine_response.additional_properties = d
        return challenge_mine_response

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
