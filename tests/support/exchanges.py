"""A recorded set of requests and frames: both transports' answers, byte for byte.

:func:`record` plays one fixed scenario — players, a game's moves, taps, undo and resignation,
refusals of every kind, the daily deal and its board, a race's lobby, a challenge, following,
an account, the documents — through Django's test client (REST) and channels'
``WebsocketCommunicator`` (sockets) on a fresh database, with the service's clock fixed, and
returns every exchange as one line of JSON: the request, the status, the headers a client
reads, and the body exactly as sent. What a run cannot repeat — a token, an invite or challenge
code, a moment read from the wall clock rather than the service's clock — is replaced by a
placeholder numbered in order of first appearance, so two runs of one code base give the same
lines and two code bases that answer alike do too.

``tests/contract/test_recorded_exchanges.py`` compares a run with the recording kept in
``tests/data/exchanges.jsonl``: a refactoring must leave it unchanged; a change of behaviour
rewrites it (``make exchanges``), and the diff is the change's answers, reviewed with it.
"""

from __future__ import annotations

import asyncio
import datetime as dt
import hashlib
import json
import re
from collections.abc import Callable
from typing import Any

#: The service's clock during the recording (each exchange moves it :data:`STEP` on).
START = dt.datetime(2026, 3, 14, 12, 0, tzinfo=dt.UTC)
#: 1.3 s: no exchange falls on a whole minute after another (a token's last use is written at
#: most once a minute, and whether a use exactly a minute later counts is the database's
#: comparison of equal moments, not the service's behaviour).
STEP = dt.timedelta(milliseconds=1300)
#: A deal code: the same deal in every run.
DEAL = "HM1-N-AAAAAAA"

#: Response headers a client reads, kept; the rest (Date, a request id, Server) vary or say
#: nothing of the answer.
HEADERS = (
    "Allow",
    "Cache-Control",
    "Content-Type",
    "Deprecation",
    "ETag",
    "Link",
    "Location",
    "Retry-After",
    "Sunset",
    "Vary",
    "WWW-Authenticate",
)
#: Body keys whose values a run draws at random: each distinct value becomes ``<secret-N>``.
SECRET_KEYS = {
    "token",
    "invite",
    "code",
    "access_token",
    "refresh_token",
    "link_code",
    "device_proof",
}
#: A moment in ISO 8601: replaced when it is the wall clock's (a row's own ``now()``), kept when
#: it is the service's clock's, months away from it.
MOMENT = re.compile(r"\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?(Z|[+-]\d{2}:\d{2})")
#: Error codes and other fixed words are never secrets, even under a key above.
NOT_SECRET = re.compile(r"^[a-z_]+$")


