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

T = TypeVar("T", bound="ReplayStepOutOfRangeError")


@_attrs_define
class ReplayStepOutOfRangeError:
    """`replay_step_out_of_range` (HTTP 404): a replay step past the game's version"""

    code: Literal["replay_step_out_of_range"]
    message: str
    """ What went wrong, in the caller's language. """
    steps: int | Unset = UNSET
    """ The game's last replay step. """
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        code = self.code

        message = self.message

        steps = self.steps

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "code": code,
                "message": message,
            }
        )
        if steps is not UNSET:
            field_dict["steps"] = steps

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        code = cast(Literal["replay_step_out_of_range"], d.pop("code"))
        if code != "replay_step_out_of_range":
            raise ValueError(
                f"code must match const 'replay_step_out_of_range', got '{code}'"
            )

        message = d.pop("message")

        steps = d.pop("steps", UNSET)

        replay_step_out_of_range_error = cls(
            code=code,
            message=message,
            steps=steps,
        )

        replay_step_out_of_range_error.additional_properties = d
        return replay_step_out_of_range_error

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
