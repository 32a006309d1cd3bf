"""Both transports answer a recorded set of requests and frames byte for byte as they did when
the recording was made (:mod:`tests.support.exchanges`). A refactoring leaves
``tests/data/exchanges.jsonl`` unchanged; a change of behaviour rewrites it (``make
exchanges``) and its diff, reviewed with the change, is what clients will see differently."""

from __future__ import annotations

import difflib
import os
from pathlib import Path

import pytest
from rest_framework.test import APIClient

from games.core import clock
from tests.support import exchanges

# Fresh ids: a row's id is in the answers, and another test on this worker may have used some.
pytestmark = pytest.mark.django_db(transaction=True, reset_sequences=True)

RECORDING = Path(__file__).resolve().parents[1] / "data" / "exchanges.jsonl"


@pytest.fixture
def recorded(monkeypatch, settings):
    moment = [exchanges.START]
    monkeypatch.setattr(clock, "now", lambda: moment[0])
    settings.LANGUAGE_CODE = "en"
    return exchanges.record(APIClient, moment)


def test_the_recorded_exchanges_are_answered_byte_for_byte_as_recorded(recorded):
    if os.environ.get("HALFMOON_RECORD_EXCHANGES") == "1":
        RECORDING.write_text("\n".join(recorded) + "\n", encoding="utf-8")
        pytest.skip(f"recorded {len(recorded)} exchanges to {RECORDING}")
    kept = RECORDING.read_text(encoding="utf-8").splitlines()
    if kept != recorded:
        diff = "\n".join(
            difflib.unified_diff(kept, recorded, "recorded", "answered now", lineterm="", n=0)
        )
        pytest.fail(f"the answers changed (make exchanges rewrites the recording):\n{diff}")
