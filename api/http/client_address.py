"""The client's address behind the trusted proxies: declared once in
:mod:`games.core.addresses` (the authorization server's pages, in ``web``, need it too)."""

from games.core.addresses import client_address, of_request

__all__ = ["client_address", "of_request"]
