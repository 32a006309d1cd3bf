"""The solver's results in the admin (staff only): a deal's page with its solution and winning
line stepped through by the inspector, and where a finished game was lost (on demand, kept)."""

import pytest
from django.test import Client
from django.urls import reverse

from games import actions
from games.deals import solving
from games.deals.models import DealSolution, LossAnalysis, Verdict
from games.engine import Board, DealCode, Layout, Move
from games.models import DailyDeal, PooledDeal
from games.play.services import deal_for
from tests.deals.tables import LOSABLE, LOSING_MOVE, LOST, WINNABLE, WINNING_LINE, store

from .test_pages import replay_json

pytestmark = pytest.mark.django_db

REAL_DEAL = "HM1-N-OCLHCEH"  # winnable within a few hundred positions


def deal_page(client, deal):
    return client.get(reverse("admin:games_deal_change", args=[deal.pk]))


def game_page(client, game):
    return client.get(reverse("admin:games_game_change", args=[game.pk]))


def analyse(client, game):
    return client.post(reverse("admin:games_game_where_lost", args=[game.pk]))


# -- a deal's page --------------------------------------------------------------------------------
def test_the_deal_page_steps_through_the_winning_line_to_a_won_table(staff_client):
    deal = deal_for(DealCode.parse(REAL_DEAL))
    solution = solving.solve_deal(deal, 100_000)
    page = deal_page(staff_client, deal)
    assert page.status_code == 200
    html = page.content.decode()
    assert 'data-verdict="winnable"' in html and f"{solution.nodes} positions searched" in html
    steps = replay_json(page)["steps"]
    moves = solution.line.split()
    assert len(steps) == len(moves) + 1
    # Every step is the engine's own board after that much of the line; the last is won.
    board = Board(Layout.from_text(deal.layout))
    for step, move in zip(steps[1:], moves, strict=True):
        board.push(Move.parse(move))
        assert step["piles"] == [[c.code for c in pile] for pile in board.piles]
        assert step["reserve"] == [c.code if c else None for c in board.reserve]
        assert step["positions"] == move.split("+")
    assert (steps[-1]["status"], steps[-1]["cards_left"]) == ("won", 0)
    assert f"Winning line — {len(moves)} removals" in html


def test_a_lost_or_unsolved_deal_shows_its_verdict_and_no_line(staff_client):
    lost, unsolved = store("HM1-N-TINYLOS", LOST), store("HM1-N-TINYNEW", WINNABLE)
    solving.solve_deal(lost, 1000)
    html = deal_page(staff_client, lost).content.decode()
    assert 'data-verdict="lost"' in html and 'id="hm-replay"' not in html
    assert 'id="hm-solve"' not in html  # decided: nothing more to solve
    html = deal_page(staff_client, unsolved).content.decode()
    assert "Not solved yet" in html and 'id="hm-solve"' in html


def test_staff_solve_a_deal_from_its_page_and_from_the_list(staff_client):
    tiny, other = store("HM1-N-TINYWIN", WINNABLE), store("HM1-N-TINYLOS", LOST)
    response = staff_client.post(reverse("admin:games_deal_solve", args=[tiny.pk]))
    assert response.status_code == 302
    assert DealSolution.objects.get(deal=tiny).line == "P1+P2"
    listing = staff_client.post(
        reverse("admin:games_deal_changelist"),
        {"action": "solve_selected", "_selected_action": [other.pk]},
    )
    assert listing.status_code == 302
    assert DealSolution.objects.get(deal=other).verdict == Verdict.LOST
    shown = staff_client.get(reverse("admin:games_deal_changelist") + "?verdict=lost")
    rows = shown.content.decode()
    assert reverse("admin:games_deal_change", args=[other.pk]) in rows
    assert reverse("admin:games_deal_change", args=[tiny.pk]) not in rows


def test_the_solver_pages_are_for_staff_only(client, played):
    deal = store("HM1-N-TINYWIN", WINNABLE)
    game = played(2)
    for path in (
        reverse("admin:games_deal_change", args=[deal.pk]),
        reverse("admin:games_deal_solve", args=[deal.pk]),
        reverse("admin:games_game_where_lost", args=[game.pk]),
    ):
        response = client.post(path)
        assert response.status_code == 302 and "/login/" in response["Location"], path
    assert not DealSolution.objects.exists() and not LossAnalysis.objects.exists()


