"""The compact state string of a board, the only form in which a game is stored.

Format (version 1), fields separated by ``;``::

    1;<pile1>/…/<pile12>/<reserve>;<pairs>.<triples>;<flags>;<selection>;<history>

Piles list cards bottom to top, two characters a card (``TH`` = ``10H``); the reserve has
8 slots with ``--`` for an empty one. ``flags`` is ``R`` when resigned. ``selection`` is like
``P5+R3``. ``history`` is the undo stack, oldest first, removals separated by ``,``, each like
``P1=5S+P8=6D``.
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from dataclasses import dataclass
from functools import lru_cache
from typing import TypeAlias

from .cards import Card, Position
from .deals import Layout
from .errors import EngineError, InvalidState
from .moves import Removal

VERSION = "1"


@dataclass(frozen=True, slots=True)
class StateParts:
    layout: Layout
    pairs: int
    triples: int
    resigned: bool
    selection: tuple[Position, ...]
    history: tuple[Removal, ...]


def encode_state(
    piles: Iterable[Iterable[Card]],
    reserve: Iterable[Card | None],
    pairs: int,
    triples: int,
    resigned: bool,
    selection: Iterable[Position],
    history: Iterable[Removal],
) -> str:
    table = "/".join(
        ["".join([c.short for c in pile]) for pile in piles]
        + ["".join(["--" if c is None else c.short for c in reserve])]
    )
    return ";".join(
        (
            VERSION,
            table,
            f"{pairs}.{triples}",
            "R" if resigned else "",
            "+".join([p.name for p in selection]),
            ",".join([_removal_text(r) for r in history]),
        )
    )


@lru_cache(maxsize=1 << 16)
def _removal_text(removal: Removal) -> str:
    return removal.to_text()


def decode_state(text: str) -> StateParts:
    if not isinstance(text, str):
        raise InvalidState("A state string is text.")
    fields = text.split(";")
    if len(fields) != 6 or fields[0] != VERSION:
        raise InvalidState(f"Not a version-{VERSION} state string: expected 6 fields.")
    _, table, counts, flags, selection, history = fields
    try:
        layout = Layout.from_text(table)
        if not re.fullmatch(r"[0-9]+\.[0-9]+", counts):
            raise ValueError(f"bad removal counts {counts!r}")
        pairs, triples = (int(n) for n in counts.split("."))
        positions = tuple(Position.parse(p) for p in selection.split("+")) if selection else ()
        removals = tuple(Removal.from_text(r) for r in history.split(",")) if history else ()
    except (EngineError, ValueError) as error:
        raise InvalidState(f"Broken state string: {error}") from error
    if flags not in ("", "R") or pairs < 0 or triples < 0 or len(positions) > 2:
        raise InvalidState("Broken state string: bad flags, counts or selection.")
    return StateParts(layout, pairs, triples, flags == "R", positions, removals)


_CARDS: dict[str, Card | None] = {**Card._by_code, "--": None}  # short (and canonical) codes
#: What :func:`decode_trusted_state` returns: the fields of a :class:`Board`, as it keeps them.
TrustedState: TypeAlias = tuple[
    list[list[Card]], list[Card | None], int, int, bool, list[Position], list[Removal]
]
_POSITIONS = {p.name: p for p in Position}


@lru_cache(maxsize=1 << 16)
def _trusted_removal(text: str) -> Removal:
    return Removal(
        tuple(
            (_POSITIONS[p], Card._by_code[c])
            for p, c in (part.split("=") for part in text.split("+"))
        )
    )


def decode_trusted_state(text: str) -> TrustedState:
    """Decode a state string that this program wrote itself, without any validation.

    Only for states read back from the service's own storage: it trusts every field (a
    malformed string raises KeyError or ValueError, or builds a wrong board). Anything from
    outside goes through :func:`decode_state`. Returns (piles, reserve, pairs, triples,
    resigned, selection, history) as the board keeps them.
    """
    _, table, counts, flags, selection, history = text.split(";")
    rows = table.split("/")
    pile_cards, slots = Card._by_code, _CARDS  # a pile never holds an empty slot ("--")
    piles = [[pile_cards[row[i : i + 2]] for i in range(0, len(row), 2)] for row in rows[:12]]
    reserve_text = rows[12]
    reserve = [slots[reserve_text[i : i + 2]] for i in range(0, 16, 2)]
    pairs, _, triples = counts.partition(".")
    return (
        piles,
        reserve,
        int(pairs),
        int(triples),
        flags == "R",
        [_POSITIONS[p] for p in selection.split("+")] if selection else [],
        [_trusted_removal(r) for r in history.split(",")] if history else [],
    )
