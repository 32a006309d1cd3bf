"""The repository carries its whole contract: nothing tracked points outside it.

A plain clone must have the specification, the rule pages and the golden deal vectors, and no
tracked file may read or link to the sibling checkout the contract was first drafted in.
"""

import re
import subprocess
from pathlib import Path

import pytest

REPO = Path(__file__).resolve().parents[1]

#: Spelled in pieces so that this file does not match itself.
OUTSIDE_PATHS = ("../" + "shared", "/work/" + "shared")

CONTRACT_FILES = (
    "docs/SPEC.md",
    "docs/PROTOCOL.md",
    "docs/rules/rules-hr.txt",
    "docs/rules/rules-tr.txt",
    "tests/data/deal-vectors.json",
)

#: A Markdown link or image target: ``[text](target)``.
MARKDOWN_LINK = re.compile(r"\]\(([^)\s]+)\)")


@pytest.fixture(scope="module")
def tracked() -> list[str]:
    """Every file git tracks in this checkout (a repository test needs the repository)."""
    listed = subprocess.run(["git", "ls-files", "-z"], cwd=REPO, capture_output=True, check=True)
    files = [name for name in listed.stdout.decode("utf-8").split("\0") if name]
    assert files, "git ls-files listed nothing"
    return files


def test_no_tracked_file_points_outside_the_repository(tracked):
    offenders = []
    for name in tracked:
        path = REPO / name
        if not path.is_file():  # deleted in the working tree, not yet committed
            continue
        content = path.read_bytes()
        offenders += [
            f"{name}: {outside}" for outside in OUTSIDE_PATHS if outside.encode() in content
        ]
    assert offenders == []


@pytest.mark.parametrize("name", CONTRACT_FILES)
def test_the_contract_is_tracked_in_the_repository(tracked, name):
    assert name in tracked, f"{name} is not tracked by git"
    assert (REPO / name).stat().st_size > 0


def test_relative_links_in_the_docs_resolve_inside_the_repository(tracked):
    broken = []
    for name in (n for n in tracked if n.endswith(".md")):
        source = REPO / name
        if not source.is_file():
            continue
        for target in MARKDOWN_LINK.findall(source.read_text(encoding="utf-8")):
            if re.match(r"^[a-z][a-z0-9+.-]*:", target) or target.startswith("#"):
                continue  # an external URL or an anchor in the same page
            resolved = (source.parent / target.split("#")[0]).resolve()
            if not resolved.is_relative_to(REPO) or not resolved.exists():
                broken.append(f"{name}: {target}")
    assert broken == []
