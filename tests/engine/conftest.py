"""Fixtures of the engine tests: the golden vectors shared with other implementations."""
import json
import os
from pathlib import Path

import pytest

REPO_ROOT = Path(__file__).resolve().parents[2]
#: ``shared/`` sits beside the clone, locally and in CI.
VECTORS_PATH = REPO_ROOT.parent / "shared" / "spec" / "deal-vectors.json"


@pytest.fixture(scope="session")
def vectors() -> dict:
    """The parsed deal-vectors.json; a missing file fails in CI (``CI=true``), else skips."""
    if not VECTORS_PATH.is_file():
        message = f"golden vectors not found at {VECTORS_PATH}"
        if os.environ.get("CI", "").lower() == "true":
            pytest.fail(message, pytrace=False)
        pytest.skip(message)
    return json.loads(VECTORS_PATH.read_text(encoding="utf-8"))
