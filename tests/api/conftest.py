"""Fixtures of the REST API tests.

``table`` starts a game on a hand-built layout through the real endpoint: it stores a Deal row
holding that layout under an unused code first (test-only; app code never does this), so that
``POST /games {"deal_code": ...}`` picks it up like any stored deal.
"""

from itertools import count

import pytest

from games.engine import DealCode, Layout
from games.models import Deal
from tests.support.api import post, url

from .helpers import RICH_PILES, RICH_RESERVE

_codes = count(20_000_000)


@pytest.fixture(autouse=True)
def _no_throttling(settings):
    """These tests send many requests per second: lift the abuse limits (tested elsewhere)."""
    rates = getattr(settings, "HALFMOON_THROTTLE_RATES", None)
    if rates is not None:
        settings.HALFMOON_THROTTLE_RATES = {scope: "1000000/s" for scope in rates}


def store_deal(layout: Layout) -> str:
    """Store a hand-built layout as a deal (test-only) and return its code."""
    code = DealCode(next(_codes)).text
    Deal.objects.create(code=code, layout=layout.to_text())
    return code


@pytest.fixture
def table(player_client):
    """Start a game on a hand-built layout: returns (client, game payload).

    ``table()`` uses the rich layout of ``helpers``; ``table(layout=...)`` any Layout;
    ``table(client=...)`` plays as an existing client; keyword settings go to a new player.
    """

    def make(piles=RICH_PILES, reserve=RICH_RESERVE, layout=None, client=None, **settings):
        if client is None:
            client, _ = player_client("tabler", **settings)
        code = store_deal(layout or Layout.build(piles, reserve))
        response = post(client, url("games"), {"deal_code": code})
        assert response.status_code == 201, response.content
        return client, response.json()

    return make


@pytest.fixture
def game_of(player_client):
    """A new player's client and a game of a real HM1 deal: returns (client, game payload)."""

    def make(deal_code="HM1-N-HALFMON", name="owner", **settings):
        client, _ = player_client(name, **settings)
        response = post(client, url("games"), {"deal_code": deal_code})
        assert response.status_code == 201, response.content
        return client, response.json()

    return make
