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
    from ..models.unknown_query_parameter_error_fields import (
        UnknownQueryParameterErrorFields,
    )


T = TypeVar("T", bound="UnknownQueryParameterError")


@_attrs_define
class UnknownQueryParameterError:
    """`unknown_query_parameter` (HTTP 400): a query parameter the endpoint does not declare (refused like an unknown body
    field)

    """

    code: Literal["unknown_query_parameter"]
    message: str
    """ What went wrong, in the caller's language. """
    parameters: list[str] | Unset = UNSET
    """ The query parameters the endpoint does not declare, sorted. """
    fields: UnknownQueryParameterErrorFields | Unset = UNSET
    """ Per field of the request (`non_field_errors` for the whole), its problems: a list of messages, or for a
    nested object or a list, the same map per nested field or index. """
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        code = self.code

        message = self.message

        parameters: list[str] | Unset = UNSET
        if not isinstance(self.parameters, Unset):
            parameters = self.parameters

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
        if parameters is not UNSET:
            field_dict["parameters"] = parameters
        if fields is not UNSET:
            field_dict["fields"] = fields

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.unknown_query_parameter_error_fields import (
            UnknownQueryParameterErrorFields,  # noqa: PLC0415
        )

        d = dict(src_dict)
        code = cast(Literal["unknown_query_parameter"], d.pop("code"))
        if code != "unknown_query_parameter":
            raise ValueError(
                f"code must match const 'unknown_query_parameter', got '{code}'"
            )

        message = d.pop("message")

        parameters = cast(list[str], d.pop("parameters", UNSET))

        _fields = d.pop("fields", UNSET)
        fields: UnknownQueryParameterErrorFields | Unset
        if isinstance(_fields, Unset):
            fields = UNSET
        else:
            fields = UnknownQueryParameterErrorFields.from_dict(_fields)

        unknown_query_parameter_error = cls(
            code=code,
            message=message,
            parameters=parameters,
            fields=fields,
        )

        unknown_query_parameter_error.additional_properties = d
        return unknown_query_parameter_error

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
