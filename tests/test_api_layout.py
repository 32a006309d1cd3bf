"""api/ by domain (issue 41): every REST view is in ``api/<domain>/views.py`` and every
serializer in ``api/<domain>/serializers.py`` (the strict base fields in ``api/http/fields.py``),
so a reader finds a domain's REST surface in one folder; what views share lives in
``api/http/``. Read from the source (no import): the flat layout before it fails here."""

from __future__ import annotations

import ast
from pathlib import Path

API = Path(__file__).resolve().parents[1] / "api"
VIEW_BASES = {"APIView", "GameActionView", "TokenFreeView"}
SERIALIZER_BASES = {"Serializer", "StrictSerializer", "ListField", "CharField"}


def classes_by_module() -> dict[Path, list[tuple[str, set[str]]]]:
    found = {}
    for path in API.rglob("*.py"):
        tree = ast.parse(path.read_text())
        found[path.relative_to(API)] = [
            (node.name, {ast.unparse(base).rsplit(".", 1)[-1] for base in node.bases})
            for node in tree.body
            if isinstance(node, ast.ClassDef)
        ]
    return found


def test_every_view_is_in_its_domains_views_module():
    misplaced = [
        f"{path}: {name}"
        for path, classes in classes_by_module().items()
        for name, bases in classes
        if bases & VIEW_BASES
        and not (len(path.parts) == 2 and path.name == "views.py")
        and path != Path("http/base.py")
    ]
    assert misplaced == []


def test_every_serializer_is_in_its_domains_serializers_module():
    allowed = {Path("http/fields.py")}
    misplaced = [
        f"{path}: {name}"
        for path, classes in classes_by_module().items()
        for name, bases in classes
        if name.endswith(("Request", "Response", "Serializer"))
        and bases & SERIALIZER_BASES
        and not (len(path.parts) == 2 and path.name == "serializers.py")
        and path not in allowed
    ]
    assert misplaced == []


def test_each_domain_folder_has_its_views():
    domains = sorted(
        p.name
        for p in API.iterdir()
        if p.is_dir() and p.name != "http" and (p / "__init__.py").exists()
    )
    assert domains == [
        "accounts", "challenges", "daily", "following", "games", "oauth", "players", "privacy",
        "races", "seasons", "webhooks",
    ]  # fmt: skip
    assert all((API / domain / "views.py").exists() for domain in domains)
