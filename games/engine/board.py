"""The game position: the table, the selection and the undo history (SPEC §3, §4).

Modelled on python-chess: ``Board`` is mutable, every change goes through ``push``/``undo``/
``tap``/``resign`` which validate first and change nothing when they raise.
"""

from __future__ import annotations

from collections import deque
from collections.abc import Iterable
from itertools import combinations
from typing import ClassVar

from .cards import DOUBLE_DECK, FACE_RANKS, Card, Position
from .deals import Layout
from .errors import (
    EmptyPosition,
    GameFinished,
    IllegalAction,
    InvalidLayout,
    InvalidState,
    NeedsJackQueenKing,
    NothingToUndo,
    SumMustBe11,
)
from .moves import Action, Move, Removal, Status, TapResult
from .notation import decode_state, decode_trusted_state, encode_state

UNDO_LIMIT = 100
PAIR_POINTS = 10
TRIPLE_POINTS = 15
_ALL_POSITIONS = tuple(Position)


def combination_error(cards: list[Card]) -> IllegalAction | None:
    """Why these cards cannot be removed together (SPEC §3), or None when they can."""
    if len(cards) == 2:
        a, b = cards
        if a.is_face and b.is_face:
            return NeedsJackQueenKing(
                "Face cards never pair: a jack, a queen and a king are removed together.",
                cards=[a.code, b.code],
            )
        if a.is_face or b.is_face or a.value + b.value != 11:
            return SumMustBe11(
                f"{a} and {b} do not make 11: a pair is two number cards summing to 11.",
                cards=[a.code, b.code],
            )
    elif sorted(c.rank for c in cards) != ["J", "K", "Q"]:
        return NeedsJackQueenKing(
            "A triple is one jack, one queen and one king.", cards=[c.code for c in cards]
        )
    return None


def joins(chosen: list[Card], card: Card) -> bool:
    """Whether a tap on ``card`` is accepted with ``chosen`` selected (SPEC §4): it becomes the
    selection, is added to it, or completes a removal with it. Otherwise the tap clears the
    selection or replaces a selected face card of the same rank."""
    if not chosen:
        return True
    if not chosen[0].is_face:
        return not card.is_face and chosen[0].value + card.value == 11
    return card.is_face and all(c.rank != card.rank for c in chosen)


