"""``manage.py protocol_doc [--check]``: rewrite the generated parts of ``docs/PROTOCOL.md``.

Each part sits between ``<!-- generated:NAME -->`` and ``<!-- /generated:NAME -->`` and is made
next to what it describes: error codes from the registry (:mod:`games.core.error_table`), socket
frames, actions and close codes from the frames (:mod:`realtime.protocol_tables`), rate limits
from the throttles (:mod:`api.http.ratelimit_headers`). This command only puts them together; a
test fails when the file and the definitions disagree."""

from __future__ import annotations

import re
from pathlib import Path

from django.conf import settings
from django.core.management.base import BaseCommand, CommandError

from api.http.ratelimit_headers import limits_table
from games.core.error_table import errors_table
from realtime import frames
from realtime.protocol_tables import actions_table, close_codes_table, frames_table

DOC = Path(settings.BASE_DIR) / "docs" / "PROTOCOL.md"


def parts() -> dict[str, str]:
    return {
        "errors": errors_table(),
        "game-actions": actions_table(frames.GAME_SOCKET),
        "game-frames": frames_table(frames.GAME_SOCKET),
        "daily-frames": frames_table(frames.DAILY_SOCKET),
        "race-frames": frames_table(frames.RACE_SOCKET),
        "me-frames": frames_table(frames.ME_SOCKET),
        "challenge-frames": frames_table(frames.CHALLENGE_SOCKET),
        "season-frames": frames_table(frames.SEASON_SOCKET),
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


class Command(BaseCommand):
    help = "Regenerate the error codes, socket frames and close codes in docs/PROTOCOL.md."

    def add_arguments(self, parser):
        parser.add_argument(
            "--check",
            action="store_true",
            help="Fail if the file is not up to date instead of writing it.",
        )

    def handle(self, *args, check=False, **options):
        current = DOC.read_text(encoding="utf-8")
        wanted = render(current)
        if current == wanted:
            self.stdout.write("docs/PROTOCOL.md is up to date.")
        elif check:
            raise CommandError("docs/PROTOCOL.md is stale: run manage.py protocol_doc")
        else:
            DOC.write_text(wanted, encoding="utf-8")
            self.stdout.write("docs/PROTOCOL.md rewritten.")
