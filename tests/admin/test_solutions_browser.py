"""Browser: staff step through a deal's winning line, and see where a game was lost.

Debian's Chromium (Playwright) against a real daphne process serving the test database. The
board drawn at each step must be the engine's own board after that much of the line.
"""

import pytest
from django.contrib.auth import get_user_model

from games import actions
from games.deals import solving
from games.engine import Board, DealCode, Layout, Move
from games.play.services import deal_for
from tests.deals.tables import LOSABLE, LOSING_MOVE, store

from .conftest import STAFF_PASSWORD
from .test_inspector_browser import READ_BOARD, expected_cells

pytestmark = [pytest.mark.browser, pytest.mark.slow]

REAL_DEAL = "HM1-N-OCLHCEH"


@pytest.fixture(autouse=True)
def _database_beside_playwright(monkeypatch):
    monkeypatch.setenv("DJANGO_ALLOW_ASYNC_UNSAFE", "true")


@pytest.fixture
def staff_page(transactional_db, browser, daphne_server):
    get_user_model().objects.create_superuser("staff", "staff@example.com", STAFF_PASSWORD)
    page = browser.new_page()
    errors = []
    page.on("pageerror", lambda error: errors.append(str(error)))

    def open_(path: str):
        page.goto(f"{daphne_server}/admin/login/?next={path}")
        page.fill("#id_username", "staff")
        page.fill("#id_password", STAFF_PASSWORD)
        page.click("input[type=submit]")
        page.wait_for_selector("#hm-inspector[data-ready=true]")
        return page

    yield open_
    page.close()
    assert not errors, errors


def test_the_winning_line_is_stepped_through_to_an_empty_table(staff_page):
    deal = deal_for(DealCode.parse(REAL_DEAL))
    solution = solving.solve_deal(deal, 100_000)
    boards = [Board(Layout.from_text(deal.layout))]
    for text in solution.line.split():
        board = boards[-1].copy()
        board.push(Move.parse(text))
        boards.append(board)
    page = staff_page(f"/admin/games/deal/{deal.pk}/change/")
    inspector = page.locator("#hm-inspector")

    def shows(step: int):
        assert inspector.get_attribute("data-step") == str(step)
        assert inspector.evaluate(READ_BOARD) == expected_cells(boards[step], False), step
        assert page.text_content("#hm-status") == boards[step].status.value

    last = len(boards) - 1
    shows(last)
    assert page.text_content("#hm-cards-left") == "0" and boards[last].status.value == "won"
    page.click("button[data-go=first]")
    shows(0)
    for step in range(1, 4):
        page.click("button[data-go=next]")
        shows(step)
    page.click(f"#hm-steps button[data-index='{last - 1}']")
    shows(last - 1)


def test_the_step_after_which_a_game_was_lost_is_marked(staff_page, make_player):
    store("HM1-N-LOSABLE", LOSABLE)
    player, _ = make_player("loser")
    game = actions.start_game(player, "HM1-N-LOSABLE").game
    actions.move(player, game.pk, LOSING_MOVE)
    actions.resign(player, game.pk)
    page = staff_page(f"/admin/games/game/{game.pk}/change/")
    page.click("#hm-analyse")  # posts the page's form to the where-lost view, then back
    page.wait_for_selector("#hm-loss-text")
    page.wait_for_selector("#hm-inspector[data-ready=true]")
    assert "Lost at log entry #1 (step 1)" in page.text_content("#hm-loss-text")
    inspector = page.locator("#hm-inspector")
    assert "hm-after-loss" in inspector.get_attribute("class")  # opens on the last step
    page.click("button[data-go=first]")
    assert "hm-after-loss" not in inspector.get_attribute("class")
    page.click("[data-go-index='1']")  # "Show step 1" beside the analysis
    assert inspector.get_attribute("data-step") == "1"
    assert "hm-after-loss" in inspector.get_attribute("class")
    assert page.locator(".hm-lost-step button").get_attribute("data-index") == "1"
