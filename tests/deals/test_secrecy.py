"""No player-facing response, frame or page carries a solver result (SPEC §10).

With every kind of solver result stored — solutions (with winning lines) of the deals being
played, of today's and yesterday's daily candidates and of pooled deals, and where a finished
game was lost — every REST route (walked from the URL configuration, as the player and
anonymously), the web client's page, the replies of starting and playing games, the first
message of every WebSocket route and the frames a move sends are scanned for solver fields.
"""

import datetime as dt
import json

import pytest
from django.urls import get_resolver
from rest_framework.test import APIClient

from games import actions
from games.core import clock
from games.daily.choice import choose
from games.deals import services as deals
from games.deals import solving
from games.deals.models import DealSolution, LossAnalysis
from games.engine import DealCode
from games.models import Game
from realtime.routing import websocket_urlpatterns
from tests.support.api import post, url
from tests.support.play import winnable
from tests.support.routes import QUIET_ON_CONNECT, SKIPPED_PREFIXES, body_of, fill, routes
from tests.support.sockets import communicator, own_reply, receive, watch_game

from .tables import LOSABLE, LOSING_MOVE, WINNABLE, store

pytestmark = pytest.mark.django_db(transaction=True)

#: Names a solver result would travel under.
SOLVER_KEYS = {
    "verdict",
    "nodes",
    "seconds",
    "budget",
    "line",
    "winning_line",
    "solution",
    "solutions",
    "solved",
    "solvable",
    "undecided",
    "lost_at",
    "loss",
    "losing_step",
    "candidate",
    "candidates",
    "pool",
    "pooled",
}
#: The solver's verdicts, as any JSON string.
VERDICTS = {"winnable", "lost", "undecided"}
#: What the admin's pages show of results: never on a player's page.
PAGE_MARKERS = ("data-verdict", "positions searched", "hm-loss", "Winning line")


def solver_fields(payload, where="") -> list[str]:
    """Every key named like a solver result, and every verdict as a value, in a JSON payload."""
    found = []
    if isinstance(payload, dict):
        for key, value in payload.items():
            if key in SOLVER_KEYS:
                found.append(f"{where}.{key}")
            found += solver_fields(value, f"{where}.{key}")
    elif isinstance(payload, list):
        for index, item in enumerate(payload):
            found += solver_fields(item, f"{where}[{index}]")
    elif isinstance(payload, str) and payload.strip().lower() in VERDICTS:
        found.append(f"{where} = {payload!r}")
    return found


def stored_lines() -> list[str]:
    """The first three moves of every stored winning line, as stored ("P1+P2 P3+R4 …")."""
    lines = DealSolution.objects.exclude(line="").values_list("line", flat=True)
    return [" ".join(line.split()[:3]) for line in lines if len(line.split()) >= 3]


def check(body: bytes | str, content_type: str, where: str, lines: list[str]) -> None:
    text = body.decode() if isinstance(body, bytes) else body
    assert not [line for line in lines if line in text], where
    if "json" in content_type:
        assert not solver_fields(json.loads(text)), (where, solver_fields(json.loads(text)))
    else:
        assert not [m for m in PAGE_MARKERS if m in text], where


@pytest.fixture
def known(player_client, settings):
    """A player with games on deals whose solutions are stored, a pooled deal given out (the
    deployment's winnable-deals policy), a game analysed for where it was lost, and today's
    and yesterday's daily deals chosen."""
    settings.HALFMOON_WINNABLE_DEALS_ONLY = True
    client, player = player_client("secret")
    today = clock.today()
    for date in (today, today - dt.timedelta(days=1)):
        choose(date)  # stores the solutions of the date's candidates
    deals.add_to_pool(store("HM1-N-POOLSEC", WINNABLE))
    replies = [post(client, url("games"), {})]  # from the pool, by the policy
    # Not from the pool: a fixed deal the solver wins. (A random deal is lost 2.5 % of the
    # time, and the suite's earlier seeding of `random` can make that every time.)
    replies.append(post(client, url("games"), {"deal_code": winnable()[0]}))
    replies.append(post(client, url("games"), {"daily": True}))
    for reply in replies:
        assert reply.status_code == 201, reply.content
        solving.solve_code(DealCode.parse(reply.json()["deal_code"]), 100_000)
    store("HM1-N-LOSABLE", LOSABLE)
    lost = actions.start_game(player, "HM1-N-LOSABLE").game
    actions.move(player, lost.pk, LOSING_MOVE)
    actions.resign(player, lost.pk)
    solving.locate_loss(Game.objects.get(pk=lost.pk), 1000)
    lines = stored_lines()
    assert LossAnalysis.objects.exists() and len(lines) >= 3
    games = [reply.json()["id"] for reply in replies] + [lost.pk]
    return client, player, games, replies, lines


@pytest.mark.slow
def test_no_rest_route_or_page_carries_a_solver_result(known):
    client, player, games, replies, lines = known
    for reply in replies:
        check(reply.content, reply["Content-Type"], "POST /games", lines)
    played = post(client, url("games", games[0], "moves"), {"positions": ["P1", "P2"]})
    assert played.status_code == 200, played.content  # the pooled table: one pair, won
    check(played.content, played["Content-Type"], "POST moves", lines)
    empty = post(client, url("games"), {})  # the pool is empty now: a plain random deal
    assert empty.status_code == 201
    check(empty.content, empty["Content-Type"], "POST /games (empty pool)", lines)
    anonymous, checked = APIClient(), set()
    yesterday = (clock.today() - dt.timedelta(days=1)).isoformat()
    for game_id in games:
        for date in (clock.today().isoformat(), yesterday):
            values = {"game": game_id, "player": player.pk, "date": date}
            for route in routes(get_resolver().url_patterns):
                if route.startswith(SKIPPED_PREFIXES) or (path := fill(route, values)) is None:
                    continue
                for who in (client, anonymous):
                    response = who.get(path)
                    check(body_of(response), response.get("Content-Type", ""), path, lines)
                    checked.add((path, response.status_code))
    assert ("/", 200) in checked  # the web client's page
    assert (f"/api/v1/daily/{yesterday}/deal", 200) in checked  # a past layout
    assert (f"/api/v1/games/{games[0]}", 200) in checked


async def test_no_socket_frame_carries_a_solver_result(known):
    client, player, games, _, lines = known
    received = 0
    for game_id in games:
        values = {"game": game_id, "player": player.pk, "date": clock.today().isoformat()}
        for route in routes(websocket_urlpatterns):
            path = fill(route, values)
            if path is None or route in QUIET_ON_CONNECT:
                continue
            socket = communicator(path, client.token)
            connected, _ = await socket.connect()
            if not connected:
                continue
            try:
                check(await socket.receive_from(timeout=5), "json", path, lines)
                received += 1
            finally:
                await socket.disconnect()
    assert received >= len(games)
    socket = await watch_game(games[0], client.token)  # the pooled deal: one pair wins it
    try:
        check(json.dumps(await receive(socket)), "json", "snapshot", lines)
        await socket.send_json_to({"action": "move", "positions": ["P1", "P2"]})
        frames = []
        reply = await own_reply(socket, frames.append)
        assert reply["type"] == "result" and reply["game"]["status"] == "won"
        for frame in [*frames, reply]:
            check(json.dumps(frame), "json", f"frame {frame['type']}", lines)
    finally:
        await socket.disconnect()
