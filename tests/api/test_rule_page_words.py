"""Server messages use the rule pages' words (issue 26): piles and reserve slots, not "positions";
in hr and tr the court cards are V, D, R (as docs/rules/rules-hr.txt and rules-tr.txt write
them), never J/Q/K, and the Turkish reserve is "rezerv".

Each refusal is sent over REST with ``Accept-Language`` and must leave the game unchanged; the
``position`` detail stays the machine code.
"""

import re
from pathlib import Path

import pytest
from django.conf import settings

from tests.support.api import post, url

from .helpers import refused
from .test_translations import po_entries

pytestmark = pytest.mark.django_db

LANGUAGES = ["en", "hr", "tr"]

#: (positions of the rich layout of ``helpers``, code, detail, message by language).
REFUSALS = {
    "empty pile": (
        ["P1", "P12"],
        "empty_position",
        ("position", "P12"),
        {"en": "Pile 12 is empty.", "hr": "Hrpa 12 je prazna.", "tr": "Yığın 12 boş."},
    ),
    "empty reserve slot": (
        ["R8", "P1"],
        "empty_position",
        ("position", "R8"),
        {
            "en": "Reserve slot 8 is empty.",
            "hr": "Polje rezerve 8 je prazno.",
            "tr": "Rezerv yeri 8 boş.",
        },
    ),
    "wrong pair": (
        ["P1", "P3"],
        "sum_must_be_11",
        None,
        {
            "en": "The sum must equal 11",
            "hr": "Zbroj mora biti jednak 11",
            "tr": "Toplam 11 olmalıdır",
        },
    ),
    "wrong triple": (
        ["P4", "P5", "R1"],
        "needs_jack_queen_king",
        None,
        {
            "en": "A jack, a queen and a king are needed",
            "hr": "Potrebni su dečko, dama i kralj",
            "tr": "Bir Vale, bir Kız ve bir Papaz gerekir",
        },
    ),
    "same place twice": (
        ["P1", "p1"],
        "duplicate_position",
        None,
        {
            "en": "The same pile or reserve slot was named twice.",
            "hr": "Ista hrpa ili isto polje rezerve navedeno je dvaput.",
            "tr": "Aynı yığın veya rezerv yeri iki kez belirtildi.",
        },
    ),
}


@pytest.mark.parametrize("language", LANGUAGES)
@pytest.mark.parametrize("case", sorted(REFUSALS))
def test_refusals_speak_the_rule_pages_words(table, language, case):
    positions, code, detail, messages = REFUSALS[case]
    client, game = table()
    body = refused(
        game["id"],
        lambda: post(
            client,
            url("games", game["id"], "moves"),
            {"positions": positions},
            HTTP_ACCEPT_LANGUAGE=language,
        ),
        400,
        code,
    )
    assert body["message"] == messages[language]
    if detail is not None:
        key, value = detail
        assert body[key] == value  # the machine code, in every language


#: A card written with J, Q or K (``QH``, ``Q♥``, ``J+Q+K``): the English letters.
ENGLISH_COURT_CARD = re.compile(r"\b[JQK](?:[SHDC]\b|[♠♥♦♣]|\+)|\+[JQK]\b")


@pytest.mark.parametrize("language", ["hr", "tr"])
def test_catalogues_write_court_cards_and_places_as_the_rule_pages(language):
    path = Path(settings.BASE_DIR) / "locale" / language / "LC_MESSAGES" / "django.po"
    translated = po_entries(path).values()
    assert translated
    assert not [text for text in translated if ENGLISH_COURT_CARD.search(text)]
    assert not [text for text in translated if re.search(r"\byedek", text, re.IGNORECASE)]
    assert not [text for text in translated if re.search(r"\bkonum", text, re.IGNORECASE)]
