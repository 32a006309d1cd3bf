"""Fixtures of the engine tests: the HM1 golden vectors (docs/SPEC.md §2), kept as test data."""

import json
from pathlib import Path

import pytest

#: Part of the repository: a missing file is an error, never a reason to skip.
VECTORS_PATH = Path(__file__).resolve().parents[1] / "data" / "deal-vectors.json"


@pytest.fixture(scope="session")
def vectors() -> dict:
    """The parsed tests/data/deal-vectors.json (reading a missing file fails the test)."""
    return json.loads(VECTORS_PATH.read_text(encoding="utf-8"))
