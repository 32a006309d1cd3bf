"""A small blocking JSON client over one keep-alive connection (one per thread), and helpers
to pick moves from what a player sees."""
from __future__ import annotations

import http.client
import json
from dataclasses import dataclass, field
from urllib.parse import urlsplit


@dataclass
class Reply:
    status: int
    body: object
    headers: dict = field(default_factory=dict)


class Http:
    """JSON requests to one server; a failed connection is reopened on the next request.

    A request whose connection breaks raises (``OSError``/``http.client.HTTPException``): the
    caller never learns whether it was applied, exactly like a client whose response was lost.
    """

    def __init__(self, base_url: str, token: str | None = None, timeout: float = 15):
        parts = urlsplit(base_url)
        self.host, self.port, self.timeout = parts.hostname, parts.port, timeout
        self.token = token
        self.connection: http.client.HTTPConnection | None = None

    def call(self, method: str, path: str, body=None, headers: dict | None = None,
             raw: bytes | None = None) -> Reply:
        sent = {"Content-Type": "application/json", **(headers or {})}
        if self.token:
            sent.setdefault("Authorization", f"Token {self.token}")
        data = raw if raw is not None else (None if body is None else json.dumps(body).encode())
        if self.connection is None:
            self.connection = http.client.HTTPConnection(self.host, self.port, timeout=self.timeout)
        try:
            self.connection.request(method, path, body=data, headers=sent)
            response = self.connection.getresponse()
            content = response.read()
        except BaseException:
            self.close()
            raise
        if response.getheader("Connection", "").lower() == "close":
            self.close()
        try:
            parsed = json.loads(content) if content else None
        except ValueError:
            parsed = content.decode("utf-8", "replace")
        return Reply(response.status, parsed, {k.lower(): v for k, v in response.getheaders()})

    def get(self, path, **kwargs) -> Reply:
        return self.call("GET", path, **kwargs)

    def post(self, path, body=None, **kwargs) -> Reply:
        return self.call("POST", path, body if body is not None else {}, **kwargs)

    def close(self) -> None:
        if self.connection is not None:
            self.connection.close()
            self.connection = None


def new_player(base_url: str, name: str) -> Http:
    """A client authenticated as a freshly created player."""
    reply = Http(base_url).post("/api/v1/players", {"name": name})
    assert reply.status == 201, reply
    return Http(base_url, reply.body["token"])


def visible_cards(game: dict) -> list[tuple[str, str]]:
    """(position, card) of every card a player sees: pile tops and reserve cards."""
    cards = [(p["position"], p["top"]) for p in game["piles"] if p["top"]]
    return cards + [(r["position"], r["card"]) for r in game["reserve"] if r["card"]]


def visible_moves(game: dict) -> list[list[str]]:
    """Every legal removal among the visible cards (pairs summing to 11, J+Q+K triples)."""
    cards = visible_cards(game)
    value = {"A": 1, **{str(n): n for n in range(2, 11)}}
    numbers = [(pos, value[c[:-1]]) for pos, c in cards if c[:-1] in value]
    moves = [[p, q] for i, (p, a) in enumerate(numbers) for q, b in numbers[i + 1:] if a + b == 11]
    faces = {rank: [pos for pos, c in cards if c[:-1] == rank] for rank in "JQK"}
    moves += [[j, q, k] for j in faces["J"] for q in faces["Q"] for k in faces["K"]]
    return moves


def choose_action(game: dict, rng) -> tuple[str, dict]:
    """A random action legal at this version of the game: (endpoint, body without version).

    Moves and undos are weighted up so games move on; taps keep the selection changing.
    """
    options = [("taps", {"position": pos}) for pos, _ in visible_cards(game)]
    options += [("moves", {"positions": move}) for move in visible_moves(game)] * 2
    if game["can_undo"]:
        options += [("undo", {})] * 2
    return rng.choice(options)
