"""The table of error codes in ``docs/PROTOCOL.md``, generated from the registry
(:data:`games.core.errors.REGISTRY`) that both transports answer from."""

from __future__ import annotations

from games.core.errors import REGISTRY


def errors_table() -> str:
    lines = ["| Code | HTTP | Details | When | Message (en) |", "|---|---|---|---|---|"]
    for known in sorted(REGISTRY.values(), key=lambda e: (e.status, e.code)):
        details = ", ".join(f"`{name}`" for name in known.detail_fields) or "—"
        message = str(known.message).replace("|", "\\|")
        lines.append(f"| `{known.code}` | {known.status} | {details} | {known.when} | {message} |")
    return "\n".join(lines)
