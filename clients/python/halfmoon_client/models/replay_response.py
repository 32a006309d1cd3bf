from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

if TYPE_CHECKING:
    from ..models.game_response import GameResponse
    from ..models.log_entry import LogEntry


T = TypeVar("T", bound="ReplayResponse")


@_attrs_define
class ReplayResponse:
    game_id: int
    step: int
    """ The log entries applied: 0 is the deal. """
    steps: int
    """ The game's last step (its version). """
    game: GameResponse
    entry: LogEntry | None
    """ The entry of this step; null at 0. """
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        from ..models.log_entry import LogEntry  # noqa: PLC0415

        game_id = self.game_id

        step = self.step

        steps = self.steps

        game = self.game.to_dict()

        entry: dict[str, Any] | None
        if isinstance(self.entry, LogEntry):
            entry = self.entry.to_dict()
        else:
            entry = self.entry

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "game_id": game_id,
                "step": step,
                "steps": steps,
                "game": game,
                "entry": entry,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.game_response import GameResponse  # noqa: PLC0415
        from ..models.log_entry import LogEntry  # noqa: PLC0415

        d = dict(src_dict)
        game_id = d.pop("game_id")

        step = d.pop("step")

        steps = d.pop("steps")

        game = GameResponse.from_dict(d.pop("game"))

        def _parse_entry(data: object) -> LogEntry | None:
            if data is None:
                return data
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                entry_type_0 = LogEntry.from_dict(data)

                return entry_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(LogEntry | None, data)

        entry = _parse_entry(d.pop("entry"))

        replay_response = cls(
            game_id=game_id,
            step=step,
            steps=steps,
            game=game,
            entry=entry,
        )

        replay_response.additional_properties = d
        return replay_response

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
