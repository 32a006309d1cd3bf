"""The size of a page of any list (games, the log, devices, leaderboards, ratings)."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from .errors import InvalidPageSize

MAX_PAGE_SIZE = 100


def page_size(raw: object, default: int | None = None) -> int:
    """``raw`` (a ``?limit=`` value, or a number) as a page size of 1 to :data:`MAX_PAGE_SIZE`;
    ``default`` when ``raw`` is None and a default is given; ``invalid_page_size`` otherwise."""
    if raw is None and default is not None:
        return default
    try:
        size = int(str(raw))
    except ValueError:
        size = 0
    if not 1 <= size <= MAX_PAGE_SIZE:
        raise InvalidPageSize(
            f"A page holds 1 to {MAX_PAGE_SIZE} entries.", min=1, max=MAX_PAGE_SIZE
        )
    return size


@dataclass
class BoardPage:
    """A page of a board (a season's, a challenge's): its entries, the board's size, the
    neighbouring pages' cursors, and with ``around=me`` the caller's own entry."""

    total: int
    results: list[dict[str, Any]]
    next: str | None = None
    previous: str | None = None
    me: dict[str, Any] | None = field(default=None)
