"""No REST payload ever shows a card below a pile's top (SPEC §3).

Random play on real HM1 deals through every endpoint — games, lists, logs, taps and errors —
while the test tracks, from the stored board, every card code visible at some point so far.
No response may contain a code that was never visible by then: its copies have only ever lain
below a pile's top (the two copies of a card look the same, so a code seen once is known).
"""

import random

import pytest

from games.engine import DealCode
from tests.support.api import post, url
from tests.support.payloads import CARD_RE

from .helpers import stored_board

pytestmark = pytest.mark.django_db

POSITIONS = [f"P{i}" for i in range(1, 13)] + [f"R{i}" for i in range(1, 9)]


def visible_codes(board) -> set[str]:
    return {card.code for _, card in board.playable()}


@pytest.mark.parametrize("seed", [1, 2, 3])
@pytest.mark.slow
def test_random_play_never_reveals_a_hidden_card(game_of, player_client, seed):
    rng = random.Random(seed)
    code = DealCode(rng.randrange(26**7)).text
    client, game = game_of(code, move_errors=True, placement_aid=True)
    game_id = game["id"]
    watcher, _ = player_client("watcher")
    layout_codes = {c.code for pile in stored_board(game_id).piles for c in pile}
    seen = visible_codes(stored_board(game_id))
    checked = []  # (status, codes never seen so far) of every response

    def send(response):
        """Check one response against what the player could have seen by then."""
        seen.update(visible_codes(stored_board(game_id)))
        shown = set(CARD_RE.findall(response.content.decode()))
        assert shown <= seen, (shown - seen, response.status_code, response.json())
        checked.append((response.status_code, len(layout_codes - seen)))

    for _ in range(150):
        board = stored_board(game_id)
        roll = rng.random()
        legal = board.legal_moves()
        if roll < 0.3 and legal:
            move = rng.choice(legal)
            send(
                post(
                    client,
                    url("games", game_id, "moves"),
                    {"positions": [p.name for p in move.positions]},
                )
            )
        elif roll < 0.65:
            send(post(client, url("games", game_id, "taps"), {"position": rng.choice(POSITIONS)}))
        elif roll < 0.8:
            send(post(client, url("games", game_id, "undo")))
        elif roll < 0.9:  # mostly illegal removals: their errors name the cards involved
            send(
                post(
                    client,
                    url("games", game_id, "moves"),
                    {"positions": rng.sample(POSITIONS, rng.choice((2, 3)))},
                )
            )
        else:
            send(watcher.get(url("games", game_id)))
            send(client.get(url("games", game_id, "log")))
            send(client.get(url("games")))
            send(post(watcher, url("games", game_id, "moves"), {"positions": ["P1", "P2"]}))
    send(post(client, url("games", game_id, "resign")))
    send(client.get(url("games", game_id, "log")))

    statuses = {status for status, _ in checked}
    assert {200, 400, 403}.issubset(statuses), statuses
    # The check had something to find: on average many card codes were still unseen.
    assert sum(unseen for _, unseen in checked) / len(checked) >= 10


def test_a_game_payload_shows_only_tops_and_counts(table):
    from .helpers import RICH_HIDDEN

    client, game = table()
    for payload in (game, client.get(url("games", game["id"])).json()):
        assert all(set(p) == {"position", "count", "top"} for p in payload["piles"])
        assert all(set(r) == {"position", "card"} for r in payload["reserve"])
        assert not set(CARD_RE.findall(str(payload))) & RICH_HIDDEN
