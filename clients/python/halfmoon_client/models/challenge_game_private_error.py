from __future__ import annotations

from collections.abc import Mapping
from typing import (
    Any,
    Literal,
    TypeVar,
    cast,
)

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

T = TypeVar("T", bound="ChallengeGamePrivateError")


@_attrs_define
class ChallengeGamePrivateError:
    """`challenge_game_private` (HTTP 409): `PATCH /games/{id}` `watchable` on a game played at a challenge (it would show
    the deal to challengers who have not started, and a line to those playing)

    """

    code: Literal["challenge_game_private"]
    message: str
    """ What went wrong, in the caller's language. """
    game_id: int | Unset = UNSET
    """ The game concerned. """
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        code = self.code

        message = self.message

        game_id = self.game_id

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "code": code,
                "message": message,
            }
        )
        if game_id is not UNSET:
            field_dict["game_id"] = game_id

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        code = cast(Literal["challenge_game_private"], d.pop("code"))
        if code != "challenge_game_private":
            raise ValueError(
                f"code must match const 'challenge_game_private', got '{code}'"
            )

        message = d.pop("message")

        game_id = d.pop("game_id", UNSET)

        challenge_game_private_error = cls(
            code=code,
            message=message,
            game_id=game_id,
        )

        challenge_game_private_error.additional_properties = d
        return challenge_game_private_error

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
