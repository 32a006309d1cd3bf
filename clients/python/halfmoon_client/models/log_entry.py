from __future__ import annotations

import datetime
from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..models.log_entry_kind_enum import LogEntryKindEnum, check_log_entry_kind_enum

if TYPE_CHECKING:
    from ..models.placed_card import PlacedCard


T = TypeVar("T", bound="LogEntry")


@_attrs_define
class LogEntry:
    seq: int
    kind: LogEntryKindEnum
    """ * `move` - move
    * `tap` - tap
    * `undo` - undo
    * `resign` - resign """
    positions: list[str]
    removed: list[PlacedCard] | None
    restored: list[PlacedCard] | None
    at: datetime.datetime
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        seq = self.seq

        kind: str = self.kind

        positions = self.positions

        removed: list[dict[str, Any]] | None
        if isinstance(self.removed, list):
            removed = []
            for removed_type_0_item_data in self.removed:
                removed_type_0_item = removed_type_0_item_data.to_dict()
                removed.append(removed_type_0_item)

        else:
            removed = self.removed

        restored: list[dict[str, Any]] | None
        if isinstance(self.restored, list):
            restored = []
            for restored_type_0_item_data in self.restored:
                restored_type_0_item = restored_type_0_item_data.to_dict()
                restored.append(restored_type_0_item)

        else:
            restored = self.restored

        at = self.at.isoformat()

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "seq": seq,
                "kind": kind,
                "positions": positions,
                "removed": removed,
                "restored": restored,
                "at": at,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.placed_card import PlacedCard  # noqa: PLC0415

        d = dict(src_dict)
        seq = d.pop("seq")

        kind = check_log_entry_kind_enum(d.pop("kind"))

        positions = cast(list[str], d.pop("positions"))

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

        def _parse_restored(data: object) -> list[PlacedCard] | None:
            if data is None:
                return data
            try:
                if not isinstance(data, list):
                    raise TypeError()
                restored_type_0 = []
                _restored_type_0 = data
                for restored_type_0_item_data in _restored_type_0:
                    restored_type_0_item = PlacedCard.from_dict(
                        restored_type_0_item_data
                    )

                    restored_type_0.append(restored_type_0_item)

                return restored_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(list[PlacedCard] | None, data)

        restored = _parse_restored(d.pop("restored"))

        at = datetime.datetime.fromisoformat(d.pop("at"))

        log_entry = cls(
            seq=seq,
            kind=kind,
            positions=positions,
            removed=removed,
            restored=restored,
            at=at,
        )

        log_entry.additional_properties = d
        return log_entry

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
