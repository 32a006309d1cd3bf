from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

if TYPE_CHECKING:
    from ..models.owner import Owner
    from ..models.progress import Progress


T = TypeVar("T", bound="RaceMember")


@_attrs_define
class RaceMember:
    player: Owner
    ready: bool
    left: bool
    """ Left the running race (resigned). """
    game_id: int | None
    """ Your own game only, until the race ends. """
    progress: None | Progress
    """ Null before the start. """
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        from ..models.progress import Progress  # noqa: PLC0415

        player = self.player.to_dict()

        ready = self.ready

        left = self.left

        game_id: int | None
        game_id = self.game_id

        progress: dict[str, Any] | None
        if isinstance(self.progress, Progress):
            progress = self.progress.to_dict()
        else:
            progress = self.progress

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "player": player,
                "ready": ready,
                "left": left,
                "game_id": game_id,
                "progress": progress,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.owner import Owner  # noqa: PLC0415
        from ..models.progress import Progress  # noqa: PLC0415

        d = dict(src_dict)
        player = Owner.from_dict(d.pop("player"))

        ready = d.pop("ready")

        left = d.pop("left")

        def _parse_game_id(data: object) -> int | None:
            if data is None:
                return data
            return cast(int | None, data)

        game_id = _parse_game_id(d.pop("game_id"))

        def _parse_progress(data: object) -> None | Progress:
            if data is None:
                return data
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                progress_type_0 = Progress.from_dict(data)

                return progress_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(None | Progress, data)

        progress = _parse_progress(d.pop("progress"))

        race_member = cls(
            player=player,
            ready=ready,
            left=left,
            game_id=game_id,
            progress=progress,
        )

        race_member.additional_properties = d
        return race_member

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
