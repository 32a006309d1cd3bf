"""Replay verification: rebuild each stored game from its deal and move log and compare.

A game is consistent when its deal's stored layout is the one its code deals under this
deployment's key, its log is numbered 1…version without a gap, every logged action replays
with the engine and removed (or, for an undo, restored) exactly the logged cards, and the
replayed board equals the stored state, status, score and move counter. Read-only: used by
``manage.py verify_games`` and the admin's "verify selected games" action.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from dataclasses import dataclass, field

from django.conf import settings
from django.db.models import Prefetch, QuerySet

from games.engine import Board, DealCode, EngineError, Layout, Removal, TapResult

from .models import Deal, Game, GameEvent
from .selectors import action_of


@dataclass
class Step:
    """The board just after one log entry (``event`` None for the deal itself).

    ``board`` is the live board of the replay: read it before asking for the next step.
    """

    index: int
    event: GameEvent | None
    board: Board
    removal: Removal | None = None
    message: str | None = None


@dataclass
class ReplayFailure(Exception):
    """A log entry the engine refused (or could not read) during a replay."""

    event: GameEvent
    code: str
    detail: str

    def __str__(self) -> str:
        return (
            f"log entry #{self.event.seq} ({self.event.kind} {self.event.positions}) "
            f"does not replay: {self.code}: {self.detail}"
        )


@dataclass
class Verdict:
    game_id: int
    deal_code: str
    problems: list[str] = field(default_factory=list)

    @property
    def ok(self) -> bool:
        return not self.problems

    def __str__(self) -> str:
        head = f"game {self.game_id} ({self.deal_code})"
        return f"{head}: ok" if self.ok else f"{head}: " + "; ".join(self.problems)


def replay_steps(layout: Layout, events: Iterable[GameEvent]) -> Iterator[Step]:
    """Yield the deal, then the board after each entry; raises :class:`ReplayFailure`."""
    board = Board(layout)
    yield Step(0, None, board)
    for index, event in enumerate(events, start=1):
        try:
            result = board.apply(action_of(event))
        except (EngineError, ValueError) as error:
            raise ReplayFailure(
                event, getattr(error, "code", "unreadable_entry"), str(error)
            ) from error
        message = None
        removal = result if isinstance(result, Removal) else None
        if isinstance(result, TapResult):
            removal, message = result.removal, result.message
        yield Step(index, event, board, removal, message)


def expected_cards(step: Step) -> str:
    """What the log entry's ``cards`` column must hold for this step."""
    return step.removal.to_text() if step.removal else ""


def verify_game(
    game: Game, events: list[GameEvent] | None = None, layouts: dict[str, str] | None = None
) -> Verdict:
    """Check one game; ``events`` in seq order (prefetched), ``layouts`` a cache by deal code."""
    verdict = Verdict(game.pk, game.deal.code)
    problems = verdict.problems
    events = list(game.events.order_by("seq")) if events is None else events
    problems += _deal_problems(game.deal, layouts)
    seqs = [e.seq for e in events]
    if seqs != list(range(1, len(events) + 1)):
        problems.append(f"log is not numbered 1..{len(events)} without gaps: {_short(seqs)}")
    if (seqs[-1] if seqs else 0) != game.version:
        problems.append(
            f"version is {game.version} but the last log entry is #{seqs[-1] if seqs else 0}"
        )
    try:
        layout = Layout.from_text(game.deal.layout)
    except EngineError as error:
        problems.append(f"deal layout does not parse: {error}")
        return verdict
    board = None
    try:
        for step in replay_steps(layout, events):
            board = step.board
            if step.event is not None and step.event.cards != expected_cards(step):
                problems.append(
                    f"log entry #{step.event.seq} records cards "
                    f"{step.event.cards or '(none)'!r}, the replay gives "
                    f"{expected_cards(step) or '(none)'!r}"
                )
    except ReplayFailure as failure:
        problems.append(str(failure))
        return verdict
    if board is not None:
        problems += _stored_problems(game, board)
    return verdict


def _deal_problems(deal: Deal, layouts: dict[str, str] | None) -> list[str]:
    cache = layouts if layouts is not None else {}
    if deal.code not in cache:
        try:
            code = DealCode.parse(deal.code)
            cache[deal.code] = code.layout(settings.HALFMOON_DEAL_KEY).to_text()
        except EngineError as error:
            cache[deal.code] = f"(no layout: {error})"
    if deal.layout != cache[deal.code]:
        return [f"deal {deal.code}: stored layout differs from the layout its code deals"]
    return []


def _stored_problems(game: Game, board: Board) -> list[str]:
    problems = []
    if game.state != board.state_string():
        try:
            stored = Board.from_state(game.state)
        except EngineError as error:
            return [f"stored state does not parse: {error}"]
        problems.append(
            "stored state differs from the replay ("
            + ", ".join(_state_differences(stored, board))
            + ")"
        )
    for name, stored_value, replayed in (
        ("status", game.status, board.status.value),
        ("score", game.score, board.score),
        ("moves", game.moves, board.moves),
    ):
        if stored_value != replayed:
            problems.append(f"stored {name} is {stored_value!r}, the replay gives {replayed!r}")
    if board.status.is_over and game.finished_at is None:
        problems.append(f"game is {board.status.value} but has no finished_at")
    return problems


def _state_differences(stored: Board, replayed: Board) -> list[str]:
    parts = []
    if stored.piles != replayed.piles or stored.reserve != replayed.reserve:
        differing = [f"P{i + 1}" for i in range(12) if stored.piles[i] != replayed.piles[i]]
        differing += [f"R{i + 1}" for i in range(8) if stored.reserve[i] != replayed.reserve[i]]
        parts.append("table at " + " ".join(differing))
    if (stored.pairs, stored.triples) != (replayed.pairs, replayed.triples):
        parts.append(
            f"removals {stored.pairs}+{stored.triples} vs {replayed.pairs}+{replayed.triples}"
        )
    if stored.resigned != replayed.resigned:
        parts.append("resigned flag")
    if stored.selection != replayed.selection:
        parts.append("selection")
    if list(stored.history) != list(replayed.history):
        parts.append("undo history")
    return parts or ["encoding"]


def _short(values: list[int], limit: int = 12) -> str:
    text = ",".join(map(str, values[:limit]))
    return text + (",…" if len(values) > limit else "")


def games_to_verify(since=None, game_ids: Iterable[int] | None = None) -> QuerySet:
    """Games started on or after the date ``since`` and/or with the given ids, oldest first."""
    query = Game.objects.select_related("deal").order_by("id")
    if since is not None:
        query = query.filter(started_at__date__gte=since)
    if game_ids is not None:
        query = query.filter(pk__in=list(game_ids))
    return query


def verify_games(games: QuerySet, chunk_size: int = 200) -> Iterator[Verdict]:
    """Verify every game of a queryset, streaming it with its log prefetched in chunks."""
    layouts: dict[str, str] = {}
    query = games.select_related("deal").prefetch_related(
        Prefetch("events", queryset=GameEvent.objects.order_by("seq"), to_attr="log")
    )
    for game in query.iterator(chunk_size=chunk_size):
        yield verify_game(game, game.log, layouts)
