"""Smoke test of a running server: create a player, start a game, watch it over a WebSocket,
make a removal over HTTP and see it arrive on the socket; with ``--winnable-within SECONDS``,
also start a winnable game within that many seconds of the server's first answer (the embedded
default fills the winnable pool itself; the server runs under ``HALFMOON_WINNABLE_DEALS_ONLY``,
and the pool is read in its SQLite file, ``SQLITE_PATH``, since no answer tells a pooled deal
apart). Exits non-zero on any failure."""

import asyncio
import json
import os
import sqlite3
import sys
import time
import urllib.error
import urllib.request

import websockets

BASE = sys.argv[1].rstrip("/")
WINNABLE_WITHIN = float(sys.argv[3]) if sys.argv[2:3] == ["--winnable-within"] else None


def call(method, path, body=None, token=None):
    request = urllib.request.Request(
        BASE + path, method=method, data=None if body is None else json.dumps(body).encode()
    )
    request.add_header("Content-Type", "application/json")
    if token:
        request.add_header("Authorization", f"Token {token}")
    with urllib.request.urlopen(request, timeout=10) as response:
        return response.status, json.loads(response.read())


# Generous: the first `make run` installs the runtime lock into a fresh environment, migrates
# and collects the static files before it answers (about 30-60 s on a quiet machine, far more
# on a loaded one; the time to the first answer is measured by bench/newcomer.py, not here).
def wait_for_server(deadline=300):
    start = time.monotonic()
    while time.monotonic() - start < deadline:
        try:
            call("GET", "/api/v1/schema/?format=json")
            return time.monotonic()
        except (urllib.error.URLError, ConnectionError, json.JSONDecodeError):
            time.sleep(0.5)
    raise SystemExit(f"server at {BASE} did not answer within {deadline}s")


def visible_pair(game):
    cards = [(p["position"], p["top"]) for p in game["piles"] if p["top"]]
    cards += [(r["position"], r["card"]) for r in game["reserve"] if r["card"]]
    values = {"A": 1, "J": 0, "Q": 0, "K": 0}
    numbered = [
        (pos, values.get(card[:-1]) or int(card[:-1]))
        for pos, card in cards
        if card[:-1] not in "JQK"
    ]
    for i, (p, a) in enumerate(numbered):
        for q, b in numbered[i + 1 :]:
            if a + b == 11:
                return [p, q]
    return None


def read(sql, *parameters):
    """One read-only query of the server's SQLite file."""
    db = sqlite3.connect(f"file:{os.environ['SQLITE_PATH']}?mode=ro", uri=True, timeout=20)
    try:
        return db.execute(sql, parameters).fetchall()
    finally:
        db.close()


def winnable_game(token, answered, within):
    """Start a winnable game, within ``within`` seconds of ``answered``: once the pool has a
    deal, a random game is one proven winnable; returns the seconds it took."""
    while read("SELECT COUNT(*) FROM games_pooleddeal") == [(0,)]:
        if time.monotonic() - answered > within:
            raise SystemExit(f"no pooled deal within {within:g} s of the server's answer")
        time.sleep(0.2)
    status, game = call("POST", "/api/v1/games", {}, token)
    assert status == 201, status
    verdict = read(
        "SELECT s.verdict FROM games_dealsolution s JOIN games_deal d ON d.id = s.deal_id "
        "WHERE d.code = ?",
        game["deal_code"],
    )
    assert verdict == [("winnable",)], (game["deal_code"], verdict)
    return time.monotonic() - answered


async def main():
    answered = wait_for_server()
    status, player = call("POST", "/api/v1/players", {"name": "smoke"})
    assert status == 201, status
    token = player["token"]
    for _ in range(50):  # find a deal whose first move is a visible pair
        status, game = call("POST", "/api/v1/games", {}, token)
        assert status == 201
        pair = visible_pair(game)
        if pair:
            break
    ws_url = BASE.replace("http", "ws", 1) + f"/ws/games/{game['id']}/?token={token}"
    async with websockets.connect(ws_url) as ws:
        snapshot = json.loads(await asyncio.wait_for(ws.recv(), 10))
        assert snapshot["type"] == "game" and snapshot["game"]["version"] == 0, snapshot
        status, after = call(
            "POST",
            f"/api/v1/games/{game['id']}/moves",
            {"positions": pair, "expected_version": 0},
            token,
        )
        assert status == 200 and after["moves"] == 1 and after["score"] == 10, after
        pushed = json.loads(await asyncio.wait_for(ws.recv(), 10))
        assert pushed["type"] == "game" and pushed["game"]["version"] == 1, pushed
        await ws.send(json.dumps({"action": "undo", "request_id": "u1"}))
        replies = [json.loads(await asyncio.wait_for(ws.recv(), 10)) for _ in range(2)]
        result = next(r for r in replies if r["type"] == "result")
        assert result["request_id"] == "u1" and result["game"]["moves"] == 0, replies
    print(
        f"smoke: make run served game {game['id']}: move {'+'.join(pair)} over HTTP, "
        "pushed and undone over WebSocket"
    )
    if WINNABLE_WITHIN is not None:
        seconds = winnable_game(token, answered, WINNABLE_WITHIN)
        print(f"smoke: a winnable game {seconds:.1f} s after the first answer (the pool filled)")


asyncio.run(main())
