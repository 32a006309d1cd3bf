"""Deal codes and the HM1 deal algorithm (SPEC §2)."""

from __future__ import annotations

import datetime as dt
import hashlib
import hmac
import re
import secrets
from collections.abc import Iterable, Iterator
from dataclasses import dataclass
from typing import cast

from .cards import DOUBLE_DECK, Card, parse_short_cards
from .errors import InvalidCard, InvalidDealCode, InvalidLayout

ALGORITHM = "HM1"
SERIES = "N"
CODE_LETTERS = 7
DEAL_COUNT = 26**CODE_LETTERS
PUBLIC_KEY = b"HM1-PUBLIC"
_CODE_RE = re.compile(r"HM1-N-([A-Z]{7})")


@dataclass(frozen=True, slots=True)
class Layout:
    """A table to start from: 12 piles listed bottom to top, and 8 reserve slots.

    HM1 deals are full (8 cards a pile, 8 in the reserve). A hand-built layout may hold fewer
    cards (an emptied pile, an empty reserve slot given as ``None``) but never a card more than
    twice, as the double deck has two copies of each.
    """

    piles: tuple[tuple[Card, ...], ...]
    reserve: tuple[Card | None, ...]

    def __post_init__(self) -> None:
        if len(self.piles) != 12 or len(self.reserve) != 8:
            raise InvalidLayout("A layout has exactly 12 piles and 8 reserve slots.")
        seen: dict[Card, int] = {}
        for card in (*(c for pile in self.piles for c in pile), *self.reserve):
            if card is None:
                continue
            if not isinstance(card, Card):
                raise InvalidLayout(f"{card!r} is not a card.")
            seen[card] = seen.get(card, 0) + 1
            if seen[card] > 2:
                raise InvalidLayout(f"{card} appears more than twice: the double deck has two.")

    @classmethod
    def build(cls, piles: Iterable[Iterable[object]], reserve: Iterable[object]) -> Layout:
        """Build from card texts: ``piles`` 12 lists bottom→top, ``reserve`` 8 cards or None."""
        try:
            return cls(
                tuple(tuple(Card.parse(c) for c in pile) for pile in piles),
                tuple(None if c is None else Card.parse(c) for c in reserve),
            )
        except InvalidCard as error:
            raise InvalidLayout(str(error)) from error

    @property
    def card_count(self) -> int:
        return sum(map(len, self.piles)) + sum(c is not None for c in self.reserve)

    def to_text(self) -> str:
        """Compact text: 12 piles then the reserve, ``/``-separated, two characters a card."""
        return "/".join(
            ["".join(c.short for c in pile) for pile in self.piles]
            + ["".join("--" if c is None else c.short for c in self.reserve)]
        )

    @classmethod
    def from_text(cls, text: str) -> Layout:
        parts = text.split("/")
        if len(parts) != 13:
            raise InvalidLayout("A layout text has 12 piles and the reserve, separated by '/'.")
        try:
            piles = [parse_short_cards(p) for p in parts[:12]]
            reserve = parse_short_cards(parts[12])
        except InvalidCard as error:
            raise InvalidLayout(str(error)) from error
        if any(c is None for pile in piles for c in pile):
            raise InvalidLayout("A pile cannot hold an empty slot.")
        # Checked just above: no pile holds None.
        return cls(cast("tuple[tuple[Card, ...], ...]", tuple(map(tuple, piles))), tuple(reserve))


@dataclass(frozen=True, slots=True, order=True)
class DealCode:
    """A deal code such as ``HM1-N-HALFMON``; ``number`` is its base-26 value."""

    number: int

    def __post_init__(self) -> None:
        if not isinstance(self.number, int) or not 0 <= self.number < DEAL_COUNT:
            raise InvalidDealCode(f"A deal number is a whole number from 0 to {DEAL_COUNT - 1}.")

    @classmethod
    def parse(cls, text: object) -> DealCode:
        """Accept a code case-insensitively with surrounding spaces; reject anything else."""
        if not isinstance(text, str):
            raise InvalidDealCode("A deal code is text like 'HM1-N-HALFMON'.")
        cleaned = text.strip()
        # isascii() first: str.upper() maps some other letters to A-Z ("ß" -> "SS", "ı" -> "I").
        match = _CODE_RE.fullmatch(cleaned.upper()) if cleaned.isascii() else None
        if not match:
            raise InvalidDealCode(
                f"{text!r} is not a deal code: write 'HM1-N-' followed by 7 letters A to Z, "
                "like 'HM1-N-HALFMON'.",
                deal_code=text,
            )
        number = 0
        for letter in match.group(1):
            number = number * 26 + (ord(letter) - 65)
        return cls(number)

    @classmethod
    def random(cls) -> DealCode:
        return cls(secrets.randbelow(DEAL_COUNT))

    @classmethod
    def daily(cls, date: dt.date, key: bytes = PUBLIC_KEY) -> DealCode:
        """The daily number of a UTC date (SPEC §2): unknowable without the deal key. It is
        the day's candidate 0; the day's deal is its first candidate proven winnable (§10)."""
        return cls.daily_candidate(date, 0, key)

    @classmethod
    def daily_candidate(cls, date: dt.date, index: int, key: bytes = PUBLIC_KEY) -> DealCode:
        """Candidate ``index`` for the daily deal of a UTC date (SPEC §10): candidate 0 is
        HMAC(key, "daily:" + date), candidate i ≥ 1 is HMAC(key, "daily:" + date + ":" + i)."""
        if not isinstance(index, int) or index < 0:
            raise ValueError("A daily candidate's index is a whole number from 0 on.")
        message = b"daily:" + date.isoformat().encode("ascii")
        if index:
            message += b":" + str(index).encode("ascii")
        digest = hmac.new(key, message, hashlib.sha256).digest()
        return cls(int.from_bytes(digest[:8], "big") % DEAL_COUNT)

    @property
    def text(self) -> str:
        letters, n = [], self.number
        for _ in range(CODE_LETTERS):
            n, digit = divmod(n, 26)
            letters.append(chr(65 + digit))
        return f"{ALGORITHM}-{SERIES}-{''.join(reversed(letters))}"

    def __str__(self) -> str:
        return self.text

    def layout(self, key: bytes = PUBLIC_KEY) -> Layout:
        return deal_layout(self, key)


def random_words(code: DealCode, key: bytes) -> Iterator[int]:
    """The HM1 stream of big-endian 32-bit words: HMAC-SHA256(key, code || uint32_be(k))."""
    message = code.text.encode("ascii")
    block = 0
    while True:
        digest = hmac.new(key, message + block.to_bytes(4, "big"), hashlib.sha256).digest()
        for offset in range(0, 32, 4):
            yield int.from_bytes(digest[offset : offset + 4], "big")
        block += 1


def shuffled_deck(code: DealCode, key: bytes = PUBLIC_KEY) -> list[Card]:
    deck = list(DOUBLE_DECK)
    words = random_words(code, key)
    for i in range(len(deck) - 1, 0, -1):
        bound = i + 1
        limit = 2**32 - (2**32 % bound)
        r = next(words)
        while r >= limit:
            r = next(words)
        j = r % bound
        deck[i], deck[j] = deck[j], deck[i]
    return deck


def deal_layout(code: DealCode, key: bytes = PUBLIC_KEY) -> Layout:
    deck = shuffled_deck(code, key)
    piles = tuple(tuple(deck[k] for k in range(p, 96, 12)) for p in range(12))
    return Layout(piles, tuple(deck[96:104]))
