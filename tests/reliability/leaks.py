"""Finding hidden cards in player-facing payloads.

A card is *hidden* while it lies below a pile's top. What a player may have learnt of a game by
version ``v`` is every card that was visible (a pile top or a reserve card) at some version up
to ``v``. A payload about a game at version ``v`` leaks when it names a card code that was never
visible by then, or when a game representation's tops, counts or reserve differ from the table
at that version. Tables per version come from replaying the stored log.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from games.engine import PILES, RESERVE, Layout
from games.models import Game, GameEvent
from games.play.verification import replay_steps
from tests.support.payloads import card_codes


@dataclass
class Knowledge:
    """Per version of one game: the table, and the card codes seen by then."""

    tables: list[dict] = field(default_factory=list)  # version → {"piles", "reserve"}
    seen: list[frozenset] = field(default_factory=list)  # version → codes seen up to it


def knowledge_of(game_id: int) -> Knowledge:
    game = Game.objects.select_related("deal").get(pk=game_id)
    events = list(GameEvent.objects.filter(game=game).order_by("seq"))
    knowledge, seen = Knowledge(), set()
    for step in replay_steps(Layout.from_text(game.deal.layout), events):
        board = step.board
        piles = [
            {
                "position": p.name,
                "count": len(board.piles[p]),
                "top": board.piles[p][-1].code if board.piles[p] else None,
            }
            for p in PILES
        ]
        reserve = [
            {
                "position": p.name,
                "card": None if board.reserve[p - 12] is None else board.reserve[p - 12].code,
            }
            for p in RESERVE
        ]
        seen |= {p["top"] for p in piles if p["top"]} | {r["card"] for r in reserve if r["card"]}
        knowledge.tables.append({"piles": piles, "reserve": reserve})
        knowledge.seen.append(frozenset(seen))
    return knowledge


def leaks_in(payload, version: int | None, knowledge: Knowledge | None) -> list[str]:
    """What a payload about one game at ``version`` shows that its player could not know.

    Without a game (``knowledge`` None: leaderboards, statistics) no card may appear at all.
    """
    if knowledge is None:
        return [f"card {code} in a payload about no game" for code in card_codes(payload)]
    problems = [
        f"hidden card {code} at version {version}"
        for code in card_codes(payload)
        if code not in knowledge.seen[version]
    ]
    for game in _game_objects(payload):
        table = knowledge.tables[game["version"]]
        if game["piles"] != table["piles"] or game["reserve"] != table["reserve"]:
            problems.append(f"table of version {game['version']} differs from the stored one")
    return problems


def _game_objects(payload):
    if isinstance(payload, dict):
        if {"piles", "reserve", "version"} <= set(payload):
            yield payload
        for value in payload.values():
            yield from _game_objects(value)
    elif isinstance(payload, list):
        for value in payload:
            yield from _game_objects(value)
