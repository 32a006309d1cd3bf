"""An example bot on the generated Python client (clients/python/halfmoon_client): creates a
player, starts a game of a fixed deal, plays it to its end and prints the result.

    .venv/bin/python clients/python/bot.py --base-url http://127.0.0.1:8000 [--deal HM1-N-AAAAAAA]

Strategy (docs/SPEC.md §3): among the playable cards (the top card of each pile, every reserve
card) remove the first pair summing to 11 or J+Q+K triple, preferring cards on piles (that
uncovers new ones); when none is left the game is stalled and the bot resigns. It never
undoes, so it seldom wins, but every game it plays ends.

The last line printed is ``result {...}`` (JSON: game id, status, moves, score) for scripts.
"""

from __future__ import annotations

import argparse
import itertools
import json
import sys
import typing
from collections.abc import Callable
from typing import Any

from halfmoon_client import AuthenticatedClient, Client
from halfmoon_client.api.games import games_create, games_move, games_resign
from halfmoon_client.api.players import players_create
from halfmoon_client.types import Response

DEFAULT_DEAL = "HM1-N-AAAAAAA"
FACES = ("J", "Q", "K")
OVER = {"won", "resigned"}


def body_of(endpoint: Callable[..., Any], **fields: Any) -> Any:
    """The request body an endpoint function takes, built from its ``body`` annotation.

    The generated model names follow the schema's component names (``MoveRequestRequest``
    today), which schema work may rename; the endpoint modules follow operation ids, which
    are stable. Reading the class off the annotation keeps this bot working across such a
    rename without editing it. An optional body is annotated ``Model | Unset``."""
    hint = typing.get_type_hints(endpoint)["body"]
    models = [t for t in typing.get_args(hint) or (hint,) if hasattr(t, "from_dict")]
    return models[0](**fields)


def ok(response: Response[Any], expected: int) -> Any:
    """The parsed body of a successful response; exits with the error body otherwise."""
    if response.status_code != expected:
        sys.exit(f"HTTP {int(response.status_code)}: {response.content.decode(errors='replace')}")
    return response.parsed


def value(card: str) -> int | None:
    """A number card's value (A = 1); None for J, Q and K."""
    rank = card[:-1]
    if rank in FACES:
        return None
    return 1 if rank == "A" else int(rank)


def playable(game: Any) -> list[tuple[str, str]]:
    """(position, card) of every playable card: pile tops first, then the reserve."""
    tops = [(pile.position, pile.top) for pile in game.piles if pile.top]
    reserve = [(slot.position, slot.card) for slot in game.reserve if slot.card]
    return tops + reserve


def find_removal(game: Any) -> list[str] | None:
    """Positions of a legal removal among the playable cards, or None (stalled)."""
    cards = playable(game)
    for (a, card_a), (b, card_b) in itertools.combinations(cards, 2):
        va, vb = value(card_a), value(card_b)
        if va is not None and vb is not None and va + vb == 11:
            return [a, b]
    by_rank: dict[str, str] = {}
    for position, card in cards:
        by_rank.setdefault(card[:-1], position)
    if all(rank in by_rank for rank in FACES):
        return [by_rank[rank] for rank in FACES]
    return None


def play(base_url: str, deal: str, name: str) -> dict[str, Any]:
    created = ok(
        players_create.sync_detailed(
            client=Client(base_url=base_url, raise_on_unexpected_status=True),
            body=body_of(players_create.sync, name=name),
        ),
        201,
    )
    # Bearer; a status the schema does not list for the call raises (UnexpectedStatus).
    client = AuthenticatedClient(
        base_url=base_url, token=created.token, raise_on_unexpected_status=True
    )
    game = ok(
        games_create.sync_detailed(client=client, body=body_of(games_create.sync, deal_code=deal)),
        201,
    )
    print(f"player {created.id} ({created.name}) plays game {game.id}, deal {game.deal_code}")
    while game.status not in OVER:
        positions = find_removal(game)
        if positions is None:
            print(f"stalled after {game.moves} moves with {game.cards_left} cards left: resigning")
            game = ok(games_resign.sync_detailed(game.id, client=client), 200)
            break
        body = body_of(games_move.sync, positions=positions, expected_version=game.version)
        game = ok(games_move.sync_detailed(game.id, client=client, body=body), 200)
        print(f"move {game.moves}: {' + '.join(positions)} -> score {game.score}")
    return {"game": game.id, "status": game.status, "moves": game.moves, "score": game.score}


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--base-url", default="http://127.0.0.1:8000")
    parser.add_argument("--deal", default=DEFAULT_DEAL, help=f"deal code (default {DEFAULT_DEAL})")
    parser.add_argument("--name", default="python-bot")
    args = parser.parse_args(argv)
    result = play(args.base_url, args.deal, args.name)
    print(
        f"game {result['game']} over: {result['status']}, {result['moves']} moves, "
        f"{result['score']} points"
    )
    print("result " + json.dumps(result))


if __name__ == "__main__":
    main()