def test_daily_choices_and_the_pool_have_their_lists(staff_client):
    deal = store("HM1-N-TINYWIN", WINNABLE)
    PooledDeal.objects.create(deal=deal)
    DailyDeal.objects.create(date="2031-03-14", code=deal.code, candidate=1, budget=10)
    for model in ("dailydeal", "pooleddeal"):
        listing = staff_client.get(reverse(f"admin:games_{model}_changelist"))
        assert listing.status_code == 200 and "HM1-N-TINYWIN" in listing.content.decode()


# -- where a game was lost -------------------------------------------------------------------------
@pytest.fixture
def losable_game(make_player):
    """A resigned game of the small losable table: lost by its first move (log entry #1)."""

    def make(moves=(LOSING_MOVE,), resign=True):
        store("HM1-N-LOSABLE", LOSABLE)
        player, _ = make_player("loser")
        game = actions.start_game(player, "HM1-N-LOSABLE").game
        for positions in moves:
            actions.move(player, game.pk, positions)
        if resign:
            actions.resign(player, game.pk)
        game.refresh_from_db()
        return game

    return make


def test_staff_find_where_a_finished_game_was_lost_and_the_inspector_marks_it(
    staff_client, losable_game
):
    game = losable_game()
    before = game_page(staff_client, game).content.decode()
    assert "Not analysed yet" in before and 'id="hm-analyse"' in before
    response = analyse(staff_client, game)
    assert response.status_code == 302 and response["Location"].endswith("#hm-loss")
    analysis = LossAnalysis.objects.get(game=game)
    assert (analysis.seq, analysis.start, analysis.version) == (1, "winnable", game.version)
    page = game_page(staff_client, game)
    html = page.content.decode()
    assert "Lost at log entry #1 (step 1)" in html
    assert 'data-lost-step="1"' in html and html.count('class="hm-lost-step"') == 1
    assert replay_json(page)["lost_step"] == 1


def test_the_analysis_is_kept_and_not_computed_again(staff_client, losable_game, monkeypatch):
    game = losable_game()
    analyse(staff_client, game)
    kept = LossAnalysis.objects.get(game=game)

    def must_not_run(*args, **kwargs):
        raise AssertionError("a kept analysis is not computed again on viewing")

    monkeypatch.setattr(solving, "first_losing_step", must_not_run)
    for _ in range(2):
        assert "Lost at log entry #1" in game_page(staff_client, game).content.decode()
    assert LossAnalysis.objects.get(game=game).analysed_at == kept.analysed_at


def test_a_won_game_was_never_lost(staff_client, losable_game):
    game = losable_game(moves=WINNING_LINE, resign=False)
    assert game.status == "won"
    analyse(staff_client, game)
    assert LossAnalysis.objects.get(game=game).seq is None
    html = game_page(staff_client, game).content.decode()
    assert "Never lost: the game was won." in html and "data-lost-step" not in html


def test_a_game_of_a_lost_deal_was_lost_by_no_move(staff_client, make_player):
    store("HM1-N-TINYLOS", LOST)
    player, _ = make_player()
    game = actions.start_game(player, "HM1-N-TINYLOS").game
    actions.resign(player, game.pk)
    analyse(staff_client, game)
    assert "The deal itself cannot be won" in game_page(staff_client, game).content.decode()


def test_a_game_still_being_played_is_not_analysed(staff_client, losable_game):
    game = losable_game(moves=[WINNING_LINE[0]], resign=False)
    assert game.status == "playing"
    response = analyse(staff_client, game)
    assert response.status_code == 302 and not LossAnalysis.objects.exists()
    html = game_page(staff_client, game).content.decode()
    assert "still being played" in html and 'id="hm-analyse"' not in html


def test_an_analysis_of_an_older_version_is_not_shown(staff_client, losable_game, make_player):
    game = losable_game(resign=False)  # stalled after the losing move: an undo may follow
    assert game.status == "stalled"
    analyse(staff_client, game)
    actions.undo(game.owner, game.pk)
    actions.move(game.owner, game.pk, WINNING_LINE[0])
    actions.resign(game.owner, game.pk)
    html = game_page(staff_client, game).content.decode()
    assert "Not analysed yet" in html and "Lost at log entry" not in html
    analyse(staff_client, game)
    analysis = LossAnalysis.objects.get(game=game)
    assert analysis.seq == 1 and analysis.version == 4  # the first move still lost it


def test_viewers_may_analyse_and_a_get_is_refused(viewer_client, losable_game):
    game = losable_game()
    assert (
        viewer_client.get(reverse("admin:games_game_where_lost", args=[game.pk])).status_code == 405
    )
    assert analyse(viewer_client, game).status_code == 302
    assert LossAnalysis.objects.filter(game=game).exists()
    anonymous = Client()
    assert "/login/" in analyse(anonymous, game)["Location"]
