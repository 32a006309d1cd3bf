from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar

from attrs import define as _attrs_define

from ..models.webhook_event_enum import WebhookEventEnum, check_webhook_event_enum
from ..types import UNSET, Unset

T = TypeVar("T", bound="WebhookRequest")


@_attrs_define
class WebhookRequest:
    """A request body: a JSON object whose unknown fields are refused, not ignored."""

    url: str
    """ Where to POST: https (plain http only to a loopback host, in development). """
    events: list[WebhookEventEnum]
    """ The events to receive (docs/WEBHOOKS.md). """
    description: str | Unset = ""

    def to_dict(self) -> dict[str, Any]:
        url = self.url

        events = []
        for events_item_data in self.events:
            events_item: str = events_item_data
            events.append(events_item)

        description = self.description

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "url": url,
                "events": events,
            }
        )
        if description is not UNSET:
            field_dict["description"] = description

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        url = d.pop("url")

        events = []
        _events = d.pop("events")
        for events_item_data in _events:
            events_item = check_webhook_event_enum(events_item_data)

            events.append(events_item)

        description = d.pop("description", UNSET)

        webhook_request = cls(
            url=url,
            events=events,
            description=description,
        )

        return webhook_request
