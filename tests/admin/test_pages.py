"""Admin pages render for staff, refuse everyone else, and the inspector replays the log."""

import json
import re

import pytest
from django.contrib.auth import get_user_model
from django.test import Client
from django.urls import reverse

from games import actions
from games.engine import Board, Layout
from games.models import Deal, Game, GameEvent, LeaderboardEntry, StaffAction
from games.moderation import services as moderation
from games.play.selectors import action_of
from halfmoon_service.admin_policy import CONTENT_SECURITY_POLICY
from tests.support import play

pytestmark = pytest.mark.django_db


def replay_json(response) -> dict:
    match = re.search(
        rb'<script id="hm-replay" type="application/json">(.*?)</script>', response.content, re.S
    )
    assert match, "the inspector embeds its steps"
    return json.loads(match.group(1))


def engine_boards(game):
    """The engine's board after each log entry, the deal first (independent of the admin)."""
    board = Board(Layout.from_text(game.deal.layout))
    boards = [board.copy()]
    for event in game.events.order_by("seq"):
        board.apply(action_of(event))
        boards.append(board.copy())
    return boards


def test_every_list_and_change_page_renders_for_staff(staff_client, staff_user, played):
    game = played(12)
    ranked = play.start_ranked(game.owner)
    actions.resign(game.owner, ranked.pk)  # enters today's leaderboard
    moderation.suspend(staff_user, game.owner_id, "test row")
    entry = LeaderboardEntry.objects.get(game=ranked)
    pages = {
        "game": game.pk,
        "player": game.owner_id,
        "deal": game.deal_id,
        "gameevent": game.events.first().pk,
        "staffaction": StaffAction.objects.get().pk,
        "dailyboard": entry.date,
        "leaderboardentry": entry.pk,
    }
    assert staff_client.get(reverse("admin:index")).status_code == 200
    for model, pk in pages.items():
        listing = staff_client.get(reverse(f"admin:games_{model}_changelist"))
        assert listing.status_code == 200, model
        page = staff_client.get(reverse(f"admin:games_{model}_change", args=[pk]))
        assert page.status_code == 200, model
        for answer in (listing, page):
            assert answer["Content-Security-Policy"] == CONTENT_SECURITY_POLICY, model


def test_every_admin_answer_has_a_content_security_policy(staff_client):
    """Signed in or not, a page or a redirect: no inline script runs, nothing frames it."""
    for client, path in (
        (Client(), reverse("admin:login")),
        (Client(), reverse("admin:index")),  # a redirect to the login page
        (staff_client, reverse("admin:index")),
        (staff_client, reverse("admin:games_game_add")),
    ):
        answer = client.get(path)
        assert answer.status_code in (200, 302, 403), (path, answer.status_code)
        policy = answer["Content-Security-Policy"]
        assert "script-src 'self'" in policy and "frame-ancestors 'none'" in policy, path
        assert "'unsafe-inline'" not in policy.split("script-src", 1)[1].split(";", 1)[0]
    # The web client keeps its own, stricter policy.
    assert "'unsafe-inline'" not in Client().get("/")["Content-Security-Policy"]


def test_inspector_of_a_long_game_steps_match_the_engine(staff_client, played):
    game = played(160, resign=True)
    events = list(game.events.order_by("seq"))
    assert len(events) > 150
    assert {e.kind for e in events} == {"move", "tap", "undo", "resign"}
    response = staff_client.get(reverse("admin:games_game_change", args=[game.pk]))
    assert response.status_code == 200
    replay = replay_json(response)
    assert replay["failure"] is None
    boards = engine_boards(game)
    assert len(replay["steps"]) == len(events) + 1 == len(boards)
    for step, board in zip(replay["steps"], boards, strict=True):
        assert step["piles"] == [[c.code for c in pile] for pile in board.piles]
        assert step["reserve"] == [c.code if c else None for c in board.reserve]
        assert step["selection"] == [p.name for p in board.selection]
        assert (step["score"], step["moves"], step["status"]) == (
            board.score,
            board.moves,
            board.status.value,
        )
    last = replay["steps"][-1]
    assert (last["score"], last["moves"], last["status"]) == (game.score, game.moves, "resigned")
    assert game.board().state_string() == boards[-1].state_string()
    page = response.content.decode()
    assert "Verified:" in page and f"{len(events)} log entries" in page
    for kind in ("undo: restored", "tap", "resign"):
        assert kind in page
    assert "selection cleared (sum_must_be_11)" in page


def test_inspector_shows_owner_deal_status_and_the_full_layout(staff_client, played):
    game = played(6)
    page = staff_client.get(reverse("admin:games_game_change", args=[game.pk])).content.decode()
    for text in (
        game.deal.code,
        game.owner.name,
        f">{game.version}<",
        f">{game.score}<",
        game.get_status_display(),
    ):
        assert text in page
    hidden_bottom_card = Layout.from_text(game.deal.layout).piles[0][0].code
    assert f"<th>P1</th><td>{hidden_bottom_card} " in page  # full layout table, staff only


