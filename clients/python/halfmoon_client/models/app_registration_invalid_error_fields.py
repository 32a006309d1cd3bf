from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

if TYPE_CHECKING:
    from ..models.app_registration_invalid_error_fields_additional_property_type_1 import (
        AppRegistrationInvalidErrorFieldsAdditionalPropertyType1,
    )


T = TypeVar("T", bound="AppRegistrationInvalidErrorFields")


@_attrs_define
class AppRegistrationInvalidErrorFields:
    """Per field of the request (`non_field_errors` for the whole), its problems: a list of messages, or for a nested
    object or a list, the same map per nested field or index.

    """

    additional_properties: dict[
        str, AppRegistrationInvalidErrorFieldsAdditionalPropertyType1 | list[str]
    ] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:

        field_dict: dict[str, Any] = {}
        for prop_name, prop in self.additional_properties.items():
            if isinstance(prop, list):
                field_dict[prop_name] = prop

            else:
                field_dict[prop_name] = prop.to_dict()

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.app_registration_invalid_error_fields_additional_property_type_1 import (
            AppRegistrationInvalidErrorFieldsAdditionalPropertyType1,  # noqa: PLC0415
        )

        d = dict(src_dict)
        app_registration_invalid_error_fields = cls()

        additional_properties = {}
        for prop_name, prop_dict in d.items():

            def _parse_additional_property(
                data: object,
            ) -> AppRegistrationInvalidErrorFieldsAdditionalPropertyType1 | list[str]:
                try:
                    if not isinstance(data, list):
                        raise TypeError()
                    additional_property_type_0 = cast(list[str], data)

                    return additional_property_type_0
                except (TypeError, ValueError, AttributeError, KeyError):
                    pass
                if not isinstance(data, dict):
                    raise TypeError()
                additional_property_type_1 = (
                    AppRegistrationInvalidErrorFieldsAdditionalPropertyType1.from_dict(
                        data
                    )
                )

                return additional_property_type_1

            additional_property = _parse_additional_property(prop_dict)

            additional_properties[prop_name] = additional_property

        app_registration_invalid_error_fields.additional_properties = (
            additional_properties
        )
        return app_registration_invalid_error_fields

    @property
    def additional_keys(self) -> list[str]:
        return list(self.additional_properties.keys())

    def __getitem__(
        self, key: str
    ) -> AppRegistrationInvalidErrorFieldsAdditionalPropertyType1 | list[str]:
        return self.additional_properties[key]

    def __setitem__(
        self,
        key: str,
        value: AppRegistrationInvalidErrorFieldsAdditionalPropertyType1 | list[str],
    ) -> None:
        self.additional_properties[key] = value

    def __delitem__(self, key: str) -> None:
        del self.additional_properties[key]

    def __contains__(self, key: str) -> bool:
        return key in self.additional_properties
