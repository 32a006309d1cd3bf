"""The engine is a pure library: importing it never imports Django."""

import ast
import os
import subprocess
import sys
from pathlib import Path

import games.engine

ENGINE_DIR = Path(games.engine.__file__).parent
REPO_ROOT = ENGINE_DIR.parents[1]
FRAMEWORKS = ("django", "rest_framework", "channels", "daphne")


def test_importing_the_engine_in_a_fresh_interpreter_loads_no_django():
    env = {k: v for k, v in os.environ.items() if k != "DJANGO_SETTINGS_MODULE"}
    probe = (
        "import sys, games.engine; "
        "print(sorted(m for m in sys.modules if m == 'django' or m.startswith('django.')))"
    )
    result = subprocess.run(
        [sys.executable, "-c", probe],
        cwd=REPO_ROOT,
        env=env,
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert result.returncode == 0, result.stderr
    assert result.stdout.strip() == "[]"


def imported_modules(path: Path) -> set[str]:
    tree = ast.parse(path.read_text(encoding="utf-8"), filename=str(path))
    names = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            names.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom) and node.level == 0 and node.module:
            names.add(node.module)
    return names


def test_no_engine_file_imports_django():
    files = sorted(ENGINE_DIR.rglob("*.py"))
    assert len(files) >= 5
    for path in files:
        offending = {m for m in imported_modules(path) if m.split(".")[0] in FRAMEWORKS}
        assert not offending, f"{path.relative_to(REPO_ROOT)} imports {sorted(offending)}"
        source = path.read_text(encoding="utf-8")
        assert "__import__" not in source and "importlib" not in source, path
