"""The HM1 golden vectors of SPEC §2 and §10 (deal-vectors.json): every deal, every daily code
and the candidates of daily deals."""

import datetime as dt
from itertools import islice

from games.engine import DealCode, random_words
from games.solver import solve

#: Enough for every verdict in the vectors (each is decided within a few thousand positions).
VERDICT_BUDGET = 100_000


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


def test_every_daily_candidate(vectors):
    """SPEC §10: candidate 0 is the §2 daily number, candidate i ≥ 1 its own HMAC."""
    days = vectors["daily_candidates"]
    assert {day["key"] for day in days} >= {"HM1-PUBLIC", "another-secret"}
    for day in days:
        date, key = dt.date.fromisoformat(day["date"]), day["key"].encode("ascii")
        for candidate in day["candidates"]:
            code = DealCode.daily_candidate(date, candidate["index"], key)
            assert code.text == candidate["code"], (day["date"], candidate)
        assert day["candidates"][0]["code"] == DealCode.daily(date, key).text


def test_the_day_s_deal_is_its_first_candidate_proven_winnable(vectors):
    """Each listed verdict is the solver's (each is decided within a few thousand positions),
    and the day's code is the first winnable candidate: the vectors include days whose
    candidate 0 (and 1) cannot be won."""
    days = [day for day in vectors["daily_candidates"] if "code" in day]
    assert max(len(day["candidates"]) for day in days) >= 3
    for day in days:
        key = day["key"].encode("ascii")
        verdicts = [
            solve(DealCode.parse(c["code"]).layout(key), node_budget=VERDICT_BUDGET).verdict.value
            for c in day["candidates"]
        ]
        assert verdicts == [c["verdict"] for c in day["candidates"]], day["date"]
        assert verdicts[-1] == "winnable" and "winnable" not in verdicts[:-1], day["date"]
        assert day["code"] == day["candidates"][-1]["code"]
