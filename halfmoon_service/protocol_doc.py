"""The generated parts of ``docs/PROTOCOL.md``: error codes from the registry, socket frames and
close codes from :mod:`realtime.frames`, rate limits from :mod:`api.http.ratelimit_headers`.
Each part sits between ``<!-- generated:NAME -->`` and ``<!-- /generated:NAME -->``;
``manage.py protocol_doc`` rewrites them and a test fails when the file and the definitions
disagree."""

from __future__ import annotations

import dataclasses
import inspect
import re
from pathlib import Path

from django.conf import settings

from api.http.ratelimit_headers import limits_table
from games.core.errors import REGISTRY
from realtime import frames

DOC = Path(settings.BASE_DIR) / "docs" / "PROTOCOL.md"


def _one_line(text: str) -> str:
    return " ".join(inspect.cleandoc(text or "").split())


def errors_table() -> str:
    lines = ["| Code | HTTP | Details | When | Message (en) |", "|---|---|---|---|---|"]
    for known in sorted(REGISTRY.values(), key=lambda e: (e.status, e.code)):
        details = ", ".join(f"`{name}`" for name in known.detail_fields) or "—"
        message = str(known.message).replace("|", "\\|")
        lines.append(f"| `{known.code}` | {known.status} | {details} | {known.when} | {message} |")
    return "\n".join(lines)


def frames_table(socket: str) -> str:
    lines = ["| `type` | Fields | When |", "|---|---|---|"]
    for frame in frames.FRAMES:
        if socket not in frame.sockets:
            continue
        if frame is frames.ErrorFrame:
            fields = [f"`{name}`: {doc}" for name, doc in frames.ErrorFrame.documented.items()]
            fields.append("…the code's details")
        else:
            fields = [
                f"`{item.name}`: {item.metadata['doc']}"
                for item in dataclasses.fields(frame)  # type: ignore[arg-type]
            ]
        lines.append(
            f"| `{frame.type}` | {'<br>'.join(fields)} | {_one_line(frame.__doc__ or '')} |"
        )
    return "\n".join(lines)


def actions_table(socket: str) -> str:
    lines = ["| `action` | Keys | What | Answered by |", "|---|---|---|---|"]
    for action in frames.ACTIONS:
        if socket not in action.sockets:
            continue
        keys = [
            f"`{item.name}`{'' if item.default is dataclasses.MISSING else '?'}: "
            f"{item.metadata['doc']}"
            for item in dataclasses.fields(action)
        ]
        lines.append(
            f"| `{action.name}` | {'<br>'.join(keys)} | {_one_line(action.__doc__ or '')} | "
            f"`result` with `action: {action.name}`, or `error` |"
        )
    return "\n".join(lines)


def close_codes_table() -> str:
    lines = ["| Close code | Meaning |", "|---|---|"]
    lines += [f"| {close.code} | {close.meaning} |" for close in frames.CLOSE_CODES]
    return "\n".join(lines)


def parts() -> dict[str, str]:
    return {
        "errors": errors_table(),
        "game-actions": actions_table(frames.GAME_SOCKET),
        "game-frames": frames_table(frames.GAME_SOCKET),
        "daily-frames": frames_table(frames.DAILY_SOCKET),
        "race-frames": frames_table(frames.RACE_SOCKET),
        "me-frames": frames_table(frames.ME_SOCKET),
        "close-codes": close_codes_table(),
        "rate-limits": limits_table(settings.HALFMOON_THROTTLE_DEFAULTS),
    }


def _filled(content: str):
    def fill(match: re.Match[str]) -> str:
        return match.group(1) + content + "\n" + match.group(2)

    return fill


def render(text: str) -> str:
    """``text`` with every generated part replaced by its current content."""
    for name, content in parts().items():
        pattern = re.compile(
            rf"(<!-- generated:{name} -->\n)(?:.*?\n)?(<!-- /generated:{name} -->)", re.S
        )
        if not pattern.search(text):
            raise ValueError(f"docs/PROTOCOL.md has no generated:{name} block")
        text = pattern.sub(_filled(content), text)
    return text
