"""The sockets' half of ``docs/PROTOCOL.md``, generated from the frames it describes
(:mod:`realtime.frames`): each socket's frames and actions and the close codes, as Markdown
tables. ``manage.py protocol_doc`` puts them in the document."""

from __future__ import annotations

import dataclasses
import inspect

from realtime import frames


def _one_line(text: str) -> str:
    return " ".join(inspect.cleandoc(text or "").split())


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
