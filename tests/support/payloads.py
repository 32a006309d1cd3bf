"""Reading public game payloads in tests: the visible tops, card codes anywhere in JSON.

Moves among the visible cards are found by :mod:`tests.support.moves`."""

from __future__ import annotations

import re

#: A card code standing on its own (not part of a longer word or number).
CARD_RE = re.compile(r"(?<![A-Za-z0-9])(?:10|[2-9AJQK])[CDHS](?![A-Za-z0-9])")


def tops(game: dict) -> dict:
    """``{"P1": "5S", ..., "R8": None}`` from a game payload."""
    out = {p["position"]: p["top"] for p in game["piles"]}
    out.update({r["position"]: r["card"] for r in game["reserve"]})
    return out


def card_codes(payload) -> list[str]:
    """Every card code written anywhere in a JSON payload (values and keys, also inside text)."""
    found = []
    if isinstance(payload, dict):
        for key, value in payload.items():
            found += card_codes(key) + card_codes(value)
    elif isinstance(payload, list):
        for item in payload:
            found += card_codes(item)
    elif isinstance(payload, str):
        found += CARD_RE.findall(payload)
    return found
