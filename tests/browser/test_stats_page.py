"""The statistics page: the figures of GET /players/{id}/stats, a chart of the recent games'
scores and the daily history, for a player with won, resigned, open and daily games."""

import re

import pytest
from django.conf import settings
from playwright.sync_api import expect

from tests.support.moves import visible_pair
from tests.support.play import DEAL
from tests.support.solver import find_winnable_code

from .axe import assert_accessible
from .pages import PHONE, names, stalling_deal

LANDSCAPE = {"width": 844, "height": 390}
WIDE = {"width": 1366, "height": 768}


def play_history(http):
    """A won game, a resigned one, today's ranked daily attempt (resigned), a daily practice
    game and an open game with one pair removed; returns the games' ids, oldest first."""
    code, moves = find_winnable_code(settings.HALFMOON_DEAL_KEY)
    won = http.post("/api/v1/games", {"deal_code": code.text}).body
    for move in moves:
        assert (
            http.post(f"/api/v1/games/{won['id']}/moves", {"positions": names(move)}).status == 200
        )
    resigned = http.post("/api/v1/games", {"deal_code": DEAL}).body
    http.post(f"/api/v1/games/{resigned['id']}/moves", {"positions": visible_pair(resigned)})
    http.post(f"/api/v1/games/{resigned['id']}/resign")
    ranked = http.post("/api/v1/games", {"daily": True}).body
    http.post(f"/api/v1/games/{ranked['id']}/resign")
    practice = http.post("/api/v1/games", {"daily": True}).body
    assert (ranked["ranked"], practice["ranked"]) == (True, False)
    open_game = http.post("/api/v1/games", {"deal_code": DEAL}).body
    http.post(f"/api/v1/games/{open_game['id']}/moves", {"positions": visible_pair(open_game)})
    return [won["id"], resigned["id"], ranked["id"], practice["id"], open_game["id"]]


def test_the_statistics_page_shows_the_api_figures_a_chart_and_the_daily_history(open_page, player):
    http = player("Statistician")
    ids = play_history(http)
    me = http.get("/api/v1/players/me").body
    stats = http.get(f"/api/v1/players/{me['id']}/stats").body
    assert (stats["games_played"], stats["games_won"]) == (5, 1)

    page = open_page(http, ids[-1])  # the open game: nothing new is started
    page.locator('.tools [data-action="stats"]').click()
    view = page.locator(".stats-view")
    expect(view.locator("h2")).to_have_text("Your statistics")
    tile = lambda key: view.locator(f'.tile[data-stat="{key}"] dd')  # noqa: E731
    expect(tile("games_played")).to_have_text("5")
    expect(tile("games_won")).to_have_text("1")
    expect(tile("win_rate")).to_have_text(
        f"{stats['win_rate'] * 100:.1f}".rstrip("0").rstrip(".") + "%"
    )
    expect(tile("daily_attempts")).to_have_text(str(stats["daily"]["ranked_attempts"]))
    expect(tile("best_time")).to_have_text(
        f"{stats['best_win_ms'] // 60000}:{stats['best_win_ms'] // 1000 % 60:02d}"
    )
    expect(tile("current_streak")).to_have_text("0")

    recent = list(reversed(stats["recent_games"]))  # the chart runs oldest to newest
    bars = view.locator("svg.chart rect.bar")
    expect(bars).to_have_count(len(recent))
    drawn = bars.evaluate_all(
        "bars => bars.map(b => [Number(b.dataset.game), Number(b.dataset.score),"
        " b.getBoundingClientRect().height, b.getAttribute('class')])"
    )
    assert [(game, score) for game, score, _, _ in drawn] == [(g["id"], g["score"]) for g in recent]
    assert [game for game, *_ in drawn] == ids
    heights = {game: height for game, _, height, _ in drawn}
    assert heights[ids[0]] > heights[ids[1]] > 0  # 520 (won) against 10 (one pair, resigned)
    assert (
        "bar-won" in drawn[0][3] and "bar-resigned" in drawn[1][3] and "bar-playing" in drawn[4][3]
    )
    label = view.locator("svg.chart").get_attribute("aria-label")
    assert label.startswith("Scores of your last 5 games") and "won 520" in label

    history = view.locator(".games-daily tbody tr")
    expect(history).to_have_count(2)
    assert history.evaluate_all("rows => rows.map(r => Number(r.dataset.game))") == [ids[3], ids[2]]
    expect(history.nth(1).locator(".col-kind")).to_have_text("ranked")
    expect(history.nth(1).locator(".col-result")).to_have_text("resigned")
    expect(history.nth(0).locator(".col-kind")).to_have_text("practice")

    history.nth(1).get_by_role("button").click()  # the date opens the game on the table
    expect(page.locator("#table")).to_have_attribute("data-status", "resigned")
    assert page.evaluate("location.hash") == f"#/games/{ids[2]}"


