"""Watch a game over its WebSocket and send it actions (README, "WebSocket").

    .venv/bin/python clients/python/game_socket.py ws://127.0.0.1:8000/ws/games/7/ \\
        --token "$TOKEN" '{"action": "tap", "position": "P5", "request_id": "a1"}'

Prints what arrives (``<``) and what it sends (``>``): first the game, then for each action
the answer that names its ``request_id`` (a ``result`` or an ``error`` frame), then closes.
Without ``--token`` it watches as nobody (a public game, or one shared for watching). When the
server refuses instead (an ``error`` frame that says why, then the close: 4401 the token is
refused, 4403 the game is not one you may watch) it prints both and exits with 1.

A frame's ``game`` is cut to its id, version and status (``--full`` prints frames whole).
Needs ``websockets``, which the runtime lock installs into .venv (``make run``).
"""

from __future__ import annotations

import argparse
import json
import sys

from websockets.exceptions import ConnectionClosed, InvalidStatus
from websockets.sync.client import ClientConnection, connect

#: Seconds to wait for a frame before giving up.
TIMEOUT = 10


def shown(frame: str, full: bool) -> str:
    """The frame as received (``--full``), or with its ``game`` cut to its id, version and
    status (the table is long)."""
    parsed = json.loads(frame)
    game = parsed.pop("game", None)
    if full or not isinstance(game, dict):
        return frame
    text = json.dumps(parsed, ensure_ascii=False)
    brief = ", ".join(
        f'"{key}": {json.dumps(game.get(key))}' for key in ("id", "version", "status")
    )
    return text[:-1] + f', "game": {{{brief}, …}}}}'


def answer_to(socket: ClientConnection, request_id: str | None, full: bool) -> None:
    """Prints frames until the one answering ``request_id`` (a broadcast ``game`` frame of the
    change may come before or after it: the first answer ends the wait)."""
    while True:
        frame = socket.recv(timeout=TIMEOUT)
        print("<", shown(str(frame), full), flush=True)
        parsed = json.loads(frame)
        if parsed.get("type") in ("result", "error") and parsed.get("request_id") == request_id:
            return


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("url", help="the game's socket: ws://host/ws/games/<id>/")
    parser.add_argument("actions", nargs="*", help="action frames (JSON) to send, in order")
    parser.add_argument("--token", help="a player's token, sent as Authorization: Bearer")
    parser.add_argument("--full", action="store_true", help="print frames whole")
    args = parser.parse_intermixed_args(argv)
    headers = {"Authorization": f"Bearer {args.token}"} if args.token else {}
    try:
        with connect(args.url, additional_headers=headers, open_timeout=TIMEOUT) as socket:
            first = str(socket.recv(timeout=TIMEOUT))
            print("<", shown(first, args.full), flush=True)
            if json.loads(first).get("type") == "error":  # refused: the close follows
                socket.recv(timeout=TIMEOUT)
            for action in args.actions:
                print(">", action, flush=True)
                socket.send(action)
                answer_to(socket, json.loads(action).get("request_id"), args.full)
    except ConnectionClosed as closed:
        received = closed.rcvd
        code, reason = (received.code, received.reason) if received else (None, "")
        print(f"closed by the server: {code} {reason}".rstrip(), file=sys.stderr)
        return 1
    except InvalidStatus as refused:  # refused before the socket opened
        print(f"refused by the server: HTTP {refused.response.status_code}", file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
