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
    assert_accessible(page, f"the daily page, following no one ({viewport})")

    page.get_by_role("button", name="Follow Bora").click()
    unfollow = page.get_by_role("button", name="Unfollow Bora")
    expect(unfollow).to_have_attribute("aria-pressed", "true")
    expect(unfollow).to_be_focused()
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