class Recorder:
    """The exchanges of one run, with the placeholders of what it drew at random."""

    def __init__(self, clock: Callable[[], dt.datetime], advance: Callable[[], None]):
        self.lines: list[str] = []
        self.secrets: dict[str, str] = {}
        self.clock, self.advance = clock, advance

    # -- placeholders --------------------------------------------------------------------
    def learn(self, value: Any) -> None:
        """Collect the random values of a decoded body (any depth)."""
        if isinstance(value, dict):
            for key, item in value.items():
                if key in SECRET_KEYS and isinstance(item, str) and not NOT_SECRET.match(item):
                    self.secrets.setdefault(item, f"<secret-{len(self.secrets) + 1}>")
                elif key == "recovery_codes" and isinstance(item, list):
                    for code in item:
                        self.secrets.setdefault(code, f"<secret-{len(self.secrets) + 1}>")
                else:
                    self.learn(item)
        elif isinstance(value, list):
            for item in value:
                self.learn(item)

    def scrub(self, text: str) -> str:
        for secret in sorted(self.secrets, key=len, reverse=True):
            text = text.replace(secret, self.secrets[secret])
        return MOMENT.sub(self._moment, text)

    @staticmethod
    def _moment(match: re.Match) -> str:
        moment = dt.datetime.fromisoformat(match.group(0).replace("Z", "+00:00"))
        near_the_wall_clock = abs(moment - dt.datetime.now(dt.UTC)) < dt.timedelta(days=2)
        return "<moment>" if near_the_wall_clock else match.group(0)

    def add(self, entry: dict[str, Any]) -> None:
        self.lines.append(self.scrub(json.dumps(entry, sort_keys=True, ensure_ascii=False)))
        self.advance()

    # -- REST ----------------------------------------------------------------------------
    def rest(self, client, step: str, method: str, path: str, body: Any = None, **extra):
        """One request through the test client; returns the decoded body (or None)."""
        kwargs: dict[str, Any] = dict(extra)
        if isinstance(body, bytes | str):
            kwargs.setdefault("content_type", "application/json")
            response = client.generic(method, path, body, **kwargs)
        elif body is not None:
            response = getattr(client, method.lower())(path, body, format="json", **kwargs)
        else:
            response = getattr(client, method.lower())(path, **kwargs)
        content = response.content.decode()
        decoded = None
        if response.get("Content-Type", "").split(";")[0].endswith("json") and content:
            decoded = json.loads(content)
            self.learn(decoded)
        self.add(
            {
                "step": step,
                "transport": "rest",
                "request": [method, path, body if not isinstance(body, bytes) else body.decode()],
                "status": response.status_code,
                "headers": {name: response[name] for name in HEADERS if response.has_header(name)},
                "body": content,
            }
        )
        return decoded

    def document(self, client, step: str, path: str) -> None:
        """A large document, kept as its digest and size."""
        response = client.get(path)
        content = response.content
        self.add(
            {
                "step": step,
                "transport": "rest",
                "request": ["GET", path, None],
                "status": response.status_code,
                "headers": {"Content-Type": response.get("Content-Type", "")},
                "body": f"sha256:{hashlib.sha256(content).hexdigest()} ({len(content)} bytes)",
            }
        )

    # -- sockets -------------------------------------------------------------------------
    async def frames(self, socket, step: str, sent: Any, count: int) -> list[dict]:
        """``sent`` (a frame, raw text, or None: just listen), then the next ``count`` frames
        the socket gets; frames that arrive together are kept in a stable order (their text
        sorted: the order of a reply and a broadcast to the same socket is not a promise)."""
        if isinstance(sent, str):
            await socket.send_to(text_data=sent)
        elif sent is not None:
            await socket.send_json_to(sent)
        texts = [await socket.receive_from(timeout=10) for _ in range(count)]
        decoded = [json.loads(text) for text in texts]
        for frame in decoded:
            self.learn(frame)
        self.add(
            {
                "step": step,
                "transport": "socket",
                "request": sent,
                "frames": sorted(texts),
            }
        )
        return decoded

    async def closed(self, socket, step: str) -> None:
        """The close the socket gets next, with its code."""
        output = await socket.receive_output(timeout=10)
        self.add({"step": step, "transport": "socket", "request": None, "close": output})


def visible_pair(game: dict) -> list[str]:
    """Two positions whose visible cards make 11, or a J+Q+K, from a game's representation."""
    value = {"A": 1, "J": 11, "Q": 12, "K": 13}
    shown = [(p["position"], p["top"]) for p in game["piles"] if p.get("top")]
    shown += [(r["position"], r["card"]) for r in game["reserve"] if r.get("card")]
    numbers = [(pos, value.get(card[:-1]) or int(card[:-1])) for pos, card in shown]
    for i, (a, x) in enumerate(numbers):
        for b, y in numbers[i + 1 :]:
            if x + y == 11 and x <= 10 and y <= 10:
                return [a, b]
    faces = {n: pos for pos, n in numbers if n > 10}
    if len(faces) == 3:
        return [faces[11], faces[12], faces[13]]
    raise AssertionError(f"no visible removal in {shown}")


