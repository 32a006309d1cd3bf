"""Cards and table positions: small immutable value types, interned for speed."""

from __future__ import annotations

import json
from enum import IntEnum
from typing import NoReturn

from .errors import InvalidCard, InvalidPosition

RANKS = ("A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K")
SUITS = ("C", "D", "H", "S")
FACE_RANKS = ("J", "Q", "K")


class Card:
    """A playing card such as ``AS``, ``10H`` or ``QD``.

    The two copies of a card in the double deck are the same value: players cannot tell them
    apart. Instances are interned, so ``Card.parse("AS") is Card.parse("as")``.
    """

    __slots__ = ("code", "is_face", "rank", "short", "suit", "value")
    _by_code: dict[str, Card] = {}

    rank: str
    suit: str
    value: int  # 1..10 for number cards, 0 for faces
    is_face: bool
    code: str  # canonical text: "10H"
    short: str  # exactly two characters: "TH" (used in the compact state string)

    def __new__(cls, rank: str, suit: str) -> Card:
        code = rank + suit
        try:
            return cls._by_code[code]
        except KeyError:
            pass
        if rank not in RANKS or suit not in SUITS:
            raise InvalidCard(
                f"Unknown card {code!r}: rank must be one of {' '.join(RANKS)} "
                f"and suit one of {' '.join(SUITS)}.",
                card=code,
            )
        card = object.__new__(cls)
        is_face = rank in FACE_RANKS
        for name, value in (
            ("rank", rank),
            ("suit", suit),
            ("is_face", is_face),
            ("value", 0 if is_face else RANKS.index(rank) + 1),
            ("code", code),
            ("short", ("T" if rank == "10" else rank) + suit),
        ):
            object.__setattr__(card, name, value)
        cls._by_code[code] = card
        cls._by_code[card.short] = card
        return card

    def __setattr__(self, name: str, value: object) -> NoReturn:
        raise AttributeError("Card is immutable")

    def __reduce__(self) -> tuple[type[Card], tuple[str, str]]:
        return (Card, (self.rank, self.suit))

    @classmethod
    def parse(cls, text: object) -> Card:
        """Parse ``"QH"``, ``"10h"`` or the two-character ``"TH"``."""
        if not isinstance(text, str):
            raise InvalidCard(f"A card is written as text like 'QH', not {type(text).__name__}.")
        cleaned = text.strip().upper()
        card = cls._by_code.get(cleaned)
        if card is None:
            raise InvalidCard(
                f"Unknown card {text!r}: write rank then suit, like 'AS', '10H' or 'KD'.", card=text
            )
        return card

    def __repr__(self) -> str:
        return f"Card({self.code!r})"

    def __str__(self) -> str:
        return self.code


for _suit in SUITS:
    for _rank in RANKS:
        Card(_rank, _suit)

#: Index 0..51 of the unshuffled single deck: suits C, D, H, S; ranks A..K within a suit.
SINGLE_DECK: tuple[Card, ...] = tuple(Card(rank, suit) for suit in SUITS for rank in RANKS)
#: The unshuffled double deck of the HM1 algorithm: copy 1 then copy 2.
DOUBLE_DECK: tuple[Card, ...] = SINGLE_DECK * 2


class Position(IntEnum):
    """A place on the table: piles ``P1``…``P12`` (0…11), reserve slots ``R1``…``R8`` (12…19)."""

    P1 = 0
    P2 = 1
    P3 = 2
    P4 = 3
    P5 = 4
    P6 = 5
    P7 = 6
    P8 = 7
    P9 = 8
    P10 = 9
    P11 = 10
    P12 = 11
    R1 = 12
    R2 = 13
    R3 = 14
    R4 = 15
    R5 = 16
    R6 = 17
    R7 = 18
    R8 = 19

    @property
    def is_pile(self) -> bool:
        return self < 12

    @classmethod
    def parse(cls, text: object) -> Position:
        """Parse ``"P5"`` or ``"r3"``; anything else raises :class:`InvalidPosition`."""
        if isinstance(text, Position):
            return text
        if not isinstance(text, str):
            raise InvalidPosition(
                f"A position is text like 'P5' or 'R3', not {type(text).__name__}.",
                position=json.dumps(text, default=repr),  # the detail is text, as sent
            )
        try:
            return cls[text.strip().upper()]
        except KeyError:
            raise InvalidPosition(
                f"Unknown position {text!r}: use P1 to P12 for piles and R1 to R8 for the reserve.",
                position=text,
            ) from None

    def __str__(self) -> str:
        return self.name


def parse_short_cards(text: str) -> list[Card | None]:
    """Split text of two-character cards (``"TH5S--"``, ``--`` = empty) into cards."""
    if len(text) % 2:
        raise InvalidCard(f"Card text {text!r} has an odd length: every card takes two characters.")
    cards: list[Card | None] = []
    for i in range(0, len(text), 2):
        chunk = text[i : i + 2]
        cards.append(None if chunk == "--" else Card.parse(chunk))
    return cards


PILES: tuple[Position, ...] = tuple(Position(i) for i in range(12))
RESERVE: tuple[Position, ...] = tuple(Position(i) for i in range(12, 20))
