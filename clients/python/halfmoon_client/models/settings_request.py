from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, cast

from attrs import define as _attrs_define

from ..models.language_enum import LanguageEnum, check_language_enum
from ..types import UNSET, Unset

T = TypeVar("T", bound="SettingsRequest")


@_attrs_define
class SettingsRequest:
    """The settings to change: any of them (a request). `winnable_deals` is gone (SPEC §10):
    sent, it is refused with `winnable_not_offered`.

    """

    move_errors: bool | Unset = UNSET
    """ “Move errors” (hr „Pogreške pri potezima”, tr “Hamle hataları”): a refused tap's reply explains why, in the
    player's language. """
    placement_aid: bool | Unset = UNSET
    """ “Placement aid” (hr „Pomoć pri postavljanju”, tr “Yerleştirme yardımı”): the owner's game lists the
    positions it dims (dimmed). """
    language: LanguageEnum | None | Unset = UNSET
    """ en, hr or tr; null follows the Accept-Language header.

    * `en` - en
    * `hr` - hr
    * `tr` - tr """

    def to_dict(self) -> dict[str, Any]:
        move_errors = self.move_errors

        placement_aid = self.placement_aid

        language: None | str | Unset
        if isinstance(self.language, Unset):
            language = UNSET
        elif isinstance(self.language, str):
            language = self.language
        else:
            language = self.language

        field_dict: dict[str, Any] = {}

        field_dict.update({})
        if move_errors is not UNSET:
            field_dict["move_errors"] = move_errors
        if placement_aid is not UNSET:
            field_dict["placement_aid"] = placement_aid
        if language is not UNSET:
            field_dict["language"] = language

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        move_errors = d.pop("move_errors", UNSET)

        placement_aid = d.pop("placement_aid", UNSET)

        def _parse_language(data: object) -> LanguageEnum | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            try:
                if not isinstance(data, str):
                    raise TypeError()
                language_type_0 = check_language_enum(data)

                return language_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(LanguageEnum | None | Unset, data)

        language = _parse_language(d.pop("language", UNSET))

        settings_request = cls(
            move_errors=move_errors,
            placement_aid=placement_aid,
            language=language,
        )

        return settings_request
