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
    from ..models.invalid_request_error_fields import InvalidRequestErrorFields


T = TypeVar("T", bound="InvalidRequestError")


@_attrs_define
class InvalidRequestError:
    """`invalid_request` (HTTP 400): a body, query or socket frame that fails validation (unknown field, wrong type,
    missing field, bad `status`/`limit`/`before`, `daily` with `deal_code`, `cursor` with `around`; on the socket a
    frame that is not an object, without `action`, with a key its action does not take, a bad `request_id`,
    `expected_version`, `positions` or `position`)

    """

    code: Literal["invalid_request"]
    message: str
    """ What went wrong, in the caller's language. """
    fields: InvalidRequestErrorFields | Unset = UNSET
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
        from ..models.invalid_request_error_fields import InvalidRequestErrorFields  # noqa: PLC0415

        d = dict(src_dict)
        code = cast(Literal["invalid_request"], d.pop("code"))
        if code != "invalid_request":
            raise ValueError(f"code must match const 'invalid_request', got '{code}'")

        message = d.pop("message")

        _fields = d.pop("fields", UNSET)
        fields: InvalidRequestErrorFields | Unset
        if isinstance(_fields, Unset):
            fields = UNSET
        else:
            fields = InvalidRequestErrorFields.from_dict(_fields)

        invalid_request_error = cls(
            code=code,
            message=message,
            fields=fields,
        )

        invalid_request_error.additional_properties = d
        return invalid_request_error

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
