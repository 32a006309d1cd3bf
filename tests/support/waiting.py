"""Waiting on a condition with a deadline that raises: the suite's only way to wait.

A test never sleeps a fixed time and never gives up silently. It names the condition it waits
for; when the deadline passes first, :class:`DeadlinePassed` (an ``AssertionError``, so pytest
reports it as a failure) says what did not happen. Polling is the fallback for conditions
nothing signals (a server answering, a count reached by other threads); a condition something
does signal (an event, a queue, a future) is awaited on that directly, with a timeout.
"""

from __future__ import annotations

import asyncio
import inspect
import threading
import time
from collections.abc import Callable, Iterable
from typing import Any, TypeVar

T = TypeVar("T")

#: How often a condition is checked again while it is false.
POLL_INTERVAL = 0.02

Message = str | Callable[[], str]


class DeadlinePassed(AssertionError):
    """A condition was still false when its deadline passed."""


def _text(message: Message, timeout: float) -> str:
    return f"{message() if callable(message) else message} (waited {timeout:g} s)"


def wait_until(
    condition: Callable[[], T], timeout: float, message: Message, interval: float = POLL_INTERVAL
) -> T:
    """Call ``condition()`` until it returns something true, and return that value.

    Raises :class:`DeadlinePassed` with ``message`` (a string, or a function building one at
    that moment: a server's log, say) once ``timeout`` seconds pass. An exception raised by
    ``condition`` (a server that exited) propagates at once.
    """
    deadline = time.monotonic() + timeout
    while True:
        value = condition()
        if value:
            return value
        if time.monotonic() >= deadline:
            raise DeadlinePassed(_text(message, timeout))
        time.sleep(interval)


async def wait_until_async(
    condition: Callable[[], Any], timeout: float, message: Message, interval: float = POLL_INTERVAL
) -> Any:
    """:func:`wait_until` inside an event loop: the loop keeps running between checks.

    ``condition`` may be a plain function or a coroutine function.
    """
    deadline = time.monotonic() + timeout
    while True:
        value = condition()
        if inspect.isawaitable(value):
            value = await value
        if value:
            return value
        if time.monotonic() >= deadline:
            raise DeadlinePassed(_text(message, timeout))
        await asyncio.sleep(interval)


def join_all(threads: Iterable[threading.Thread], timeout: float, message: Message) -> None:
    """Join every thread within ``timeout`` seconds in all; raise if one is still running."""
    deadline = time.monotonic() + timeout
    for thread in threads:
        thread.join(max(0.0, deadline - time.monotonic()))
        if thread.is_alive():
            raise DeadlinePassed(_text(message, timeout))