def record(api_client: Callable[[], Any], clock_moment: list[dt.datetime]) -> list[str]:
    """The scenario, played once; its lines. ``api_client()`` makes a fresh ``APIClient``;
    ``clock_moment[0]`` is the service's clock, which each exchange moves :data:`STEP` on."""

    def advance() -> None:
        clock_moment[0] += STEP

    rec = Recorder(lambda: clock_moment[0], advance)
    anon = api_client()
    ana, bo = api_client(), api_client()
    api = "/api/v1"

    # players
    created = rec.rest(anon, "player create", "POST", f"{api}/players", {"name": "Ana"})
    ana.credentials(HTTP_AUTHORIZATION=f"Token {created['token']}")
    ana_id = created["id"]
    created = rec.rest(anon, "second player", "POST", f"{api}/players", {"name": "Bo"})
    bo.credentials(HTTP_AUTHORIZATION=f"Token {created['token']}")
    bo_id = created["id"]
    rec.rest(ana, "me", "GET", f"{api}/players/me")
    rec.rest(ana, "settings", "PATCH", f"{api}/players/me", {"settings": {"move_errors": True}})
    rec.rest(ana, "settings refused", "PATCH", f"{api}/players/me", {"settings": {"x": 1}})
    rec.rest(anon, "me without a token", "GET", f"{api}/players/me")
    rec.rest(anon, "a bad token", "GET", f"{api}/players/me", HTTP_AUTHORIZATION="Token nope")

    # a game over REST
    game = rec.rest(ana, "game start", "POST", f"{api}/games", {"deal_code": DEAL})
    gid = game["id"]
    game_path = f"{api}/games/{gid}"
    rec.rest(ana, "game read", "GET", game_path)
    rec.rest(bo, "another's private game", "GET", game_path)
    rec.rest(ana, "a game that is not", "GET", f"{api}/games/999999")
    pair = visible_pair(game)
    game = rec.rest(ana, "move", "POST", f"{game_path}/moves", {"positions": pair})
    rec.rest(
        ana,
        "move, stale version",
        "POST",
        f"{game_path}/moves",
        {"positions": pair, "expected_version": 0},
    )
    rec.rest(ana, "move, bad position", "POST", f"{game_path}/moves", {"positions": ["P1", "Z9"]})
    rec.rest(ana, "move, one card", "POST", f"{game_path}/moves", {"positions": ["P1"]})
    rec.rest(ana, "move, same twice", "POST", f"{game_path}/moves", {"positions": ["P1", "P1"]})
    rec.rest(bo, "move, another's game", "POST", f"{game_path}/moves", {"positions": pair})
    rec.rest(ana, "move, not JSON", "POST", f"{game_path}/moves", b"{nope")
    rec.rest(ana, "move, unknown field", "POST", f"{game_path}/moves", {"positions": pair, "x": 1})
    rec.rest(
        ana,
        "move, form body",
        "POST",
        f"{game_path}/moves",
        "positions=P1",
        content_type="application/x-www-form-urlencoded",
    )
    rec.rest(ana, "tap", "POST", f"{game_path}/taps", {"position": "P1"})
    rec.rest(ana, "tap again (deselect)", "POST", f"{game_path}/taps", {"position": "P1"})
    rec.rest(ana, "undo", "POST", f"{game_path}/undo", {})
    rec.rest(ana, "undo, nothing left", "POST", f"{game_path}/undo", {})
    rec.rest(ana, "a method not taken", "DELETE", game_path)
    rec.rest(ana, "JSON not accepted", "GET", game_path, HTTP_ACCEPT="text/html")
    rec.rest(
        ana, "problem details", "GET", f"{api}/games/999999", HTTP_ACCEPT="application/problem+json"
    )
    rec.rest(ana, "an unknown query parameter", "GET", f"{api}/games?colour=red")
    rec.rest(ana, "an If-Match that is stale", "POST", f"{game_path}/undo", {}, HTTP_IF_MATCH='"0"')
    rec.rest(ana, "games list", "GET", f"{api}/games")
    rec.rest(ana, "games list, a bad cursor", "GET", f"{api}/games?cursor=zzz")
    rec.rest(ana, "log", "GET", f"{game_path}/log")
    rec.rest(ana, "replay step 1", "GET", f"{game_path}/replay/1")
    rec.rest(ana, "replay past the end", "GET", f"{game_path}/replay/99")
    rec.rest(ana, "make watchable", "PATCH", game_path, {"watchable": True})
    rec.rest(bo, "watching another's game", "GET", game_path)
    rec.rest(ana, "stats", "GET", f"{api}/players/{ana_id}/stats")

    # sockets on that game
    async def sockets() -> None:
        from channels.testing import WebsocketCommunicator

        from halfmoon_service.asgi import application

        # One socket at a time: a snapshot is stamped when it is built, so each is received
        # before the clock moves on.
        own = WebsocketCommunicator(application, f"/ws/games/{gid}/?token={ana_token}")
        assert (await own.connect())[0]
        await rec.frames(own, "socket snapshot (owner)", None, 1)
        watcher = WebsocketCommunicator(application, f"/ws/games/{gid}/")
        assert (await watcher.connect())[0]
        current = (await rec.frames(watcher, "socket snapshot (watcher)", None, 1))[0]["game"]
        move = {"action": "move", "positions": visible_pair(current), "request_id": "m-1"}
        await rec.frames(own, "socket move", move, 2)
        await rec.frames(watcher, "socket move, watched", None, 1)
        tap = {"action": "tap", "position": "P2", "request_id": 2}
        await rec.frames(own, "socket tap", tap, 2)
        await rec.frames(watcher, "socket tap, watched", None, 1)
        await rec.frames(own, "socket undo", {"action": "undo", "request_id": "u"}, 2)
        await rec.frames(watcher, "socket undo, watched", None, 1)
        await rec.frames(own, "socket, unknown action", {"action": "fly", "request_id": 3}, 1)
        await rec.frames(own, "socket, not JSON", "{nope", 1)
        await rec.frames(own, "socket, a key not taken", {"action": "undo", "colour": 1}, 1)
        await rec.frames(own, "socket, stale version", {"action": "undo", "expected_version": 0}, 1)
        await rec.frames(watcher, "socket, a watcher acts", {"action": "undo"}, 1)
        await own.disconnect()
        await watcher.disconnect()
        unknown = WebsocketCommunicator(application, "/ws/nothing/")
        connected = await unknown.connect()
        rec.add({"step": "socket, unknown path", "transport": "socket", "connected": connected[0]})
        if connected[0]:
            await rec.frames(unknown, "socket, unknown path frames", None, 1)
            await rec.closed(unknown, "socket, unknown path closed")

    ana_token = ana._credentials["HTTP_AUTHORIZATION"].split()[1]
    asyncio.run(sockets())

    rec.rest(ana, "resign", "POST", f"{game_path}/resign", {})
    rec.rest(ana, "move after the end", "POST", f"{game_path}/moves", {"positions": pair})

    # a challenge of that game
    challenge = rec.rest(ana, "challenge create", "POST", f"{game_path}/challenge", {})
    code = challenge["code"] if challenge and "code" in challenge else "none"
    rec.rest(bo, "challenge read", "GET", f"{api}/challenges/{code}")
    attempt = rec.rest(bo, "challenge attempt", "POST", f"{api}/challenges/{code}/games", {})
    if attempt and "id" in attempt:
        rec.rest(
            bo, "attempt watchable", "PATCH", f"{api}/games/{attempt['id']}", {"watchable": True}
        )
        rec.rest(bo, "attempt resign", "POST", f"{api}/games/{attempt['id']}/resign", {})
    rec.rest(ana, "challenge board", "GET", f"{api}/challenges/{code}/board")
    rec.rest(ana, "challenge not found", "GET", f"{api}/challenges/NOPE1234")

    # the daily deal
    today = clock_moment[0].date().isoformat()
    rec.rest(anon, "daily", "GET", f"{api}/daily")
    daily = rec.rest(bo, "daily attempt", "POST", f"{api}/games", {"daily": True})
    rec.rest(bo, "daily attempt again", "POST", f"{api}/games", {"daily": True})
    rec.rest(bo, "daily and a deal", "POST", f"{api}/games", {"daily": True, "deal_code": DEAL})
    if daily and "id" in daily:
        rec.rest(bo, "daily resign", "POST", f"{api}/games/{daily['id']}/resign", {})
    rec.rest(anon, "daily board", "GET", f"{api}/daily/{today}/leaderboard")
    rec.rest(bo, "daily board around me", "GET", f"{api}/daily/{today}/leaderboard?around=me")
    rec.rest(anon, "daily board, bad limit", "GET", f"{api}/daily/{today}/leaderboard?limit=0")
    rec.rest(anon, "daily board, a future day", "GET", f"{api}/daily/2099-01-01/leaderboard")
    rec.rest(anon, "daily board, not a date", "GET", f"{api}/daily/someday/leaderboard")
    rec.rest(anon, "daily deal of an open day", "GET", f"{api}/daily/{today}/deal")
    rec.rest(anon, "seasons", "GET", f"{api}/seasons")

    # a race's lobby
    rec.rest(ana, "race create, no seats", "POST", f"{api}/races", {})
    race = rec.rest(ana, "race create", "POST", f"{api}/races", {"seats": 2})
    if race and "id" in race:
        rid = race["id"]
        rec.rest(bo, "race join", "POST", f"{api}/races/join", {"invite": race.get("invite")})
        rec.rest(bo, "race join twice", "POST", f"{api}/races/join", {"invite": race.get("invite")})
        rec.rest(bo, "race ready", "POST", f"{api}/races/{rid}/ready", {"ready": True})
        rec.rest(bo, "race start, not host", "POST", f"{api}/races/{rid}/start", {})
        rec.rest(ana, "race read", "GET", f"{api}/races/{rid}")
        rec.rest(bo, "race leave", "POST", f"{api}/races/{rid}/leave", {})
        rec.rest(ana, "race start alone", "POST", f"{api}/races/{rid}/start", {})
        rec.rest(ana, "race cancel", "POST", f"{api}/races/{rid}/cancel", {})
    rec.rest(ana, "race join, no such invite", "POST", f"{api}/races/join", {"invite": "ZZZZZZ"})
    rec.rest(anon, "ratings", "GET", f"{api}/ratings")

    # following
    rec.rest(ana, "follow", "PUT", f"{api}/players/me/following/{bo_id}")
    rec.rest(ana, "follow self", "PUT", f"{api}/players/me/following/{ana_id}")
    rec.rest(ana, "following", "GET", f"{api}/players/me/following")
    rec.rest(ana, "unfollow", "DELETE", f"{api}/players/me/following/{bo_id}")

    # an account
    account = {"username": "ana_moon", "password": "a long and fine passphrase 42"}
    rec.rest(ana, "account create", "POST", f"{api}/account", account)
    rec.rest(ana, "account", "GET", f"{api}/account")
    rec.rest(
        anon,
        "sign in, wrong password",
        "POST",
        f"{api}/account/sign-in",
        {**account, "password": "wrong one"},
    )
    rec.rest(anon, "sign in", "POST", f"{api}/account/sign-in", account)
    rec.rest(ana, "devices", "GET", f"{api}/players/me/tokens")

    # the documents
    rec.document(anon, "OpenAPI document", f"{api}/schema/")
    rec.rest(anon, "OAuth metadata", "GET", "/.well-known/oauth-authorization-server")
    rec.rest(anon, "no such path", "GET", f"{api}/nothing-here")
    return rec.lines
