from typing import Literal

WebhookEventEnum = Literal[
    "challenge.result", "daily.closed", "game.ended", "race.finished", "season.closed"
]

WEBHOOK_EVENT_ENUM_VALUES: set[WebhookEventEnum] = {
    "challenge.result",
    "daily.closed",
    "game.ended",
    "race.finished",
    "season.closed",
}


def check_webhook_event_enum(value: str) -> WebhookEventEnum:
    if value in WEBHOOK_EVENT_ENUM_VALUES:
        return value
    raise TypeError(
        f"Unexpected value {value!r}. Expected one of {WEBHOOK_EVENT_ENUM_VALUES!r}"
    )
