"""The HM1 golden vectors of SPEC §2 (deal-vectors.json): every deal and every daily code."""

import datetime as dt
from itertools import islice

from games.engine import DealCode, random_words


def test_the_vectors_cover_both_keys_and_the_daily_deal(vectors):
    keys = {deal["key"] for deal in vectors["deals"]}
    assert "HM1-PUBLIC" in keys and len(keys) >= 2
    assert vectors["daily"]


def test_every_deal_code_has_its_number(vectors):
    for deal in vectors["deals"]:
        assert DealCode.parse(deal["code"]).number == deal["number"], deal["code"]
        assert DealCode(deal["number"]).text == deal["code"]


def test_every_deal_starts_with_its_random_words(vectors):
    for deal in vectors["deals"]:
        code, key = DealCode.parse(deal["code"]), deal["key"].encode("ascii")
        words = list(islice(random_words(code, key), len(deal["first_words"])))
        assert words == deal["first_words"], (deal["code"], deal["key"])


def test_every_deal_reproduces_its_layout_exactly(vectors):
    for deal in vectors["deals"]:
        layout = DealCode.parse(deal["code"]).layout(deal["key"].encode("ascii"))
        piles = [[card.code for card in pile] for pile in layout.piles]
        reserve = [card.code for card in layout.reserve]
        assert piles == deal["piles"], (deal["code"], deal["key"])
        assert reserve == deal["reserve"], (deal["code"], deal["key"])


def test_every_daily_code(vectors):
    for daily in vectors["daily"]:
        date = dt.date.fromisoformat(daily["date"])
        assert DealCode.daily(date, daily["key"].encode("ascii")).text == daily["code"], daily


def test_the_deal_key_changes_the_layout(vectors):
    other = next(d for d in vectors["deals"] if d["key"] != "HM1-PUBLIC")
    code = DealCode.parse(other["code"])
    assert code.layout() != code.layout(other["key"].encode("ascii"))
