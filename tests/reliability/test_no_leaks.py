"""No leaks: random play over REST and WebSocket; every player-facing payload is scanned.

Games are played at random (legal and illegal moves, taps on any position, undos, resigns,
reads of the game, its log and the player's list), including a ranked daily game with today's
daily payloads, its leaderboard (REST and live socket) and statistics. Every response, error
and socket message is kept with the game and version it describes; afterwards each is checked
against the tables replayed from the stored log (:mod:`tests.reliability.leaks`): no card that
was below a pile's top — never visible by then — may appear anywhere.
"""

import random

import pytest
from asgiref.sync import sync_to_async
from django.db import connections

from games.core import clock
from games.engine import Position
from tests.support.moves import visible_moves
from tests.support.sockets import open_socket, own_reply, receive, receive_until, watch_game

from .leaks import knowledge_of, leaks_in

REST_GAMES = 8
SOCKET_GAMES = 4
ACTIONS = 40
POSITIONS = [p.name for p in Position]


def random_request(game: dict, rng: random.Random) -> tuple[str, dict]:
    """(action, body): legal and illegal moves, taps anywhere, undos."""
    roll = rng.random()
    moves = visible_moves(game)
    if roll < 0.35 and moves:
        return "moves", {"positions": rng.choice(moves)}
    if roll < 0.5:
        return "moves", {"positions": rng.sample(POSITIONS, rng.choice((2, 3)))}
    if roll < 0.8:
        return "taps", {"position": rng.choice(POSITIONS)}
    return "undo", {}


class Recorder:
    def __init__(self):
        self.records = []  # (game id or None, version or None, payload, where)

    def game(self, payload, where):
        self.records.append((payload["id"], payload["version"], payload, where))

    def about(self, game_id, version, payload, where):
        self.records.append((game_id, version, payload, where))

    def problems(self) -> list[str]:
        knowledge = {}
        found = []
        for game_id, version, payload, where in self.records:
            if game_id is not None and game_id not in knowledge:
                knowledge[game_id] = knowledge_of(game_id)
            for problem in leaks_in(payload, version, knowledge.get(game_id)):
                found.append(f"{where} (game {game_id}): {problem}")
        return found


def play_rest(client, game, rng, recorder, actions=ACTIONS):
    for _ in range(actions):
        action, body = random_request(game, rng)
        reply = client.post(f"/api/v1/games/{game['id']}/{action}", body, format="json")
        payload = reply.json()
        if reply.status_code == 200:
            game = payload["game"] if action == "taps" else payload
        recorder.about(game["id"], game["version"], payload, f"POST {action} {reply.status_code}")
        if rng.random() < 0.1:
            log = client.get(f"/api/v1/games/{game['id']}/log").json()
            recorder.about(game["id"], log["version"], log, "GET log")
            recorder.game(client.get(f"/api/v1/games/{game['id']}").json(), "GET game")
    if rng.random() < 0.5:
        reply = client.post(f"/api/v1/games/{game['id']}/resign", {}, format="json")
        if reply.status_code == 200:
            game = reply.json()
        recorder.about(game["id"], game["version"], reply.json(), "POST resign")
    return game


@pytest.mark.django_db
@pytest.mark.slow
def test_rest_payloads_never_show_hidden_cards(player_client):
    rng = random.Random(2026)
    recorder = Recorder()
    client, player = player_client("leaky", move_errors=True, placement_aid=True)
    for _ in range(REST_GAMES):
        reply = client.post("/api/v1/games", {}, format="json")
        recorder.game(reply.json(), "POST games")
        play_rest(client, reply.json(), rng, recorder)
    for game in client.get("/api/v1/games", {"limit": 100}).json()["results"]:
        recorder.game(game, "GET games")
    # Today's daily deal: the ranked attempt, the day's payloads, the board and statistics.
    daily_game = client.post("/api/v1/games", {"daily": True}, format="json").json()
    recorder.game(daily_game, "POST daily game")
    daily_game = play_rest(client, daily_game, rng, recorder)
    today = clock.today().isoformat()
    day = client.get("/api/v1/daily").json()
    recorder.about(None, None, {k: v for k, v in day.items() if k != "attempt"}, "GET daily")
    recorder.game(day["attempt"], "GET daily attempt")
    for path in (
        f"/api/v1/daily/{today}/leaderboard",
        f"/api/v1/daily/{today}/deal",
        f"/api/v1/daily/{today}/leaderboard?around=me",
        f"/api/v1/players/{player.pk}/stats",
    ):
        recorder.about(None, None, client.get(path).json(), f"GET {path}")

    problems = recorder.problems()
    print(f"\nno leaks (REST): {len(recorder.records)} payloads of {REST_GAMES + 1} games scanned")
    assert len(recorder.records) > REST_GAMES * ACTIONS
    assert problems == []