class Board:
    """A Half Moon game in progress. Build one with :meth:`from_layout` or :meth:`from_state`."""

    __slots__ = ("history", "pairs", "piles", "reserve", "resigned", "selection", "triples")

    def __init__(self, layout: Layout):
        self.piles: list[list[Card]] = [list(pile) for pile in layout.piles]
        self.reserve: list[Card | None] = list(layout.reserve)
        self.selection: list[Position] = []
        self.history: deque[Removal] = deque(maxlen=UNDO_LIMIT)
        self.resigned = False
        self.pairs = 0  # removals in effect, which give score and move counter
        self.triples = 0

    @classmethod
    def from_layout(cls, layout: Layout) -> Board:
        return cls(layout)

    @classmethod
    def from_state(cls, text: str, trusted: bool = False) -> Board:
        """Rebuild a board from :meth:`state_string`; raises :class:`InvalidState`.

        ``trusted=True`` is for a state this program stored itself (the service reading its
        own game rows): decoded without validation or the consistency check, several times
        faster. Never pass it for a state that came from outside.
        """
        if trusted:
            board = cls.__new__(cls)
            (
                board.piles,
                board.reserve,
                board.pairs,
                board.triples,
                board.resigned,
                board.selection,
                history,
            ) = decode_trusted_state(text)
            board.history = deque(history, maxlen=UNDO_LIMIT)
            return board
        parts = decode_state(text)
        board = cls(parts.layout)
        board.pairs, board.triples, board.resigned = parts.pairs, parts.triples, parts.resigned
        board.selection = list(parts.selection)
        board.history.extend(parts.history)
        board._check_consistent()
        return board

    def _check_consistent(self) -> None:
        """Raise :class:`InvalidState` unless the selection and the undo history could have
        come from play: a selection of playable cards that a tap could leave, and removals
        that are legal combinations and fit back into the table, never more than counted."""
        selection = self.selection
        cards = [c for c in map(self.card_at, selection) if c is not None]
        if (
            len(set(selection)) != len(selection)
            or len(cards) != len(selection)
            or (selection and (self.resigned or self.cards_left == 0))
            or (
                len(cards) == 2
                and not (cards[0].is_face and cards[1].is_face and cards[0].rank != cards[1].rank)
            )
        ):
            raise InvalidState("Broken state string: impossible selection.")
        pairs_undoable = sum(len(r.cards) == 2 for r in self.history)
        removed = 2 * self.pairs + 3 * self.triples
        if (
            pairs_undoable > self.pairs
            or len(self.history) - pairs_undoable > self.triples
            or removed + self.cards_left > len(DOUBLE_DECK)
        ):
            raise InvalidState("Broken state string: counts do not match the history.")
        piles, reserve = [pile[:] for pile in self.piles], self.reserve[:]
        for removal in reversed(self.history):
            positions = [p for p, _ in removal.cards]
            if (
                len(set(positions)) != len(positions)
                or combination_error([c for _, c in removal.cards]) is not None
                or any(reserve[p - 12] is not None for p in positions if p >= 12)
            ):
                raise InvalidState(f"Broken state string: impossible removal {removal.to_text()}.")
            for position, card in removal.cards:
                if position < 12:
                    piles[position].append(card)
                else:
                    reserve[position - 12] = card
        try:
            Layout(tuple(map(tuple, piles)), tuple(reserve))
        except InvalidLayout as error:
            raise InvalidState(f"Broken state string: {error}") from error

    @classmethod
    def replay(cls, layout: Layout, actions: Iterable[Action]) -> Board:
        """Rebuild a game from its deal and its log of :class:`Action`s."""
        board = cls(layout)
        for action in actions:
            board.apply(action)
        return board

    def copy(self) -> Board:
        other = Board.__new__(Board)
        other.piles = [pile[:] for pile in self.piles]
        other.reserve = self.reserve[:]
        other.selection = self.selection[:]
        other.history = deque(self.history, maxlen=UNDO_LIMIT)
        other.resigned, other.pairs, other.triples = self.resigned, self.pairs, self.triples
        return other

    # -- reading the table ------------------------------------------------------------------
    def card_at(self, position: Position) -> Card | None:
        """The playable card at a position (a pile's top), or None when it is empty."""
        if position < 12:
            pile = self.piles[position]
            return pile[-1] if pile else None
        return self.reserve[position - 12]

    def count(self, position: Position) -> int:
        if position < 12:
            return len(self.piles[position])
        return 0 if self.reserve[position - 12] is None else 1

    def playable(self) -> list[tuple[Position, Card]]:
        out = [(Position(i), pile[-1]) for i, pile in enumerate(self.piles) if pile]
        out += [(Position(12 + i), c) for i, c in enumerate(self.reserve) if c is not None]
        return out

    @property
    def cards_left(self) -> int:
        return sum(map(len, self.piles)) + sum(c is not None for c in self.reserve)

    @property
    def score(self) -> int:
        return self.pairs * PAIR_POINTS + self.triples * TRIPLE_POINTS

    @property
    def moves(self) -> int:
        return self.pairs + self.triples

    @property
    def can_undo(self) -> bool:
        return bool(self.history) and not self.resigned and self.cards_left > 0

    @property
    def status(self) -> Status:
        if self.resigned:
            return Status.RESIGNED
        if self.cards_left == 0:
            return Status.WON
        return Status.PLAYING if self.has_legal_move() else Status.STALLED

    def legal_moves(self) -> list[Move]:
        """Every removal possible now, pairs first, in table order."""
        if self.resigned:
            return []
        cards = self.playable()
        moves = [
            Move((p, q))
            for (p, a), (q, b) in combinations(cards, 2)
            if not a.is_face and not b.is_face and a.value + b.value == 11
        ]
        faces = {rank: [p for p, c in cards if c.rank == rank] for rank in FACE_RANKS}
        moves += [
            Move(tuple(sorted(t)))
            for j in faces["J"]
            for q in faces["Q"]
            for t in ((j, q, k) for k in faces["K"])
        ]
        return moves

    def has_legal_move(self) -> bool:
        values = [0] * 11
        ranks = {"J": 0, "Q": 0, "K": 0}
        tops = [pile[-1] for pile in self.piles if pile]
        for card in tops + [card for card in self.reserve if card is not None]:
            if card.is_face:
                ranks[card.rank] += 1
            else:
                values[card.value] += 1
        if all(ranks.values()):
            return True
        return any(values[v] and values[11 - v] for v in range(1, 6))

    # -- validation -------------------------------------------------------------------------
    def _ensure_playing(self) -> None:
        status = self.status if self.resigned or self.cards_left == 0 else None
        if status is not None:
            raise GameFinished(
                f"The game is over ({status.value}): nothing can change it.", status=status.value
            )

    def _card(self, position: Position) -> Card:
        card = self.card_at(position)
        if card is None:
            raise EmptyPosition(
                f"{position.name} is empty: it has no card to play.", position=position.name
            )
        return card

    def check(self, move: Move) -> list[tuple[Position, Card]]:
        """Raise the precise :class:`IllegalAction` if ``move`` cannot be played now."""
        self._ensure_playing()
        picked = [(p, self._card(p)) for p in move.positions]
        error = combination_error([c for _, c in picked])
        if error is not None:
            raise error
        return picked

    def is_legal(self, move: Move) -> bool:
        try:
            self.check(move)
        except Exception:
            return False
        return True

    # -- changes ----------------------------------------------------------------------------
    def push(self, move: Move) -> Removal:
        """Play a removal; raises (and changes nothing) when it is illegal."""
        removal = Removal(tuple(self.check(move)))
        for position, _ in removal.cards:
            if position < 12:
                self.piles[position].pop()
            else:
                self.reserve[position - 12] = None
        if len(removal.cards) == 2:
            self.pairs += 1
        else:
            self.triples += 1
        self.history.append(removal)
        self.selection.clear()
        return removal

    def undo(self) -> Removal:
        """Take back the last removal (up to the last 100); the selection is cleared."""
        self._ensure_playing()
        if not self.history:
            raise NothingToUndo("There is no removal left to undo.")
        removal = self.history.pop()
        for position, card in removal.cards:
            if position < 12:
                self.piles[position].append(card)
            else:
                self.reserve[position - 12] = card
        if len(removal.cards) == 2:
            self.pairs -= 1
        else:
            self.triples -= 1
        self.selection.clear()
        return removal

    def resign(self) -> None:
        self._ensure_playing()
        self.resigned = True
        self.selection.clear()

    def apply(self, action: Action) -> Removal | TapResult | None:
        """Apply a logged :class:`Action`; returns what the matching method returns."""
        if action.kind == "move":
            return self.push(Move(action.positions))
        if action.kind == "tap":
            return self.tap(action.positions[0])
        if action.kind == "undo":
            return self.undo()
        self.resign()
        return None

    # -- the touch protocol (SPEC §4) -------------------------------------------------------
    def tap(self, position: Position) -> TapResult:
        """Tap a position: select, deselect or complete a removal, as SPEC §4 says."""
        self._ensure_playing()
        card = self._card(position)
        selection = self.selection
        if position in selection:
            selection.remove(position)
            return TapResult(None, None)
        chosen = [self._card(p) for p in selection]
        if joins(chosen, card):
            if chosen and (not card.is_face or len(chosen) == 2):
                return TapResult(self.push(Move(tuple(sorted((*selection, position))))), None)
            selection.append(position)
            return TapResult(None, None)
        if not chosen[0].is_face:
            selection.clear()
            return TapResult(None, SumMustBe11.code)
        if card.is_face:  # a rank already selected: the new card takes that card's place
            same_rank = next(i for i, c in enumerate(chosen) if c.rank == card.rank)
            selection[same_rank] = position
        else:
            selection.clear()
        return TapResult(None, NeedsJackQueenKing.code)

    def dimmed(self) -> list[Position]:
        """Playable positions a tap on which would not be accepted (the placement aid).

        Exactly the cards that cannot be combined with the selection by rank (SPEC §4): a tap
        on a dimmed card clears or replaces the selection, a tap on any other playable card
        that is not selected adds it to the selection or completes a removal. Whether the rest
        of a triple is on the table does not matter: the aid judges ranks, it is not a hint.
        Empty when nothing is selected; selected and empty positions are never listed.
        """
        if not self.selection:
            return []
        chosen = [self._card(p) for p in self.selection]
        return [
            p for p, card in self.playable() if p not in self.selection and not joins(chosen, card)
        ]

    # -- comparison and text ----------------------------------------------------------------
    def state_string(self) -> str:
        """A compact string from which :meth:`from_state` rebuilds this board exactly."""
        return encode_state(
            self.piles,
            self.reserve,
            self.pairs,
            self.triples,
            self.resigned,
            self.selection,
            self.history,
        )

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Board) and self.state_string() == other.state_string()

    __hash__: ClassVar[None] = None  # type: ignore[assignment]  # mutable: unhashable

    def __repr__(self) -> str:
        return (
            f"<Board {self.status.value} score={self.score} moves={self.moves} "
            f"cards_left={self.cards_left}>"
        )
