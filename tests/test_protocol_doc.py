"""docs/PROTOCOL.md is generated, where it can be, from the definitions the code uses."""

import pytest

from halfmoon_service.management.commands.protocol_doc import DOC, parts, render


def test_the_protocol_document_is_up_to_date():
    current = DOC.read_text(encoding="utf-8")
    assert render(current) == current, "docs/PROTOCOL.md is stale: run manage.py protocol_doc"


def test_every_generated_part_is_in_the_document_and_names_what_it_lists():
    current = DOC.read_text(encoding="utf-8")
    generated = parts()
    for name, content in generated.items():
        assert f"<!-- generated:{name} -->\n{content}\n<!-- /generated:{name} -->" in current
    assert "`version_conflict` | 409 | `current_version`" in generated["errors"]
    assert "| `entry` |" in generated["daily-frames"] and "| 4404 |" in generated["close-codes"]


def test_a_stale_document_is_caught():
    current = DOC.read_text(encoding="utf-8")
    stale = current.replace("| `version_conflict` | 409 |", "| `version_conflict` | 410 |")
    assert stale != current and render(stale) == current
    with pytest.raises(ValueError):
        render("no generated blocks here")
