"""Value types for what happens on a board: moves, removals, actions, tap results."""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from enum import Enum

from .cards import Card, Position
from .errors import DuplicatePosition, InvalidPosition, WrongNumberOfCards


class Status(str, Enum):
    PLAYING = "playing"
    STALLED = "stalled"
    WON = "won"
    RESIGNED = "resigned"

    @property
    def is_over(self) -> bool:
        return self in (Status.WON, Status.RESIGNED)


@dataclass(frozen=True, slots=True)
class Move:
    """A removal asked for by naming positions: two for a pair, three for a triple.

    Positions are kept in table order, so ``Move.parse("R6+P1") == Move.parse("P1+R6")``.
    """

    positions: tuple[Position, ...]

    @classmethod
    def of(cls, positions: Iterable[object]) -> Move:
        """Validate the shape of a move (not its legality on a board)."""
        if isinstance(positions, str) or not hasattr(positions, "__iter__"):
            raise InvalidPosition("Positions are a list like ['P1', 'R6'].")
        parsed = [Position.parse(p) for p in positions]
        if len(set(parsed)) != len(parsed):
            raise DuplicatePosition(
                "The same position was named twice.", positions=[str(p) for p in parsed]
            )
        if len(parsed) not in (2, 3):
            raise WrongNumberOfCards(
                f"A removal takes two cards (a pair) or three (a triple), not {len(parsed)}.",
                count=len(parsed),
            )
        return cls(tuple(sorted(parsed)))

    @classmethod
    def parse(cls, text: str | Iterable[object]) -> Move:
        """Parse ``"P1+R6"``."""
        return cls.of(text.split("+") if isinstance(text, str) else text)

    def __str__(self) -> str:
        return "+".join(p.name for p in self.positions)


@dataclass(frozen=True, slots=True)
class Removal:
    """Cards a move took away, with where each came from: enough to undo it exactly."""

    cards: tuple[tuple[Position, Card], ...]

    @property
    def move(self) -> Move:
        return Move(tuple(p for p, _ in self.cards))

    @property
    def points(self) -> int:
        return 10 if len(self.cards) == 2 else 15

    def to_text(self) -> str:
        return "+".join(f"{p.name}={c.short}" for p, c in self.cards)

    @classmethod
    def from_text(cls, text: str) -> Removal:
        parts = [part.split("=") for part in text.split("+")]
        return cls(tuple((Position.parse(p), Card.parse(c)) for p, c in parts))

    def as_dicts(self) -> list[dict[str, str]]:
        return [{"position": p.name, "card": c.code} for p, c in self.cards]


@dataclass(frozen=True, slots=True)
class Action:
    """One change to a game, as stored in a move log and replayed from the deal."""

    kind: str  # "move", "undo", "tap" or "resign"
    positions: tuple[Position, ...] = ()

    KINDS = ("move", "undo", "tap", "resign")

    def __post_init__(self) -> None:
        if self.kind not in self.KINDS:
            raise ValueError(f"Unknown action kind {self.kind!r}.")

    def __str__(self) -> str:
        return self.kind + (
            " " + "+".join(p.name for p in self.positions) if self.positions else ""
        )


@dataclass(frozen=True, slots=True)
class TapResult:
    """What a tap did: a removal (or None), and an explanatory message code (or None)."""

    removal: Removal | None
    message: str | None
