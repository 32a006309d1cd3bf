"""The daily page's "your friends today" (the board among the people one follows) and the
week's season board, with follow/unfollow from a board row: at desktop and phone sizes, axe
in each state."""

import pytest
from playwright.sync_api import expect

from games.core import clock
from games.models import Player, Season, SeasonEntry
from games.seasons import keys

from .axe import assert_accessible
from .test_daily import enter_board

pytestmark = pytest.mark.browser

DESKTOP = {"width": 1366, "height": 768}
PHONE = {"width": 390, "height": 844}
LANDSCAPE = {"width": 844, "height": 390}


def staged_week(players: dict[str, int]) -> str:
    """This week's season with a board as a rebuild leaves it (its days are real days only
    once they close: staged here, as the job would store it)."""
    span = keys.week_of(clock.today())
    Season.objects.create(
        key=span.key,
        kind="week",
        starts_on=span.starts_on,
        ends_on=span.ends_on,
        total=len(players),
        days_counted=2,
        computed_at=clock.now(),
    )
    for rank, (name, points) in enumerate(players.items(), start=1):
        SeasonEntry.objects.create(
            season_id=span.key,
            player=Player.objects.get(name=name),
            points=points,
            days=2,
            wins=1,
            rank=rank,
        )
    return span.key


@pytest.mark.parametrize(
    "viewport", [DESKTOP, PHONE, LANDSCAPE], ids=["desktop", "phone", "landscape"]
)
def test_friends_today_and_the_season_board(open_page, player, daphne_server, viewport):
    enter_board(daphne_server, "Ana")
    enter_board(daphne_server, "Bora")
    cem = enter_board(daphne_server, "Cem")
    page = open_page(cem, viewport=viewport)
    page.locator('.actions [data-action="daily"]').click()
    friends = page.get_by_role("complementary", name="Your friends today")
    expect(friends).to_contain_text("Follow players from the board to see them here.")
    expect(page.locator(".season-board")).to_contain_text("No closed day counts this week yet.")
    follows = page.locator(".board .follow")
    expect(follows.first).to_be_visible()
    for button in follows.all():  # every Follow word fits its button
        assert button.evaluate("b => b.scrollWidth <= b.clientWidth"), button.inner_text()
    assert_accessible(page, f"the daily page, following no one ({viewport})")

    page.get_by_role("button", name="Follow Bora").click()
    unfollow = page.get_by_role("button", name="Unfollow Bora")
    expect(unfollow).to_have_attribute("aria-pressed", "true")
    expect(unfollow).to_be_focused()
    # Its word fits its button (issue 38: "Unfollow" was clipped on the desktop board).
    assert unfollow.evaluate(
        "b => b.scrollWidth <= b.clientWidth && b.scrollHeight <= b.clientHeight"
    )
    expect(friends.locator("li")).to_have_count(2)  # Bora and me, ranked among us
    assert sorted(friends.locator(".friend-name").all_inner_texts()) == ["Bora", "Cem"]
    assert friends.locator(".friend-rank").all_inner_texts() == ["1", "2"]
    followed = cem.get("/api/v1/players/me/following").body["results"]
    assert [f["player"]["name"] for f in followed] == ["Bora"]
    assert_accessible(page, f"the daily page, following Bora ({viewport})")

    unfollow.click()
    expect(page.get_by_role("button", name="Follow Bora")).to_have_attribute(
        "aria-pressed", "false"
    )
    expect(friends).to_contain_text("Follow players from the board to see them here.")
    assert cem.get("/api/v1/players/me/following").body["results"] == []

    week = staged_week({"Ana": 250, "Cem": 200, "Bora": 117})
    page.reload()  # the page reads the season when it opens
    expect(page.locator(".daily-card")).to_be_visible()
    season = page.get_by_role("region", name=f"This week's season ({week})")
    expect(season.locator("tbody tr")).to_have_count(3)
    assert season.locator("tbody .col-player").all_inner_texts() == ["Ana", "Cem", "Bora"]
    expect(season.locator("tr.is-me .col-points")).to_have_text("200")
    assert_accessible(page, f"the daily page with the week's season board ({viewport})")


def staged_month(players: dict[str, int]) -> str:
    """This month's season with a board, as :func:`staged_week` stages the week's."""
    span = keys.month_of(clock.today())
    Season.objects.create(
        key=span.key,
        kind="month",
        starts_on=span.starts_on,
        ends_on=span.ends_on,
        total=len(players),
        days_counted=5,
        computed_at=clock.now(),
    )
    for rank, (name, points) in enumerate(players.items(), start=1):
        SeasonEntry.objects.create(
            season_id=span.key,
            player=Player.objects.get(name=name),
            points=points,
            days=5,
            wins=2,
            rank=rank,
        )
    return span.key


@pytest.mark.parametrize("viewport", [DESKTOP, PHONE], ids=["desktop", "phone"])
def test_the_months_season_board_is_a_toggle_away(open_page, player, viewport):
    """The monthly season has its board on the page too (issue 38): Week and Month switch it."""
    cem = player("Cem")
    player("Ana")
    week = staged_week({"Cem": 120})
    month = staged_month({"Ana": 480, "Cem": 410})
    page = open_page(cem, viewport=viewport)
    page.goto(page.url.split("#")[0] + "#/daily")
    weekly = page.get_by_role("region", name=f"This week's season ({week})")
    expect(weekly.locator("tbody tr")).to_have_count(1)
    expect(page.get_by_role("button", name="Week")).to_have_attribute("aria-pressed", "true")
    page.get_by_role("button", name="Month").click()
    monthly = page.get_by_role("region", name=f"This month's season ({month})")
    expect(monthly.locator("tbody tr")).to_have_count(2)
    assert monthly.locator("tbody .col-player").all_inner_texts() == ["Ana", "Cem"]
    expect(monthly.locator("tr.is-me .col-points")).to_have_text("410")
    expect(page.get_by_role("button", name="Month")).to_have_attribute("aria-pressed", "true")
    expect(page.get_by_role("button", name="Month")).to_be_focused()
    assert_accessible(page, f"the daily page with the month's season board ({viewport})")
    page.get_by_role("button", name="Week").click()
    expect(page.get_by_role("region", name=f"This week's season ({week})")).to_be_visible()
