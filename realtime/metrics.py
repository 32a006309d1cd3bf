"""The sockets' Prometheus metrics: open sockets by kind, frames in and out.

Counted by the base of every socket (:class:`realtime.sockets.Socket`): open from the accepted
handshake until the consumer ends (however it ends), a frame in for every text or binary frame
the client sent, a frame out for every frame written to the client (relayed changes, framed
once for all watchers by :mod:`realtime.shared_frames`, count once per socket they reach).
Exposed by ``GET /metrics`` (:mod:`halfmoon_service.metrics`); in multiprocess mode the open
sockets of the live processes are summed.
"""

from __future__ import annotations

from dataclasses import dataclass

from prometheus_client import Counter, Gauge

#: The sockets (``realtime.routing``), and ``unknown``: a path no route takes (refused, 4404).
KINDS = ("game", "daily", "season", "challenge", "lobby", "race", "me", "unknown")

OPEN = Gauge(
    "halfmoon_sockets_open",
    "WebSockets open now, by kind.",
    ["kind"],
    multiprocess_mode="livesum",
)
RECEIVED = Counter(
    "halfmoon_socket_frames_received", "Frames received from clients, by socket kind.", ["kind"]
)
SENT = Counter("halfmoon_socket_frames_sent", "Frames sent to clients, by socket kind.", ["kind"])


@dataclass(frozen=True)
class Meters:
    """One kind's series, looked up once (a socket's counting is then one increment)."""

    open: Gauge
    received: Counter
    sent: Counter


METERS = {
    kind: Meters(OPEN.labels(kind), RECEIVED.labels(kind), SENT.labels(kind)) for kind in KINDS
}