@pytest.mark.django_db(transaction=True)
@pytest.mark.slow
async def test_socket_payloads_never_show_hidden_cards(player_client):
    rng = random.Random(11)
    recorder = Recorder()
    client, player = await sync_to_async(player_client)(
        "socket", move_errors=True, placement_aid=True
    )
    today = clock.today().isoformat()
    board = await open_socket(f"/ws/daily/{today}/")
    recorder.about(None, None, await receive(board), "daily board snapshot")
    for index in range(SOCKET_GAMES):
        body = {"daily": True} if index == 0 else {}
        game = (await sync_to_async(client.post)("/api/v1/games", body, format="json")).json()
        if index == 0:
            daily_game_id = game["id"]
        sockets = [await watch_game(game["id"], client.token)]
        if index:  # a daily game is not watchable; the others are made watchable
            made = await sync_to_async(client.patch)(
                f"/api/v1/games/{game['id']}", {"watchable": True}, format="json"
            )
            assert made.status_code == 200
            sockets.append(await watch_game(game["id"]))
        broadcasts = []
        for socket in sockets:
            snapshot = (await receive(socket))["game"]
            recorder.game(snapshot, "snapshot")
            broadcasts.append(Broadcasts(socket, recorder, snapshot["version"]))
        owner, to_owner = sockets[0], broadcasts[0]
        for _ in range(ACTIONS):
            action, body = random_request(game, rng)
            frame = {"action": {"moves": "move", "taps": "tap"}.get(action, action), **body}
            await owner.send_json_to(frame)
            reply = await own_reply(owner, to_owner.record)
            if reply["type"] == "result":
                game = reply["game"]
            recorder.about(game["id"], game["version"], reply, f"socket {frame['action']}")
        resigned = await sync_to_async(client.post)(
            f"/api/v1/games/{game['id']}/resign", {}, format="json"
        )
        last = resigned.json()["version"] if resigned.status_code == 200 else game["version"]
        for socket, to_socket in zip(sockets, broadcasts, strict=True):
            await to_socket.up_to(last)
            await socket.disconnect()
    # The ranked attempt entered the board when it ended: the board's one push of this test.
    entry = await receive_until(
        board,
        lambda m: m.get("entry", {}).get("game_id") == daily_game_id,
        lambda m: recorder.about(None, None, m, "daily board push"),
    )
    recorder.about(None, None, entry, "daily board push")
    await board.disconnect()
    problems = await sync_to_async(recorder.problems)()
    await sync_to_async(connections.close_all)()  # this thread's, before the database goes
    print(
        f"\nno leaks (WebSocket): {len(recorder.records)} messages of {SOCKET_GAMES} games "
        "and the live daily board scanned"
    )
    assert len(recorder.records) > SOCKET_GAMES * ACTIONS
    assert problems == []


class Broadcasts:
    """The game broadcasts a socket receives, recorded, and the last version among them."""

    def __init__(self, socket, recorder, version):
        self.socket, self.recorder, self.last = socket, recorder, version

    def record(self, message):
        self.recorder.game(message["game"], "broadcast")
        self.last = max(self.last, message["game"]["version"])

    async def up_to(self, version):
        """Record the broadcasts still on their way, up to the one of ``version``: every change
        is broadcast in order, so that one is the last message of the socket."""
        while self.last < version:
            self.record(await receive(self.socket))


@pytest.mark.django_db
def test_the_scan_finds_a_hidden_card(make_player):
    """The scanner itself: a card never visible, or a wrong top, is reported."""
    from games import actions
    from games.engine import Layout
    from games.play.presentation import game_payload

    player, _ = make_player("check")
    game = actions.start_game(player, "HM1-N-AAAAAAA").game
    layout = Layout.from_text(game.deal.layout)
    knowledge = knowledge_of(game.pk)
    visible = knowledge.seen[0]
    never_seen = next(c.code for pile in layout.piles for c in pile[:-1] if c.code not in visible)
    payload = game_payload(game)
    assert leaks_in(payload, 0, knowledge) == []
    assert leaks_in({"code": "x", "message": f"under P1 lies {never_seen}"}, 0, knowledge)
    assert leaks_in({"cards": [never_seen]}, 0, knowledge)
    tampered = {**payload, "piles": [{**payload["piles"][0], "count": 7}] + payload["piles"][1:]}
    assert leaks_in(tampered, 0, knowledge)
    assert leaks_in({"results": [{"name": "x", "top": never_seen}]}, None, None)
