"""The README's architecture section is the map a newcomer reads first: it must stay true.

Every package under ``games/`` (and every top-level package) has its line in the table, the
table names no package that is gone, and the layers it lists are the import contracts'
layers, in their order.
"""

from __future__ import annotations

import re
import tomllib
from pathlib import Path

from django.conf import settings

ROOT = Path(settings.BASE_DIR)
README = ROOT / "README.md"
TOP_LEVEL = ("api", "api/http", "realtime", "web", "halfmoon_service")


def _section(text: str | None = None) -> str:
    text = README.read_text(encoding="utf-8") if text is None else text
    start = text.index("\n## Architecture\n")
    end = text.index("\n## ", start + 1)
    return text[start:end]


def _table_packages(text: str | None = None) -> list[str]:
    return re.findall(r"^\| `([\w/.]+?)/?` \|", _section(text), re.M)


def missing_from_map(text: str | None = None) -> list[str]:
    """The packages under ``games/`` that the map's table has no line for."""
    listed = {name.rstrip("/") for name in _table_packages(text)}
    return [package for package in _games_packages() if package not in listed]


def _code_blocks() -> list[list[str]]:
    return [
        block.strip().splitlines() for block in re.findall(r"```text\n(.*?)```", _section(), re.S)
    ]


def _layers_contracts() -> list[list[str]]:
    config = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))
    contracts = config["tool"]["importlinter"]["contracts"]
    return [contract["layers"] for contract in contracts if contract["type"] == "layers"]


def _games_packages() -> list[str]:
    return sorted(f"games/{path.parent.name}" for path in (ROOT / "games").glob("*/__init__.py"))


def test_the_game_then_the_architecture_come_right_after_the_two_commands():
    """A newcomer reads the two commands, what the game is (positions, card notation), then
    the map."""
    text = README.read_text(encoding="utf-8")
    commands = text.index("make test   #")
    game, architecture = text.index("\n## The game\n"), text.index("\n## Architecture\n")
    assert commands < game < architecture < text.index("\n## Play in the browser\n")
    assert not re.search(r"\n## ", text[commands:game])
    assert not re.search(r"\n## ", text[game + 1 : architecture])
    assert "P1" in text[game:architecture] and "R8" in text[game:architecture]


def test_every_package_under_games_has_its_line_in_the_map():
    missing = missing_from_map()
    assert not missing, f"README's Architecture table lacks {missing}"
    assert "games/actions.py" in _table_packages()


def test_every_top_level_package_has_its_line_in_the_map():
    listed = {name.rstrip("/") for name in _table_packages()}
    assert not [package for package in TOP_LEVEL if package not in listed]


def test_the_map_names_no_package_that_is_gone():
    for name in _table_packages():
        assert (ROOT / name).exists(), f"README's Architecture table names {name}, which is gone"


def test_each_package_has_one_line():
    names = _table_packages()
    assert len(names) == len(set(names))


def test_the_layers_are_the_import_contracts_layers_in_their_order():
    blocks = _code_blocks()
    for layers in _layers_contracts():
        assert layers in blocks, f"README's Architecture section does not list the layers {layers}"


def test_the_check_sees_a_stale_map():
    """A table without ``games/races/`` and ``games/admin/`` (as the map once was) fails."""
    text = README.read_text(encoding="utf-8")
    stale = re.sub(r"^\| `games/(races|admin)/` \|.*\n", "", text, flags=re.M)
    assert stale != text
    assert missing_from_map(stale) == ["games/admin", "games/races"]