def stalled_game(http):
    """A game played to a stall (cards left, no removal possible); returns it."""
    code, moves = stalling_deal()
    game = http.post("/api/v1/games", {"deal_code": code.text}).body
    for move in moves:
        game = http.post(f"/api/v1/games/{game['id']}/moves", {"positions": names(move)}).body
    assert game["status"] == "stalled"
    return game


FILLS = "groups => groups.map(g => getComputedStyle(g.querySelector('rect.bar')).fill)"


@pytest.mark.parametrize(
    "viewport", [WIDE, PHONE, LANDSCAPE], ids=["desktop", "phone", "landscape"]
)
def test_a_stall_has_its_own_colour_and_counts_as_not_won(open_page, player, viewport):
    """A win, a stall, a resigned and an open game: four colours, each named in the legend;
    the stall is also hatched (not colour alone) and the win rate is the server's (1 of 3)."""
    http = player("Staller")
    code, moves = find_winnable_code(settings.HALFMOON_DEAL_KEY)
    won = http.post("/api/v1/games", {"deal_code": code.text}).body
    for move in moves:
        http.post(f"/api/v1/games/{won['id']}/moves", {"positions": names(move)})
    stalled = stalled_game(http)
    resigned = http.post("/api/v1/games", {}).body
    http.post(f"/api/v1/games/{resigned['id']}/resign")
    open_game = http.post("/api/v1/games", {}).body
    me = http.get("/api/v1/players/me").body
    stats = http.get(f"/api/v1/players/{me['id']}/stats").body
    assert (stats["games_finished"], stats["games_stalled"], stats["win_rate"]) == (3, 1, 0.3333)

    page = open_page(http, open_game["id"], viewport=viewport)
    page.evaluate("location.hash = '#/stats'")
    view = page.locator(".stats-view")
    tile = lambda key: view.locator(f'.tile[data-stat="{key}"] dd')  # noqa: E731
    expect(tile("win_rate")).to_have_text("33.3%")
    expect(tile("games_stalled")).to_have_text("1")

    groups = view.locator("svg.chart g.bar-group")
    expect(groups).to_have_count(4)
    order = [won["id"], stalled["id"], resigned["id"], open_game["id"]]
    drawn = groups.evaluate_all(
        "gs => gs.map(g => Number(g.querySelector('rect.bar').dataset.game))"
    )
    assert drawn == order
    fills = dict(zip(order, groups.evaluate_all(FILLS), strict=True))
    assert fills[stalled["id"]] == "rgb(179, 38, 30)"
    assert len(set(fills.values())) == 4  # won, stalled, resigned, open: each its own colour
    stall_bar = view.locator(f'svg.chart rect.bar[data-game="{stalled["id"]}"]')
    expect(stall_bar).to_have_class(re.compile(r"\bbar-stalled\b"))
    expect(stall_bar.locator("xpath=..").locator("rect.bar-hatch")).to_have_count(1)
    assert "stalled" in view.locator("svg.chart").get_attribute("aria-label")

    legend = view.locator(".chart-legend li")
    expect(legend).to_have_text(["won", "resigned", "stalled", "in play"])
    legend_fills = legend.evaluate_all(FILLS)
    assert legend_fills == [
        fills[won["id"]],
        fills[resigned["id"]],
        fills[stalled["id"]],
        fills[open_game["id"]],
    ]
    expect(view.locator(".chart-legend .legend-stalled rect.bar-hatch")).to_have_count(1)
    row = view.locator(f'.games-recent tr[data-game="{stalled["id"]}"]')
    expect(row.locator(".col-result")).to_have_text("stalled")
    expect(row.locator(".col-time")).to_have_text(_clock(stalled["elapsed_ms"]))
    assert_accessible(page, f"the statistics page with a stall ({viewport})")


def _clock(ms):
    return f"{ms // 60000}:{ms // 1000 % 60:02d}"
