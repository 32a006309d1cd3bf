"""The address of the client behind the proxies this deployment trusts.

``X-Forwarded-For`` is written by whoever sent the request, so it is believed only as far as
the proxies named in ``HALFMOON_TRUSTED_PROXIES`` (addresses or networks, comma-separated; none
by default) wrote it: walking the chain from the nearest hop, the first address that is not a
trusted proxy is the client. A request that did not come from a trusted proxy is its own
``REMOTE_ADDR``, whatever it claims. Read by every transport: the API's throttles and origins
(``api.http.client_address``), the authorization server's pages (``web.oauth_views``).
"""

from __future__ import annotations

import ipaddress
from functools import lru_cache
from typing import Any

from django.conf import settings


@lru_cache(maxsize=8)
def _networks(spec: tuple[str, ...]) -> tuple[ipaddress.IPv4Network | ipaddress.IPv6Network, ...]:
    return tuple(ipaddress.ip_network(item, strict=False) for item in spec)


def _trusted(address: str) -> bool:
    try:
        ip = ipaddress.ip_address(address.strip().strip("[]"))
    except ValueError:
        return False
    return any(ip in network for network in _networks(tuple(settings.HALFMOON_TRUSTED_PROXIES)))


def client_address(remote_addr: str, forwarded_for: str = "") -> str:
    """The client's address given the peer (``REMOTE_ADDR``) and its ``X-Forwarded-For``."""
    if not _trusted(remote_addr):
        return remote_addr
    chain = [hop.strip() for hop in forwarded_for.split(",") if hop.strip()]
    for hop in reversed(chain):
        if not _trusted(hop):
            return hop
    return chain[0] if chain else remote_addr


def of_request(request: Any) -> str:
    """The client address of a Django or DRF request (anything with ``META``)."""
    meta = request.META
    return client_address(meta.get("REMOTE_ADDR", ""), meta.get("HTTP_X_FORWARDED_FOR", ""))
