from __future__ import annotations

from collections.abc import Mapping
from typing import (
    TYPE_CHECKING,
    Any,
    Literal,
    TypeVar,
    cast,
)

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

if TYPE_CHECKING:
    from ..models.app_registration_invalid_error_fields import (
        AppRegistrationInvalidErrorFields,
    )


T = TypeVar("T", bound="AppRegistrationInvalidError")


@_attrs_define
class AppRegistrationInvalidError:
    """`app_registration_invalid` (HTTP 400): registering an app (or making a personal token) with a redirect URI or origin
    that is neither https nor loopback http, an unknown scope, or a bad name or expiry

    """

    code: Literal["app_registration_invalid"]
    message: str
    """ What went wrong, in the caller's language. """
    fields: AppRegistrationInvalidErrorFields | Unset = UNSET
    """ Per field of the request (`non_field_errors` for the whole), its problems: a list of messages, or for a
    nested object or a list, the same map per nested field or index. """
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        code = self.code

        message = self.message

        fields: dict[str, Any] | Unset = UNSET
        if not isinstance(self.fields, Unset):
            fields = self.fields.to_dict()

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "code": code,
                "message": message,
            }
        )
        if fields is not UNSET:
            field_dict["fields"] = fields

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.app_registration_invalid_error_fields import (
            AppRegistrationInvalidErrorFields,  # noqa: PLC0415
        )

        d = dict(src_dict)
        code = cast(Literal["app_registration_invalid"], d.pop("code"))
        if code != "app_registration_invalid":
            raise ValueError(
                f"code must match const 'app_registration_invalid', got '{code}'"
            )

        message = d.pop("message")

        _fields = d.pop("fields", UNSET)
        fields: AppRegistrationInvalidErrorFields | Unset
        if isinstance(_fields, Unset):
            fields = UNSET
        else:
            fields = AppRegistrationInvalidErrorFields.from_dict(_fields)

        app_registration_invalid_error = cls(
            code=code,
            message=message,
            fields=fields,
        )

        app_registration_invalid_error.additional_properties = d
        return app_registration_invalid_error

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
