from __future__ import annotations

from collections.abc import Mapping
from typing import (
    Any,
    Literal,
    TypeVar,
    cast,
)

from attrs import define as _attrs_define
from attrs import field as _attrs_field

T = TypeVar("T", bound="PersonalTokenNotFoundErrorProblem")


@_attrs_define
class PersonalTokenNotFoundErrorProblem:
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
    code: Literal["personal_token_not_found"]
    message: str
    """ What went wrong, in the caller's language. """
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        type_ = self.type_

        title = self.title

        status = self.status

        detail = self.detail

        instance = self.instance

        code = self.code

        message = self.message

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

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        type_ = d.pop("type")

        title = d.pop("title")

        status = d.pop("status")

        detail = d.pop("detail")

        instance = d.pop("instance")

        code = cast(Literal["personal_token_not_found"], d.pop("code"))
        if code != "personal_token_not_found":
            raise ValueError(
                f"code must match const 'personal_token_not_found', got '{code}'"
            )

        message = d.pop("message")

        personal_token_not_found_error_problem = cls(
            type_=type_,
            title=title,
            status=status,
            detail=detail,
            instance=instance,
            code=code,
            message=message,
        )

        personal_token_not_found_error_problem.additional_properties = d
        return personal_token_not_found_error_problem

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
