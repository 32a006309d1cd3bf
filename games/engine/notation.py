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
from dataclasses import dataclass

from .cards import Position
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


def encode_state(piles, reserve, pairs, triples, resigned, selection, history) -> str:
    table = "/".join(["".join(c.short for c in pile) for pile in piles]
                     + ["".join("--" if c is None else c.short for c in reserve)])
    return ";".join((VERSION, table, f"{pairs}.{triples}", "R" if resigned else "",
                     "+".join(p.name for p in selection),
                     ",".join(r.to_text() for r in history)))


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