def test_a_log_the_engine_refuses_is_shown_up_to_the_failure(staff_client, played):
    game = played(8)
    GameEvent.objects.filter(game=game, seq=3).update(kind="undo", positions="", cards="")
    GameEvent.objects.filter(game=game, seq=1).update(kind="undo", positions="", cards="")
    response = staff_client.get(reverse("admin:games_game_change", args=[game.pk]))
    assert response.status_code == 200
    replay = replay_json(response)
    assert len(replay["steps"]) == 1 and "nothing_to_undo" in replay["failure"]
    assert "Mismatch:" in response.content.decode()


def test_lists_filter_and_search(staff_client, played, make_player):
    won_like = played(4, name="zoe")
    other = played(2, name="bob", deal_code="HM1-N-BBBBBBB", resign=True)
    url = reverse("admin:games_game_changelist")

    def ids(**params):
        response = staff_client.get(url, params)
        assert response.status_code == 200
        return {g.pk for g in response.context["cl"].result_list}

    assert ids() == {won_like.pk, other.pk}
    assert ids(status__exact="resigned") == {other.pk}
    assert ids(q="zoe") == {won_like.pk}
    assert ids(q="HM1-N-BBBBBBB") == {other.pk}
    assert ids(player=str(other.owner_id)) == {other.pk}
    assert ids(player="ZOE") == {won_like.pk}
    assert ids(deal="hm1-n-aaaaaaa") == {won_like.pk}
    assert ids(deal="not a code") == set()
    assert ids(ranked__exact="1") == set()
    assert ids(daily="2026-01-01") == set() and ids(daily="junk") == set()
    assert ids(disqualified="no") == {won_like.pk, other.pk}


def test_daily_and_ranked_filters(staff_client, make_player):
    player, _ = make_player("daily")
    ranked = play.start_ranked(player)
    practice = play.start(player)
    url = reverse("admin:games_game_changelist")
    found = lambda **p: {g.pk for g in staff_client.get(url, p).context["cl"].result_list}  # noqa
    assert found(ranked__exact="1") == {ranked.pk}
    assert found(daily=ranked.daily_date.isoformat()) == {ranked.pk}
    assert found(ranked__exact="0") == {practice.pk}


def test_players_and_deals_show_games_played_and_won(staff_client, make_player):
    ann, _ = make_player("ann")
    won = play.win(ann)
    assert won.status == "won"
    code = won.deal.code
    actions.resign(ann, actions.start_game(ann, code).game.pk)
    actions.start_game(ann, code)
    players = staff_client.get(reverse("admin:games_player_changelist"))
    row = next(p for p in players.context["cl"].result_list if p.pk == ann.pk)
    assert (row.played, row.won) == (3, 1)
    assert "3" in players.content.decode()
    deals = staff_client.get(reverse("admin:games_deal_changelist"))
    deal_row = next(d for d in deals.context["cl"].result_list if d.code == code)
    assert (deal_row.played, deal_row.won) == (3, 1)
    page = staff_client.get(reverse("admin:games_player_change", args=[ann.pk])).content.decode()
    assert "All 3 games of this player" in page and "33%" in page
    deal = Deal.objects.get(code=code)
    page = staff_client.get(reverse("admin:games_deal_change", args=[deal.pk])).content.decode()
    assert f"?deal={deal.code}" in page


@pytest.mark.parametrize("who", ["anonymous", "player user", "player token"])
def test_non_staff_are_refused(who, played):
    game = played(4)
    client = Client()
    if who == "player user":
        user = get_user_model().objects.create_user("plain", password="x-password-1")
        client.force_login(user)
    elif who == "player token":
        client = Client(HTTP_AUTHORIZATION=f"Token {game.token}")
    for url in (
        reverse("admin:index"),
        reverse("admin:games_game_change", args=[game.pk]),
        reverse("admin:games_deal_changelist"),
        reverse("admin:games_game_disqualify", args=[game.pk]),
    ):
        response = client.get(url)
        assert response.status_code == 302 and "/admin/login/" in response["Location"], url
        assert game.deal.layout.split("/")[0] not in response.content.decode()


def test_staff_without_moderation_rights_can_view_but_not_moderate(viewer_client, played):
    game = played(4)
    page = viewer_client.get(reverse("admin:games_game_change", args=[game.pk]))
    assert page.status_code == 200
    listing = viewer_client.get(reverse("admin:games_game_changelist"))
    actions = [name for name, _ in listing.context["action_form"].fields["action"].choices]
    assert "verify_selected" in actions and "disqualify" not in actions
    refused = viewer_client.post(
        reverse("admin:games_game_disqualify", args=[game.pk]), {"reason": "cheating"}
    )
    assert refused.status_code == 403
    assert Game.objects.get(pk=game.pk).disqualified_at is None
    assert not StaffAction.objects.exists()


def test_nothing_can_be_added_edited_or_deleted_from_the_admin(staff_client, played):
    game = played(2)
    before = Game.objects.get(pk=game.pk).state
    assert staff_client.get(reverse("admin:games_game_add")).status_code == 403
    assert (
        staff_client.post(
            reverse("admin:games_game_delete", args=[game.pk]), {"post": "yes"}
        ).status_code
        == 403
    )
    staff_client.post(reverse("admin:games_game_change", args=[game.pk]), {"score": "999"})
    assert Game.objects.get(pk=game.pk).state == before
    assert Game.objects.get(pk=game.pk).score == game.score
