"""Deal codes (SPEC §2): parsing, canonical text, rejection of everything else, boundaries."""

from collections import Counter

import pytest
from hypothesis import given
from hypothesis import strategies as st

from games.engine import DEAL_COUNT, DOUBLE_DECK, DealCode, InvalidDealCode, Layout


@pytest.mark.parametrize(
    "text",
    [
        "HM1-N-HALFMON",
        "hm1-n-halfmon",
        "Hm1-N-hAlFmOn",
        "  HM1-N-HALFMON  ",
        "\tHM1-N-HALFMON\n",
    ],
)
def test_codes_parse_case_insensitively_and_trimmed(text):
    code = DealCode.parse(text)
    assert code.text == "HM1-N-HALFMON"
    assert str(code) == "HM1-N-HALFMON"
    assert code == DealCode.parse("HM1-N-HALFMON")


@pytest.mark.parametrize(
    "text",
    [
        "",
        "   ",
        "HM1",
        "HM1-N-",
        "HM1-N-HALFMO",
        "HM1-N-HALFMONS",
        "HM2-N-HALFMON",
        "HM1-D-HALFMON",
        "HM1N-HALFMON",
        "HM1-NHALFMON",
        "HM1--N-HALFMON",
        "HM1-N-HALF-MON",
        "HM1-N-HALFM0N",
        "HM1-N-HALF MON",
        "HM1 -N-HALFMON",
        "HM1-N- HALFMON",
        "HM1_N_HALFMON",
        "-HM1-N-HALFMON",
        "HM1-N-HALFMON-",
        "HM1-N-HALFMON\x00",
        "HM1-N-HALFMÖN",
        "HM1-N-AAAAAß",
        "hm1-n-ııııııı",
        "ＨＭ1-N-HALFMON",
        "HM1-N-ＨALFMON",
        "HM1-N-HALFMON HM1-N-HALFMON",
        "HM1-N-1234567",
    ],
)
def test_malformed_codes_are_rejected(text):
    with pytest.raises(InvalidDealCode) as caught:
        DealCode.parse(text)
    assert caught.value.code == "invalid_deal_code"
    assert caught.value.message


@pytest.mark.parametrize("value", [None, 1, 2.5, b"HM1-N-HALFMON", ["HM1-N-HALFMON"]])
def test_non_text_codes_are_rejected(value):
    with pytest.raises(InvalidDealCode):
        DealCode.parse(value)


@pytest.mark.parametrize("number", [-1, DEAL_COUNT, DEAL_COUNT + 5, 2.0, "5", None])
def test_numbers_out_of_range_are_rejected(number):
    with pytest.raises(InvalidDealCode):
        DealCode(number)


@pytest.mark.parametrize(
    "text, number",
    [
        ("HM1-N-AAAAAAA", 0),
        ("HM1-N-AAAAAAB", 1),
        ("HM1-N-AAAAAAZ", 25),
        ("HM1-N-AAAAABA", 26),
        ("HM1-N-BAAAAAA", 26**6),
        ("HM1-N-ZZZZZZZ", 26**7 - 1),
    ],
)
def test_boundaries(text, number):
    assert DEAL_COUNT == 26**7
    assert DealCode.parse(text).number == number
    assert DealCode(number).text == text


@given(st.integers(min_value=0, max_value=DEAL_COUNT - 1))
def test_text_round_trips(number):
    code = DealCode(number)
    assert len(code.text) == len("HM1-N-AAAAAAA")
    assert DealCode.parse(code.text) == code
    assert DealCode.parse(f" {code.text.lower()} ") == code


def test_random_codes_are_in_range_and_vary():
    codes = [DealCode.random() for _ in range(300)]
    assert all(0 <= code.number < DEAL_COUNT for code in codes)
    assert all(DealCode.parse(code.text) == code for code in codes)
    assert len(set(codes)) > 1


@pytest.mark.parametrize("number", [0, 1, 12345, DEAL_COUNT - 1])
def test_a_layout_deals_the_whole_double_deck(number):
    layout = DealCode(number).layout()
    assert [len(pile) for pile in layout.piles] == [8] * 12
    assert len(layout.reserve) == 8 and None not in layout.reserve
    dealt = Counter(c for pile in layout.piles for c in pile) + Counter(layout.reserve)
    assert dealt == Counter(DOUBLE_DECK)
    assert layout == DealCode(number).layout()
    assert Layout.from_text(layout.to_text()) == layout


def test_neighbouring_codes_deal_different_layouts():
    assert DealCode(0).layout() != DealCode(1).layout()
