from __future__ import annotations

import datetime
from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..models.delivery_response_status_enum import (
    DeliveryResponseStatusEnum,
    check_delivery_response_status_enum,
)
from ..models.webhook_event_enum import WebhookEventEnum, check_webhook_event_enum

if TYPE_CHECKING:
    from ..models.delivery_attempt_response import DeliveryAttemptResponse


T = TypeVar("T", bound="DeliveryResponse")


@_attrs_define
class DeliveryResponse:
    id: int
    message_id: str
    """ The `webhook-id` header, on every attempt. """
    event: WebhookEventEnum
    """ * `game.ended` - game.ended
    * `daily.closed` - daily.closed
    * `race.finished` - race.finished
    * `challenge.result` - challenge.result
    * `season.closed` - season.closed """
    status: DeliveryResponseStatusEnum
    """ * `pending` - pending
    * `delivered` - delivered
    * `failed` - failed """
    attempts: int
    created_at: datetime.datetime
    next_attempt_at: datetime.datetime | None
    delivered_at: datetime.datetime | None
    log: list[DeliveryAttemptResponse]
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        id = self.id

        message_id = self.message_id

        event: str = self.event

        status: str = self.status

        attempts = self.attempts

        created_at = self.created_at.isoformat()

        next_attempt_at: None | str
        if isinstance(self.next_attempt_at, datetime.datetime):
            next_attempt_at = self.next_attempt_at.isoformat()
        else:
            next_attempt_at = self.next_attempt_at

        delivered_at: None | str
        if isinstance(self.delivered_at, datetime.datetime):
            delivered_at = self.delivered_at.isoformat()
        else:
            delivered_at = self.delivered_at

        log = []
        for log_item_data in self.log:
            log_item = log_item_data.to_dict()
            log.append(log_item)

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "id": id,
                "message_id": message_id,
                "event": event,
                "status": status,
                "attempts": attempts,
                "created_at": created_at,
                "next_attempt_at": next_attempt_at,
                "delivered_at": delivered_at,
                "log": log,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.delivery_attempt_response import DeliveryAttemptResponse  # noqa: PLC0415

        d = dict(src_dict)
        id = d.pop("id")

        message_id = d.pop("message_id")

        event = check_webhook_event_enum(d.pop("event"))

        status = check_delivery_response_status_enum(d.pop("status"))

        attempts = d.pop("attempts")

        created_at = datetime.datetime.fromisoformat(d.pop("created_at"))

        def _parse_next_attempt_at(data: object) -> datetime.datetime | None:
            if data is None:
                return data
            try:
                if not isinstance(data, str):
                    raise TypeError()
                next_attempt_at_type_0 = datetime.datetime.fromisoformat(data)

                return next_attempt_at_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(datetime.datetime | None, data)

        next_attempt_at = _parse_next_attempt_at(d.pop("next_attempt_at"))

        def _parse_delivered_at(data: object) -> datetime.datetime | None:
            if data is None:
                return data
            try:
                if not isinstance(data, str):
                    raise TypeError()
                delivered_at_type_0 = datetime.datetime.fromisoformat(data)

                return delivered_at_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(datetime.datetime | None, data)

        delivered_at = _parse_delivered_at(d.pop("delivered_at"))

        log = []
        _log = d.pop("log")
        for log_item_data in _log:
            log_item = DeliveryAttemptResponse.from_dict(log_item_data)

            log.append(log_item)

        delivery_response = cls(
            id=id,
            message_id=message_id,
            event=event,
            status=status,
            attempts=attempts,
            created_at=created_at,
            next_attempt_at=next_attempt_at,
            delivered_at=delivered_at,
            log=log,
        )

        delivery_response.additional_properties = d
        return delivery_response

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
