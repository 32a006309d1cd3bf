"""Every log line is one JSON object; a line logged while serving a request names that request.

:class:`~halfmoon_service.request_log.RequestLogMiddleware` puts the request's id in
:data:`current_request_id` for as long as the request runs, and :class:`RequestIdFilter`, set
on the handler, copies it onto every record that reaches the handler: a view, a service or a
failed publish deep below it all log ``"request_id"`` without passing it along. A context
variable (not a thread-local) follows the request into ``sync_to_async`` threads and across
``await``, as asgiref carries the context both ways.

The JSON itself is python-json-logger's formatter: time, level, logger and message, then any
``extra={...}`` fields of the call.
"""

from __future__ import annotations

import logging
from contextvars import ContextVar
from typing import Any

#: The id of the HTTP request being served in this context, or None outside a request.
current_request_id: ContextVar[str | None] = ContextVar("current_request_id", default=None)


class RequestIdFilter(logging.Filter):
    """Adds ``request_id`` to a record logged while a request is served (never overwrites one
    the call passed itself); records logged outside a request are left without it.

    Django logs a 4xx/5xx response that no exception produced ("Not Found: /x") after the
    middleware has returned, with the request as ``extra``: that record takes the id from it.
    """

    def filter(self, record: logging.LogRecord) -> bool:
        if getattr(record, "request_id", None) is None:
            request_id = current_request_id.get()
            if request_id is None:
                request_id = getattr(getattr(record, "request", None), "request_id", None)
            if request_id is not None:
                record.request_id = request_id
        return True


#: A ``logging.config.dictConfig`` formatter: ``{"time": ISO 8601 UTC, "level", "logger",
#: "message", ...extra fields, "exc_info" for a traceback}``.
JSON_FORMATTER: dict[str, Any] = {
    "()": "pythonjsonlogger.json.JsonFormatter",
    "fmt": "%(levelname)s %(name)s %(message)s",
    "rename_fields": {"levelname": "level", "name": "logger"},
    "timestamp": "time",
    "json_ensure_ascii": False,
}


def logging_config(level: str, loggers: dict[str, dict[str, Any]]) -> dict[str, Any]:
    """A ``dictConfig`` that writes every record as a JSON line on stderr.

    Django's own ``django`` and ``django.server`` loggers are pointed at the root handler too
    (their default handlers write plain text).
    """
    return {
        "version": 1,
        "disable_existing_loggers": False,
        "formatters": {"json": JSON_FORMATTER},
        "filters": {"request_id": {"()": RequestIdFilter}},
        "handlers": {
            "console": {
                "class": "logging.StreamHandler",
                "formatter": "json",
                "filters": ["request_id"],
            }
        },
        "root": {"handlers": ["console"], "level": level},
        "loggers": {
            "django": {"handlers": [], "propagate": True},
            "django.server": {"handlers": [], "propagate": True},
            **loggers,
        },
    }
