"""The solver is a pure library: only the engine and the standard library."""

import ast
import os
import subprocess
import sys
from pathlib import Path

import games.solver

SOLVER_DIR = Path(games.solver.__file__).parent
REPO_ROOT = SOLVER_DIR.parents[1]


def test_importing_the_solver_loads_no_django():
    env = {k: v for k, v in os.environ.items() if k != "DJANGO_SETTINGS_MODULE"}
    probe = (
        "import sys, games.solver; "
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


def test_solver_files_import_only_the_engine_itself_and_the_standard_library():
    files = sorted(SOLVER_DIR.rglob("*.py"))
    assert len(files) >= 8
    for path in files:
        tree = ast.parse(path.read_text(encoding="utf-8"))
        for node in ast.walk(tree):
            if isinstance(node, ast.ImportFrom) and node.level == 0:
                names = [node.module]
            elif isinstance(node, ast.Import):
                names = [alias.name for alias in node.names]
            else:
                continue
            for name in names:
                top = name.split(".")[0]
                assert name == "games.engine" or top in sys.stdlib_module_names, (path, name)
