"""Choosing moves the way a client does (visible table only): the suite's move finder,
:mod:`tests.support.moves`."""

from __future__ import annotations

from tests.support.moves import VALUES, next_move, visible_moves

__all__ = ["VALUES", "next_move", "visible_moves"]
