"""The committed translations: every error code's message in hr and tr, and .mo files compiled
from .po.

After declaring an error (a ``default_message`` in the registry, ``games.core.errors``) or
editing a .po file run ``make messages`` (makemessages then compilemessages, from the repo
root) and fill in the new msgstr entries.
"""

import ast
import gettext
import re
from pathlib import Path

import pytest
from django.conf import settings
from django.utils import translation

from games.core.errors import REGISTRY

#: Every registered error code with its message (a lazy translation).
MESSAGES = {code: known.message for code, known in REGISTRY.items()}

LOCALE = Path(settings.BASE_DIR) / "locale"
TRANSLATED = ["hr", "tr"]
PLACEHOLDER = re.compile(r"%\((\w+)\)[sd]")


def po_entries(path: Path) -> dict:
    """The translated entries of a .po file as gettext keys them (fuzzy and obsolete skipped)."""
    entries, current, field = {}, None, None

    def flush():
        if current and not current["fuzzy"]:
            msgid = current.get("msgid", "")
            if "msgid_plural" in current:
                for key, value in current.items():
                    if key.startswith("msgstr[") and value:
                        entries[(msgid, int(key[7:-1]))] = value
            elif current.get("msgstr"):
                entries[msgid] = current["msgstr"]

    for line in path.read_text(encoding="utf-8").splitlines() + [""]:
        line = line.strip()
        if not line or line.startswith("#~"):
            flush()
            current, field = None, None
            continue
        if current is None:
            current = {"fuzzy": False}
        if line.startswith("#,") and "fuzzy" in line:
            current["fuzzy"] = True
        elif line.startswith("#"):
            continue
        elif line.startswith('"'):
            current[field] += ast.literal_eval(line)
        else:
            field, _, rest = line.partition(" ")
            current[field] = ast.literal_eval(rest)
    return entries


def english(text) -> str:
    with translation.override("en"):
        return str(text)


def mo_catalog(path: Path) -> dict:
    with path.open("rb") as handle:
        return dict(gettext.GNUTranslations(handle)._catalog)


@pytest.mark.parametrize("language", TRANSLATED)
def test_mo_is_compiled_from_the_current_po(language):
    folder = LOCALE / language / "LC_MESSAGES"
    po, mo = po_entries(folder / "django.po"), mo_catalog(folder / "django.mo")
    assert f"Language: {language}\n" in po[""] and f"Language: {language}\n" in mo[""]
    # msgfmt leaves the POT-Creation-Date out of the header it compiles.
    po[""], mo[""] = (re.sub(r"POT-Creation-Date: [^\n]*\n", "", h) for h in (po[""], mo[""]))
    assert mo == po, "the .mo file is stale: run make messages"


@pytest.mark.parametrize("language", TRANSLATED)
def test_every_api_message_is_translated(language):
    catalog = po_entries(LOCALE / language / "LC_MESSAGES" / "django.po")
    missing = [code for code, text in MESSAGES.items() if english(text) not in catalog]
    assert not missing, f"not in locale/{language} (run make messages, translate): {missing}"
    with translation.override(language):
        for code, text in MESSAGES.items():
            source, translated = english(text), str(text)
            assert translated and translated != source, code
            assert PLACEHOLDER.findall(translated) == PLACEHOLDER.findall(source), code


def test_the_rule_messages_are_the_specs_wording():
    expected = {
        "en": ("The sum must equal 11", "A jack, a queen and a king are needed"),
        "hr": ("Zbroj mora biti jednak 11", "Potrebni su dečko, dama i kralj"),
        "tr": ("Toplam 11 olmalıdır", "Bir Vale, bir Kız ve bir Papaz gerekir"),
    }
    for language, texts in expected.items():
        with translation.override(language):
            assert (
                str(MESSAGES["sum_must_be_11"]),
                str(MESSAGES["needs_jack_queen_king"]),
            ) == texts
