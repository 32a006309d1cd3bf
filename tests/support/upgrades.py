"""The previous release, for the upgrade proofs (``tests/ops/test_upgrade.py``;
docs/OPERATIONS.md, "Upgrade").

While a release migrates and its replicas replace the previous release's one by one, the
previous release's code serves on the new schema. Two checks hold a new migration to that:

* :func:`incompatibilities` reads each migration added since the previous release and names
  every operation that breaks code written before it — a column or table dropped or renamed,
  a column's type or nullability changed, a NOT NULL column added without a database default
  (the old code's INSERTs do not name it), a constraint added (the old code may write what it
  forbids) — unless the migration says why it is safe (``compatible_because = "…"``) or that
  it needs the previous release stopped (``downtime = "…"``, and the release note says so).
* :func:`extract` gives the previous release's code, from git, for a server process to serve
  the current schema with it.

The previous release is the commit in ``deploy/previous-release``.
"""

from __future__ import annotations

import subprocess
from pathlib import Path

from django.db import connection
from django.db.migrations import Migration
from django.db.migrations import operations as ops
from django.db.migrations.loader import MigrationLoader
from django.db.migrations.state import ProjectState
from django.db.models import NOT_PROVIDED

REPO = Path(__file__).resolve().parents[2]
RECORD = REPO / "deploy" / "previous-release"
APP = "games"
#: What a server of the previous release needs of its checkout (not its tests, benches or
#: generated clients).
LEFT_OUT = (":!tests", ":!bench", ":!clients")


def previous_release() -> str:
    lines = RECORD.read_text().splitlines()
    (commit,) = [line.strip() for line in lines if line.strip() and not line.startswith("#")]
    return commit


def git(*args: str, **kwargs) -> subprocess.CompletedProcess:
    return subprocess.run(["git", *args], cwd=REPO, capture_output=True, **kwargs)


def in_history(commit: str) -> bool:
    """Whether this clone has ``commit`` (a shallow one may not: ``git fetch --unshallow``)."""
    return git("cat-file", "-e", f"{commit}^{{commit}}").returncode == 0


def migrations_at(commit: str) -> set[str]:
    listed = git("ls-tree", "--name-only", f"{commit}:{APP}/migrations", text=True, check=True)
    names = listed.stdout.split()
    return {n.removesuffix(".py") for n in names if n.endswith(".py") and n[0].isdigit()}


def new_migrations(commit: str) -> list[Migration]:
    """The migrations of this checkout that ``commit`` does not have, in order."""
    loader = MigrationLoader(None, ignore_no_migrations=True)
    known = migrations_at(commit)
    return [
        loader.disk_migrations[key]
        for key in sorted(loader.disk_migrations)
        if key[0] == APP and key[1] not in known
    ]


def extract(commit: str, folder: Path) -> Path:
    """``commit``'s code (without :data:`LEFT_OUT`) written into ``folder``."""
    archive = git("archive", "--format=tar", commit, "--", ".", *LEFT_OUT, check=True)
    subprocess.run(["tar", "-x", "-C", str(folder)], input=archive.stdout, check=True)
    return folder


def incompatibilities(migration: Migration, state: ProjectState | None = None) -> list[str]:
    """What in ``migration`` breaks the code written before it (empty when nothing, or when
    the migration declares ``compatible_because`` or ``downtime``). ``state``: the project's
    state before it (the loader's, when not given)."""
    if getattr(migration, "compatible_because", "") or getattr(migration, "downtime", ""):
        return []
    if state is None:
        loader = MigrationLoader(None, ignore_no_migrations=True)
        state = loader.project_state((migration.app_label, migration.name), at_end=False)
    state = state.clone()
    found = []
    created: set[str] = set()  # tables of this migration: the previous release has no use of them
    for operation in migration.operations:
        if isinstance(operation, ops.CreateModel):
            created.add(operation.name_lower)
        model = getattr(operation, "model_name_lower", None)
        problem = None if model in created else _breaks_old_code(operation, state)
        if problem:
            found.append(f"{migration.name}: {operation.describe()}: {problem}")
        operation.state_forwards(APP, state)
    return found


def _breaks_old_code(operation, state: ProjectState) -> str | None:
    if isinstance(operation, ops.RemoveField | ops.DeleteModel):
        return "the previous release still reads and writes it"
    if isinstance(operation, ops.RenameField | ops.RenameModel | ops.AlterModelTable):
        return "the previous release still uses the old name"
    if isinstance(operation, ops.AddField):
        field = operation.field
        many = field.many_to_many
        if not (many or field.null or field.db_default is not NOT_PROVIDED):
            return "NOT NULL without a database default: the previous release's INSERTs fail"
    if isinstance(operation, ops.AlterField):
        model = state.models[APP, operation.model_name_lower]
        before = model.fields[operation.name]
        after = operation.field
        if before.db_parameters(connection)["type"] != after.db_parameters(connection)["type"]:
            return "the column's type changes under the previous release"
        if before.null and not after.null:
            return "the column becomes NOT NULL: the previous release may write none"
    if isinstance(operation, ops.AddConstraint | ops.AlterUniqueTogether):
        return "the previous release may write what the constraint refuses"
    return None
