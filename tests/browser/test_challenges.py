"""Challenges and replays in the browser (SPEC §11): a challenge made from the end-of-game
dialog, its link opened in a second browser context and played to its end, the board live, and
the creator's line replayed step by step to the end and back; axe in each state, at desktop
and phone sizes."""

import re

import pytest
from playwright.sync_api import expect

from games.models import Game

from .axe import assert_accessible
from .pages import wait_ready

pytestmark = pytest.mark.browser

DESKTOP = {"width": 1366, "height": 768}
PHONE = {"width": 390, "height": 844}


def _legal(game_id: int) -> list[str]:
    board = Game.objects.get(pk=game_id).board()
    return [p.name for p in board.legal_moves()[0].positions]


def _resign(http, game_id: int) -> None:
    """Resign over REST, as the fastest way to an end: the page hears it on its game socket."""
    assert http.post(f"/api/v1/games/{game_id}/resign").status == 200


@pytest.mark.parametrize("viewport", [DESKTOP, PHONE], ids=["desktop", "phone"])
def test_a_challenge_link_played_in_a_second_context_and_the_line_replayed(
    open_page, player, daphne_server, viewport
):
    ana = player("Ana")
    game = ana.post("/api/v1/games", {}).body
    for _ in range(2):
        assert ana.post(f"/api/v1/games/{game['id']}/moves", {"positions": _legal(game["id"])})
    page = open_page(ana, game_id=game["id"], viewport=viewport)
    if viewport is PHONE:
        page.set_viewport_size(viewport)
    _resign(ana, game["id"])
    ended = page.locator("#ended-dialog")
    expect(ended).to_be_visible()
    ended.get_by_role("button", name="Challenge a friend").click()
    expect(page).to_have_url(re.compile(r"#/challenge/[A-Za-z0-9_-]{20,}$"))
    view = page.locator(".challenge-view")
    expect(view.get_by_role("heading", name="A challenge from Ana")).to_be_visible()
    link = view.locator(".challenge-link").input_value()
    code = link.rsplit("/", 1)[1]
    assert game["deal_code"] not in view.inner_text()
    assert_accessible(page, f"the creator's challenge page ({viewport})")

    bo = player("Bo")
    other = open_page(bo, viewport=viewport)  # a second browser context: Bo's own device
    other.goto(link)
    challenge = other.locator(".challenge-view")
    expect(challenge.get_by_role("heading", name="A challenge from Ana")).to_be_visible()
    expect(challenge).to_contain_text("Nobody has finished it yet.")
    assert game["deal_code"] not in other.content()  # the deal shows with Bo's own game only
    assert_accessible(other, f"a challenge before playing it ({viewport})")
    challenge.get_by_role("button", name="Play the challenge").click()
    expect(other).to_have_url(re.compile(r"#/games/\d+$"))
    wait_ready(other)
    bo_game = int(other.url.rsplit("/", 1)[1])
    assert Game.objects.get(pk=bo_game).deal.code == game["deal_code"]
    _resign(bo, bo_game)
    expect(other.locator("#ended-dialog")).to_be_visible()
    other.locator("#ended-dialog").get_by_role("button", name="Close").click()

    # Ana's page still on the challenge: its board is live
    expect(view.locator(".board li")).to_have_count(1)
    expect(view.locator(".board li .name")).to_have_text("Bo")
    other.goto(link)
    expect(challenge.locator(".board li .rank")).to_have_text("1")
    replay = challenge.get_by_role("link", name="Replay Ana's game")
    assert_accessible(other, f"a challenge after playing it ({viewport})")
    replay.click()

    stepper = other.locator(".replay-view")
    position = stepper.locator(".replay-position")
    expect(position).to_have_text("Move 0 of 3")
    assert_accessible(other, f"a replay at its start ({viewport})")
    other.keyboard.press("ArrowRight")
    expect(position).to_have_text("Move 1 of 3")
    expect(stepper.get_by_role("status")).to_contain_text("Removed")
    expect(other).to_have_url(re.compile(rf"#/games/{game['id']}/replay/1$"))
    other.keyboard.press("End")
    expect(position).to_have_text("Move 3 of 3")
    expect(stepper.get_by_role("status")).to_contain_text("resigned")
    expect(stepper.get_by_role("button", name="Step forward")).to_be_disabled()
    other.keyboard.press("Home")
    expect(position).to_have_text("Move 0 of 3")
    stepper.get_by_role("button", name="Step forward").click()
    stepper.get_by_role("button", name="Step back").click()
    expect(position).to_have_text("Move 0 of 3")
    stepper.get_by_role("button", name="Play").click()  # plays to the end, then stops
    expect(position).to_have_text("Move 3 of 3", timeout=15_000)
    expect(stepper.get_by_role("button", name="Play")).to_be_visible()
    assert_accessible(other, f"a replay at its end ({viewport})")
    # a link to a move opens there
    other.goto(f"{daphne_server}/#/games/{game['id']}/replay/2")
    expect(position).to_have_text("Move 2 of 3")
    assert code
