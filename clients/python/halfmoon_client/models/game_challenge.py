from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar

from attrs import define as _attrs_define
from attrs import field as _attrs_field

if TYPE_CHECKING:
    from ..models.game_challenge_result import GameChallengeResult
    from ..models.owner import Owner


T = TypeVar("T", bound="GameChallenge")


@_attrs_define
class GameChallenge:
    code: str
    """ The challenge's code (GET /challenges/{code}). """
    link: str
    """ The web client's route: /#/challenge/<code>. """
    creator: Owner
    result: GameChallengeResult
    counted: bool
    """ This game is on the challenge's board (a first game met blind); else practice. """
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        code = self.code

        link = self.link

        creator = self.creator.to_dict()

        result = self.result.to_dict()

        counted = self.counted

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "code": code,
                "link": link,
                "creator": creator,
                "result": result,
                "counted": counted,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.game_challenge_result import GameChallengeResult  # noqa: PLC0415
        from ..models.owner import Owner  # noqa: PLC0415

        d = dict(src_dict)
        code = d.pop("code")

        link = d.pop("link")

        creator = Owner.from_dict(d.pop("creator"))

        result = GameChallengeResult.from_dict(d.pop("result"))

        counted = d.pop("counted")

        game_challenge = cls(
            code=code,
            link=link,
            creator=creator,
            result=result,
            counted=counted,
        )

        game_challenge.additional_properties = d
        return game_challenge

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
