from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..models.language_enum import LanguageEnum, check_language_enum

T = TypeVar("T", bound="Settings")


@_attrs_define
class Settings:
    """Every setting of the player (an answer): each is always there, and a client must accept
    settings added later (``additionalProperties``).

    """

    move_errors: bool
    """ “Move errors” (hr „Pogreške pri potezima”, tr “Hamle hataları”): a refused tap's reply explains why, in the
    player's language. """
    placement_aid: bool
    """ “Placement aid” (hr „Pomoć pri postavljanju”, tr “Yerleştirme yardımı”): the owner's game lists the
    positions it dims (dimmed). """
    language: LanguageEnum | None
    """ en, hr or tr; null follows the Accept-Language header.

    * `en` - en
    * `hr` - hr
    * `tr` - tr """
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        move_errors = self.move_errors

        placement_aid = self.placement_aid

        language: None | str
        if isinstance(self.language, str):
            language = self.language
        else:
            language = self.language

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "move_errors": move_errors,
                "placement_aid": placement_aid,
                "language": language,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        move_errors = d.pop("move_errors")

        placement_aid = d.pop("placement_aid")

        def _parse_language(data: object) -> LanguageEnum | None:
            if data is None:
                return data
            try:
                if not isinstance(data, str):
                    raise TypeError()
                language_type_0 = check_language_enum(data)

                return language_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(LanguageEnum | None, data)

        language = _parse_language(d.pop("language"))

        settings = cls(
            move_errors=move_errors,
            placement_aid=placement_aid,
            language=language,
        )

        settings.additional_properties = d
        return settings

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
