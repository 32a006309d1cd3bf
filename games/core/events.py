"""Named in-transaction events: a change in a lower domain tells the domains above it, inside
its own transaction, so that their rules apply — or refuse it, rolling it back — in the same
commit.

A move is play's change, but the daily board, a race's progress and a challenge's board react
to it; play may not import them (they are above it in the layers). Instead of a callback
threaded through every call, play sends a named event and each domain registers its receiver
under a name the event declares. The event states the receivers' order once; every declared
receiver must be registered when Django is ready (:meth:`InTransactionEvent.check`), so a
reader finds the whole walk of a change in two places: the event's declaration and the
receivers' modules.

Hand-written rather than a ``django.dispatch.Signal``: a signal's receivers run in the order
they happened to connect, a missing one is silent, and ``send`` swallows nothing but also
says nothing of order; here the order is part of the declaration and a refusal raised by a
receiver propagates to the caller (and rolls the change back).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Generic, TypeVar

S = TypeVar("S")


class InTransactionEvent(Generic[S]):
    """An event sent inside a change's transaction with its subject (the changed row)."""

    def __init__(self, name: str, receivers: tuple[str, ...], doc: str = ""):
        self.name = name
        #: The receivers' names, in the order they run.
        self.order = receivers
        self.__doc__ = doc
        self._receivers: dict[str, Callable[[S], None]] = {}

    def connect(self, name: str, receiver: Callable[[S], None]) -> None:
        """Register ``receiver`` under one of the declared names (once)."""
        if name not in self.order:
            raise LookupError(f"{self.name} declares no receiver {name!r}: {self.order}")
        if name in self._receivers and self._receivers[name] is not receiver:
            raise LookupError(f"{self.name}: {name!r} is registered already")
        self._receivers[name] = receiver

    def check(self) -> None:
        """Raise unless every declared receiver is registered (run once Django is ready)."""
        missing = [name for name in self.order if name not in self._receivers]
        if missing:
            raise LookupError(f"{self.name}: no receiver registered for {missing}")

    def receivers(self) -> list[tuple[str, Callable[[S], None]]]:
        """The registered receivers, in the declared order."""
        return [(name, self._receivers[name]) for name in self.order if name in self._receivers]

    def send(self, subject: S) -> None:
        """Run every receiver with ``subject``, in order; a receiver's exception propagates."""
        for name in self.order:
            self._receivers[name](subject)
