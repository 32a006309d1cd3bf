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
    from ..models.app_registration_invalid_error_problem_fields import (
        AppRegistrationInvalidErrorProblemFields,
    )


T = TypeVar("T", bound="AppRegistrationInvalidErrorProblem")


@_attrs_define
class AppRegistrationInvalidErrorProblem:
    """Problem details (RFC 9457), sent instead of the plain error object when `Accept` prefers `application/problem+json`;
    the error's `code`, `message` and details are extension members.

    """

    type_: str
    """ `tag:halfmoon.game,2026:error:<code>` """
    title: str
    """ the code's default message """
    status: int
    detail: str
    """ this occurrence's message """
    instance: str
    """ the path """
    code: Literal["app_registration_invalid"]
    message: str
    """ What went wrong, in the caller's language. """
    fields: AppRegistrationInvalidErrorProblemFields | Unset = UNSET
    """ Per field of the request (`non_field_errors` for the whole), its problems: a list of messages, or for a
    nested object or a list, the same map per nested field or index. """
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        type_ = self.type_

        title = self.title

        status = self.status

        detail = self.detail

        instance = self.instance

        code = self.code

        message = self.message

        fields: dict[str, Any] | Unset = UNSET
        if not isinstance(self.fields, Unset):
            fields = self.fields.to_dict()

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "type": type_,
                "title": title,
                "status": status,
                "detail": detail,
                "instance": instance,
                "code": code,
                "message": message,
            }
        )
        if fields is not UNSET:
            field_dict["fields"] = fields

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.app_registration_invalid_error_problem_fields import (
            AppRegistrationInvalidErrorProblemFields,  # noqa: PLC0415
        )

        d = dict(src_dict)
        type_ = d.pop("type")

        title = d.pop("title")

        status = d.pop("status")

        detail = d.pop("detail")

        instance = d.pop("instance")

        code = cast(Literal["app_registration_invalid"], d.pop("code"))
        if code != "app_registration_invalid":
            raise ValueError(
                f"code must match const 'app_registration_invalid', got '{code}'"
            )

        message = d.pop("message")

        _fields = d.pop("fields", UNSET)
        fields: AppRegistrationInvalidErrorProblemFields | Unset
        if isinstance(_fields, Unset):
            fields = UNSET
        else:
            fields = AppRegistrationInvalidErrorProblemFields.from_dict(_fields)

        app_registration_invalid_error_problem = cls(
            type_=type_,
            title=title,
            status=status,
            detail=detail,
            instance=instance,
            code=code,
            message=message,
            fields=fields,
        )

        app_registration_invalid_error_problem.additional_properties = d
        return app_registration_invalid_error_problem

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
