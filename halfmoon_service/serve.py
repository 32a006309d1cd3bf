"""Serve the service with daphne, draining on SIGTERM (graceful shutdown) and refusing an
oversized request body at once (:mod:`halfmoon_service.bounded`).

Plain ``daphne`` cancels every request in flight the moment it gets SIGTERM: a move being
applied may still commit, but its response never reaches the client. This entry point drains
instead: on SIGTERM (or SIGINT) it stops accepting connections, lets every HTTP request already
received finish and answer (closing its connection after the response), closes idle keep-alive
connections, then closes WebSockets with 1001 "going away" (clients reconnect, to another
replica, and resynchronise from the game's version) and exits with status 0. After
``--drain-seconds`` it stops anyway, as plain daphne would.

    python -m halfmoon_service.serve -b 0.0.0.0 -p 8000 [--drain-seconds 25]
"""

from __future__ import annotations

import argparse
import importlib
import logging
import os
import signal
import time
import weakref
from typing import Any

import daphne.server  # noqa: F401  (installs the asyncio reactor before anything imports one)
from daphne.http_protocol import WebRequest
from daphne.server import Server
from twisted.internet import reactor

from . import background, multiprocess
from .immediate_writes import send_immediately

logger = logging.getLogger("halfmoon.serve")


class DrainingServer(Server):
    """A daphne server whose SIGTERM waits for the HTTP requests in flight."""

    def __init__(self, application, drain_seconds: float = 25, **kwargs):
        super().__init__(application, signal_handlers=False, **kwargs)
        self.drain_seconds = drain_seconds
        self.drain_deadline: float | None = None
        self.ports: list[Any] = []  # twisted's listening ports
        self.channels: weakref.WeakSet[Any] = (
            weakref.WeakSet()
        )  # every HTTP connection, to close the idle ones
        # The scheduled jobs, when this server runs them (halfmoon_service.background).
        self.jobs: background.BackgroundJobs | None = None

    def run(self):
        for number in (signal.SIGTERM, signal.SIGINT):
            signal.signal(number, lambda *_: reactor.callFromThread(self.drain))
        if background.wanted():
            self.jobs = background.BackgroundJobs()
            self.jobs.start_child()
            reactor.callLater(0, self.jobs.start_loop)
        else:
            logger.info("Background jobs: off (HALFMOON_BACKGROUND_JOBS: %s)", background.mode())
        try:
            super().run()
        finally:
            if self.jobs is not None:
                self.jobs.stop()
                self.jobs.wait()

    def listen_success(self, port):
        if not self.ports:
            build = self.http_factory.buildProtocol

            from django.conf import settings

            from .bounded import bounded

            request_class = bounded(settings.HALFMOON_MAX_BODY_BYTES)

            def tracked(addr):
                channel = build(addr)
                inner = getattr(channel, "_channel", channel)  # twisted's HTTPChannel
                inner.requestFactory = request_class  # bodies over the limit refused at once
                self.channels.add(channel)
                return channel

            self.http_factory.buildProtocol = tracked
        send_immediately(port)
        self.ports.append(port)
        super().listen_success(port)

    def drain(self) -> None:
        if self.drain_deadline is not None:
            return
        self.drain_deadline = time.monotonic() + self.drain_seconds
        if self.jobs is not None:
            self.jobs.stop()  # the child exits on its SIGTERM; waited for once the server stops
        logger.warning("Draining: %d HTTP requests in flight", len(self.requests_in_flight()))
        for port in self.ports:
            port.stopListening()
        self.check_drained()

    def requests_in_flight(self) -> list[WebRequest]:
        return [
            protocol
            for protocol, details in self.connections.items()
            if isinstance(protocol, WebRequest) and "disconnected" not in details
        ]

    def check_drained(self) -> None:
        try:
            self._drain_step()
        except Exception:  # Twisted would swallow it and the process would never exit
            logger.exception("Drain failed: stopping now")
            self.stop()

    def _drain_step(self) -> None:
        deadline = self.drain_deadline
        assert deadline is not None, "drain() sets the deadline before the first step"
        busy = self.requests_in_flight()
        for request in busy:
            if request.channel is not None:
                request.channel.persistent = False  # close the connection after this response
        for wrapper in list(self.channels):
            channel = getattr(wrapper, "_channel", wrapper)  # twisted's HTTPChannel
            transport = getattr(channel, "transport", None)
            if (
                transport is not None
                and getattr(transport, "protocol", None) is wrapper
                and not getattr(channel, "requests", None)
            ):
                transport.loseConnection()  # idle keep-alive connection (not a WebSocket)
        if busy and time.monotonic() < deadline:
            reactor.callLater(0.02, self.check_drained)
            return
        if busy:
            logger.error("Drain timed out with %d HTTP requests in flight", len(busy))
        for protocol in list(self.connections):
            if not isinstance(protocol, WebRequest) and hasattr(protocol, "sendCloseFrame"):
                # 1001 "going away" (autobahn's sendClose only allows 1000 and 3000-4999).
                protocol.sendCloseFrame(code=1001, reasonUtf8=b"server restarting")
        reactor.callLater(0.2, self.stop)


def main(argv=None) -> None:
    parser = argparse.ArgumentParser(description="Half Moon over daphne, with a graceful drain.")
    parser.add_argument("-b", "--bind", default="127.0.0.1")
    parser.add_argument("-p", "--port", type=int, default=8000)
    parser.add_argument("--drain-seconds", type=float, default=25.0)
    parser.add_argument(
        "--application",
        default="halfmoon_service.asgi:application",
        help="module:attribute of the ASGI application (the bench's floor serves its own)",
    )
    args = parser.parse_args(argv)
    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "halfmoon_service.settings")
    # A session this process leaves inside a transaction when its host is cut off from
    # PostgreSQL is ended after 5 s, releasing its locks (halfmoon_service/env.py), so that
    # a request waiting behind them on another host answers within nginx's 10 s.
    os.environ.setdefault("DATABASE_IDLE_TRANSACTION_TIMEOUT", "5")
    # An action waiting on a row lock longer than 8 s is refused (service_unavailable) and its
    # pool thread serves again, instead of waiting on a session that never lets go.
    os.environ.setdefault("DATABASE_LOCK_TIMEOUT", "8")
    # While no database server takes writes (a failover or switchover), connecting is tried
    # again for up to 6 s before the action is refused (halfmoon_service.postgresql).
    os.environ.setdefault("DATABASE_CONNECT_WAIT", "6")
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(levelname)s %(name)s %(message)s")
    # This process alone writes the metrics directory (PROMETHEUS_MULTIPROC_DIR), if set:
    # emptied of a previous run's values before the application creates its own.
    multiprocess.prepare()
    module, _, attribute = args.application.partition(":")
    application = getattr(importlib.import_module(module), attribute)

    DrainingServer(
        application,
        drain_seconds=args.drain_seconds,
        endpoints=[f"tcp:port={args.port}:interface={args.bind}"],
    ).run()


if __name__ == "__main__":
    main()
