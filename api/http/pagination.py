"""One pagination style for every list of the API: cursor pages.

Every list answers ``{"results": [...], "next": <cursor>|null, "previous": <cursor>|null}``
(plus what the list says about itself: a board's ``total`` and ``me``, a log's ``version``),
takes ``?limit=`` (1–100) and ``?cursor=`` (a ``next`` or ``previous`` of another page of the
same list, opaque and signed), and sends the neighbouring pages as ``Link`` headers (RFC 8288,
``rel="next"`` / ``rel="prev"``) too. The boards (daily leaderboards, ratings) make their own
cursors (they rank by several keys); the other lists are keyset pages over one integer column
(:func:`keyset_page`). DRF's ``CursorPagination`` is not used: it builds the whole envelope and
its cursors around a generic view, while these views are thin ``APIView``s whose lists (and
boards) already carry their own fields.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any
from urllib.parse import urlencode

from django.core import signing
from django.db.models import QuerySet
from drf_spectacular.utils import OpenApiParameter
from rest_framework import exceptions

from games.core.errors import InvalidAround, InvalidCursor
from games.core.pages import MAX_PAGE_SIZE

#: The query parameters of every list.
PARAMETERS = ("limit", "cursor")
_SALT = "halfmoon.api.pagination"


#: The entries of a board's ``?around=me`` page: the caller's and five either side.
AROUND_SIZE = 11


def page_parameters(limit_description: str) -> list[OpenApiParameter]:
    """The schema's ``limit`` and ``cursor`` of a list (``limit_description``: its default)."""
    return [
        OpenApiParameter(
            "limit",
            {"type": "integer", "minimum": 1, "maximum": MAX_PAGE_SIZE},
            description=limit_description,
        ),
        OpenApiParameter("cursor", str, description="next or previous of another page."),
    ]


def around_me(request) -> bool:
    """Whether a board is asked for the caller's place (``?around=me``) rather than a page:
    ``invalid_around`` for another value, not together with a cursor, and only for a player."""
    around = request.query_params.get("around")
    if around is None:
        return False
    if around != "me":
        raise InvalidAround("around takes only the value me.", around=around[:20])
    if request.query_params.get("cursor") is not None:
        raise exceptions.ValidationError({"cursor": ["Not together with around=me."]})
    if request.user is None:
        raise exceptions.NotAuthenticated()
    return True


@dataclass(frozen=True)
class KeyCursor:
    """Where a keyset page starts: just after (``forward``) or just before the row ``key``,
    in one list (a cursor of one list is refused by another)."""

    list_name: str
    forward: bool
    key: int

    def encode(self) -> str:
        return signing.dumps(
            [1, self.list_name, "a" if self.forward else "b", self.key], salt=_SALT, compress=False
        )

    @classmethod
    def decode(cls, text: str, list_name: str) -> KeyCursor:
        try:
            version, name, direction, key = signing.loads(text, salt=_SALT)
            if version != 1 or name != list_name or direction not in ("a", "b"):
                raise ValueError(name)
            return cls(list_name, direction == "a", int(key))
        except (signing.BadSignature, ValueError, TypeError):
            raise InvalidCursor(
                "This cursor is not one this list gave out: start again from the first page.",
                cursor=str(text)[:200],
            ) from None


@dataclass
class Page:
    rows: list[Any]
    next: str | None
    previous: str | None


def keyset_page(
    query: QuerySet,
    list_name: str,
    field: str,
    limit: int,
    cursor: KeyCursor | None = None,
    descending: bool = False,
) -> Page:
    """A page of ``query`` in the order of the unique integer column ``field`` (descending:
    newest first), starting from the first row or after/before the row a cursor names."""

    def beyond(key: int, forward: bool) -> dict[str, int]:
        later = forward != descending  # further on in the list's order = a greater key?
        return {f"{field}__gt" if later else f"{field}__lt": key}

    forward_order = f"-{field}" if descending else field
    backward_order = field if descending else f"-{field}"
    if cursor is None or cursor.forward:
        rows = query.order_by(forward_order)
        if cursor is not None:
            rows = rows.filter(**beyond(cursor.key, True))
        page = list(rows[: limit + 1])
        more, page = len(page) > limit, page[:limit]
        has_previous = cursor is not None
        has_next = more
    else:
        page = list(query.order_by(backward_order).filter(**beyond(cursor.key, False))[: limit + 1])
        more, page = len(page) > limit, page[:limit][::-1]
        has_previous, has_next = more, True

    def at(row: Any, forward: bool) -> str:
        return KeyCursor(list_name, forward, getattr(row, field)).encode()

    return Page(
        rows=page,
        next=at(page[-1], True) if page and has_next else None,
        previous=at(page[0], False) if page and has_previous else None,
    )


def after_cursor(list_name: str, key: int) -> KeyCursor:
    """``?after=<key>`` as a cursor: the rows after ``key`` (a log's resync from a seq)."""
    return KeyCursor(list_name, True, key)


def link_header(request, next_cursor: str | None, previous_cursor: str | None) -> str | None:
    """``Link: <…?cursor=…>; rel="next", <…>; rel="prev"``: this request's URL with the cursor
    of the neighbouring page (and without ``after``, which a cursor replaces)."""
    links = []
    for cursor, rel in ((next_cursor, "next"), (previous_cursor, "prev")):
        if cursor is None:
            continue
        params = [(k, v) for k, v in request.query_params.lists() if k not in ("cursor", "after")]
        query = urlencode(
            [(k, item) for k, values in params for item in values] + [("cursor", cursor)]
        )
        links.append(f'<{request.build_absolute_uri(request.path)}?{query}>; rel="{rel}"')
    return ", ".join(links) or None


def envelope(request, response, results_next_previous: dict[str, Any]) -> None:
    """Set the ``Link`` header of a page from its body's ``next`` and ``previous``."""
    link = link_header(
        request, results_next_previous.get("next"), results_next_previous.get("previous")
    )
    if link:
        response["Link"] = link
