"""Browser: staff log in, open a game's inspector and step through the replay with the buttons.

Debian's Chromium (Playwright) against a real daphne process serving the test database. At
each step checked, the board drawn on the page must be the engine's own replay of the log.
"""

import pytest
from django.contrib.auth import get_user_model

from games.engine import Action, Board, Layout, Position
from tests.support import play

from .conftest import STAFF_PASSWORD

pytestmark = [pytest.mark.browser, pytest.mark.slow]

READ_BOARD = """root => Array.from(root.querySelectorAll('.hm-pos')).map(cell => ({
  position: cell.dataset.position,
  count: Number(cell.dataset.count),
  top: cell.dataset.top || null,
  shown: Array.from(cell.querySelectorAll('.hm-card[data-card]')).map(c => c.dataset.card),
  text: (cell.querySelector('.hm-top') || {}).textContent || null,
  selected: cell.classList.contains('hm-selected'),
}))"""
RECORD_POLICY_VIOLATIONS = """window.hmViolations = [];
document.addEventListener('securitypolicyviolation',
  e => window.hmViolations.push(e.violatedDirective + ' ' + e.blockedURI));"""
SUITS = {"C": "\u2663", "D": "\u2666", "H": "\u2665", "S": "\u2660"}


def engine_boards(game) -> list[Board]:
    """The deal, then the board after each log entry: the engine's replay, step by step."""
    board = Board(Layout.from_text(game.deal.layout))
    boards = [board.copy()]
    for event in game.events.order_by("seq"):
        board.apply(
            Action(event.kind, tuple(Position.parse(p) for p in event.positions.split("+") if p))
        )
        boards.append(board.copy())
    return boards


def expected_cells(board: Board, full: bool) -> list[dict]:
    cells = []
    for index in range(20):
        position = Position(index)
        cards = (
            board.piles[index]
            if index < 12
            else [c for c in [board.reserve[index - 12]] if c is not None]
        )
        top = cards[-1].code if cards else None
        shown = [c.code for c in cards] if full else ([top] if top else [])
        cells.append(
            {
                "position": position.name,
                "count": len(cards),
                "top": top,
                "shown": shown,
                "text": top[:-1] + SUITS[top[-1]] if top else None,
                "selected": position in board.selection,
            }
        )
    return cells


@pytest.fixture(autouse=True)
def _database_beside_playwright(monkeypatch):
    """Playwright's sync API keeps an event loop running in this thread; the test's own
    database calls are plain synchronous ones, so Django's async-context guard is lifted.
    (Autouse: set up before, and torn down after, the database fixtures.)"""
    monkeypatch.setenv("DJANGO_ALLOW_ASYNC_UNSAFE", "true")


@pytest.fixture
def game_to_inspect(transactional_db, make_player):
    get_user_model().objects.create_superuser("staff", "staff@example.com", STAFF_PASSWORD)
    player, _ = make_player("inspected")
    return play.play(player, play.start(player), 40)


def test_stepping_through_a_replay_shows_the_engines_boards(
    daphne_server, browser, game_to_inspect
):
    game = game_to_inspect
    boards = engine_boards(game)
    events = list(game.events.order_by("seq"))
    last = len(boards) - 1
    page = browser.new_page()
    errors = []
    page.on("pageerror", lambda error: errors.append(str(error)))
    # The admin's Content-Security-Policy blocks nothing these pages need (login, inspector).
    page.add_init_script(RECORD_POLICY_VIOLATIONS)
    try:
        page.goto(f"{daphne_server}/admin/login/?next=/admin/games/game/{game.pk}/change/")
        assert "script-src 'self'" in page.evaluate(
            "fetch(location.href).then(r => r.headers.get('content-security-policy'))"
        )
        assert page.evaluate("window.hmViolations") == []
        page.fill("#id_username", "staff")
        page.fill("#id_password", STAFF_PASSWORD)
        page.click("input[type=submit]")
        page.wait_for_selector("#hm-inspector[data-ready=true]")
        inspector = page.locator("#hm-inspector")

        def shows(step: int, full: bool = False):
            assert inspector.get_attribute("data-step") == str(step)
            assert page.input_value("#hm-slider") == str(step)
            assert inspector.evaluate(READ_BOARD) == expected_cells(boards[step], full), step
            assert page.text_content("#hm-score") == str(boards[step].score)
            assert page.text_content("#hm-moves") == str(boards[step].moves)
            assert page.text_content("#hm-status") == boards[step].status.value

        shows(last)  # opens on the game as it stands
        page.click("button[data-go=first]")
        shows(0)
        for step in range(1, 6):  # taps (with a selection), removals
            page.click("button[data-go=next]")
            shows(step)
        assert any(boards[s].selection for s in range(1, 6))
        undo_step = next(e.seq for e in events if e.kind == "undo")
        page.click(f"#hm-steps button[data-index='{undo_step}']")
        shows(undo_step)
        page.click("button[data-go=prev]")
        shows(undo_step - 1)
        page.click("button[data-go=last]")
        shows(last)
        page.click("button[data-go=next]")  # stays on the last step
        shows(last)
        page.locator("#hm-slider").evaluate(
            "(el, v) => { el.value = v; el.dispatchEvent(new Event('input')); }", 7
        )
        shows(7)
        page.check("#hm-show-hidden")  # staff: every hidden card of every pile
        shows(7, full=True)
        page.click("button[data-go=first]")
        shows(0, full=True)
        assert page.locator(".hm-pos[data-position=P1] .hm-card").count() == 8
        assert not errors, errors
        assert page.evaluate("window.hmViolations") == []
        # An injected inline handler does not run: the policy is in force, and reported.
        page.evaluate(
            """document.body.insertAdjacentHTML('beforeend',
               '<img src="/static/missing.png" onerror="window.hmRan = true">')"""
        )
        page.wait_for_function("window.hmViolations.length > 0")
        assert page.evaluate("window.hmRan") is None
    finally:
        page.close()
