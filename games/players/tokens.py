"""API tokens: random, shown once, stored only as their SHA-256; one per device."""

import datetime as dt
import hashlib
import ipaddress
import secrets
from dataclasses import dataclass

#: Longest token accepted for a lookup; anything longer is not one of ours.
MAX_TOKEN_LENGTH = 200
#: A token's ``last_used_at`` is written at most this often (it is coarse on purpose: a write
#: per request would double the cost of the hot path).
TOUCH_EVERY = dt.timedelta(minutes=1)
#: Longest device name; longer ones are cut.
DEVICE_NAME_LENGTH = 60
DEFAULT_DEVICE = "Unnamed device"
#: Bits kept of the address a device was signed in from: the network, never the host.
IPV4_PREFIX, IPV6_PREFIX = 24, 48


@dataclass(frozen=True)
class NewDevice:
    """A device being signed in: the name it asked for and the network it came from
    (:func:`coarse_network`), as the REST views give it to the services."""

    name: object
    network: str = ""


def coarse_network(address: str) -> str:
    """Where a device was signed in from, coarsely: the client address's network with the host
    part zeroed (IPv4 /24, IPv6 /48), e.g. ``203.0.113.0/24``; "" when it is no address.

    The person reads it to tell their devices apart; it names a network, not a place (no
    GeoIP database ships with the service) and never the full address."""
    try:
        ip = ipaddress.ip_address(address.strip().strip("[]"))
    except ValueError:
        return ""
    if isinstance(ip, ipaddress.IPv6Address) and ip.ipv4_mapped is not None:
        ip = ip.ipv4_mapped
    prefix = IPV4_PREFIX if ip.version == 4 else IPV6_PREFIX
    return str(ipaddress.ip_network(f"{ip}/{prefix}", strict=False))


def new_token() -> str:
    return secrets.token_urlsafe(32)


def hash_token(token: str) -> str:
    return hashlib.sha256(token.encode("utf-8")).hexdigest()


def clean_device(raw: object) -> str:
    """A device name as stored: printable, spaces collapsed, at most 60 characters."""
    text = "".join(ch for ch in str(raw or "") if ch.isprintable())
    return " ".join(text.split())[:DEVICE_NAME_LENGTH] or DEFAULT_DEVICE
