"""The device a sign-in request brings: the name in its body and the network it came from."""

from __future__ import annotations

from api.http.client_address import of_request
from games.players.tokens import NewDevice, coarse_network


def new_device(request, data: dict) -> NewDevice:
    """The ``device`` name of a validated body and the coarse network of the request's client
    address (behind the trusted proxies), as the services store them on the new token."""
    return NewDevice(data.get("device"), coarse_network(of_request(request)))
