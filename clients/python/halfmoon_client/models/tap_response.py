from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

if TYPE_CHECKING:
    from ..models.game_response import GameResponse
    from ..models.placed_card import PlacedCard
    from ..models.tap_message import TapMessage


T = TypeVar("T", bound="TapResponse")


@_attrs_define
class TapResponse:
    game: GameResponse
    removed: list[PlacedCard] | None
    message: None | TapMessage
    """ Only with the move_errors setting on. """
    dimmed: list[str] | None
    """ Only with the placement_aid setting on (the same list as game.dimmed). """
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        from ..models.tap_message import TapMessage  # noqa: PLC0415

        game = self.game.to_dict()

        removed: list[dict[str, Any]] | None
        if isinstance(self.removed, list):
            removed = []
            for removed_type_0_item_data in self.removed:
                removed_type_0_item = removed_type_0_item_data.to_dict()
                removed.append(removed_type_0_item)

        else:
            removed = self.removed

        message: dict[str, Any] | None
        if isinstance(self.message, TapMessage):
            message = self.message.to_dict()
        else:
            message = self.message

        dimmed: list[str] | None
        if isinstance(self.dimmed, list):
            dimmed = self.dimmed

        else:
            dimmed = self.dimmed

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "game": game,
                "removed": removed,
                "message": message,
                "dimmed": dimmed,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.game_response import GameResponse  # noqa: PLC0415
        from ..models.placed_card import PlacedCard  # noqa: PLC0415
        from ..models.tap_message import TapMessage  # noqa: PLC0415

        d = dict(src_dict)
        game = GameResponse.from_dict(d.pop("game"))

        def _parse_removed(data: object) -> list[PlacedCard] | None:
            if data is None:
                return data
            try:
                if not isinstance(data, list):
                    raise TypeError()
                removed_type_0 = []
                _removed_type_0 = data
                for removed_type_0_item_data in _removed_type_0:
                    removed_type_0_item = PlacedCard.from_dict(removed_type_0_item_data)

                    removed_type_0.append(removed_type_0_item)

                return removed_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(list[PlacedCard] | None, data)

        removed = _parse_removed(d.pop("removed"))

        def _parse_message(data: object) -> None | TapMessage:
            if data is None:
                return data
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                message_type_0 = TapMessage.from_dict(data)

                return message_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(None | TapMessage, data)

        message = _parse_message(d.pop("message"))

        def _parse_dimmed(data: object) -> list[str] | None:
            if data is None:
                return data
            try:
                if not isinstance(data, list):
                    raise TypeError()
                dimmed_type_0 = cast(list[str], data)

                return dimmed_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(list[str] | None, data)

        dimmed = _parse_dimmed(d.pop("dimmed"))

        tap_response = cls(
            game=game,
            removed=removed,
            message=message,
            dimmed=dimmed,
        )

        tap_response.additional_properties = d
        return tap_response

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
