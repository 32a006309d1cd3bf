"""``manage.py configuration_doc [--check]``: rewrite the README's configuration table from
the declarations of :mod:`halfmoon_service.configuration` (between
``<!-- generated:configuration -->`` and ``<!-- /generated:configuration -->``); a test fails
when the README and the declarations disagree."""

from __future__ import annotations

import re
from pathlib import Path

from django.conf import settings
from django.core.management.base import BaseCommand, CommandError

from halfmoon_service.configuration import table

README = Path(settings.BASE_DIR) / "README.md"
BLOCK = re.compile(
    r"(<!-- generated:configuration -->\n)(?:.*?\n)?(<!-- /generated:configuration -->)", re.S
)


def render(text: str) -> str:
    """``text`` with its configuration table replaced by the current one."""
    if not BLOCK.search(text):
        raise ValueError("README.md has no generated:configuration block")
    return BLOCK.sub(lambda match: match.group(1) + table() + "\n" + match.group(2), text)


class Command(BaseCommand):
    help = "Regenerate the README's configuration table from halfmoon_service.configuration."

    def add_arguments(self, parser):
        parser.add_argument("--check", action="store_true", help="Fail if it is stale.")

    def handle(self, *args, check=False, **options):
        current = README.read_text(encoding="utf-8")
        wanted = render(current)
        if check:
            if wanted != current:
                raise CommandError(
                    "README.md's configuration table is stale: run it without --check"
                )
            return
        README.write_text(wanted, encoding="utf-8")
