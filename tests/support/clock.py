"""A clock the test moves: ``games.core.clock.now`` replaced, never a sleep."""

from __future__ import annotations

import datetime as dt


class FakeClock:
    """``games.core.clock.now`` under the test's control."""

    def __init__(self, moment: dt.datetime):
        self.moment = moment

    def __call__(self) -> dt.datetime:
        return self.moment

    def set(self, moment: dt.datetime) -> None:
        self.moment = moment

    def advance(self, **delta) -> dt.datetime:
        self.moment += dt.timedelta(**delta)
        return self.moment


class ThreadClocks:
    """``games.core.clock.now`` as each thread sees it: a default moment, and another for the
    threads named in ``moments``. Two requests arriving at the same instant on either side
    of a deadline, without sleeping."""

    def __init__(self, default: dt.datetime, moments: dict[str, dt.datetime] | None = None):
        self.default, self.moments = default, dict(moments or {})

    def __call__(self) -> dt.datetime:
        import threading

        return self.moments.get(threading.current_thread().name, self.default)
