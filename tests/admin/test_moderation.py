"""Moderation: disqualify/reinstate ranked attempts and suspend/unsuspend tokens, with reasons."""

import uuid

import pytest
from django.urls import reverse
from rest_framework.test import APIClient

from games import actions
from games.core.errors import ServiceError
from games.models import Game, Player, StaffAction
from games.moderation import services as moderation
from games.moderation.errors import AlreadyDisqualified, AlreadySuspended
from tests.support import play
from tests.support.sockets import receive, watch_game

pytestmark = pytest.mark.django_db


def changelist(model):
    return reverse(f"admin:games_{model}_changelist")


def test_disqualify_action_asks_for_a_reason_then_records_it(staff_client, staff_user, make_player):
    player, _ = make_player("cheat")
    game = play.start_ranked(player)
    form = staff_client.post(
        changelist("game"), {"action": "disqualify", "_selected_action": [game.pk]}
    )
    assert form.status_code == 200 and b'name="reason"' in form.content
    assert Game.objects.get(pk=game.pk).disqualified_at is None  # nothing yet
    blank = staff_client.post(
        changelist("game"),
        {"action": "disqualify", "confirm": "yes", "_selected_action": [game.pk], "reason": "  "},
    )
    assert blank.status_code == 200 and b"errornote" in blank.content
    assert Game.objects.get(pk=game.pk).disqualified_at is None
    done = staff_client.post(
        changelist("game"),
        {
            "action": "disqualify",
            "confirm": "yes",
            "_selected_action": [game.pk],
            "reason": "Scripted   moves in 3 seconds",
        },
    )
    assert done.status_code == 302
    stored = Game.objects.get(pk=game.pk)
    assert stored.disqualified_at is not None
    assert stored.disqualified_reason == "Scripted moves in 3 seconds"
    action = StaffAction.objects.get()
    assert (action.actor, action.action, action.target, action.reason) == (
        staff_user,
        "disqualify",
        f"game:{game.pk}",
        "Scripted moves in 3 seconds",
    )
    page = staff_client.get(reverse("admin:games_game_change", args=[game.pk])).content.decode()
    assert "Disqualified" in page and "Scripted moves in 3 seconds" in page and "Reinstate…" in page
    listed = staff_client.get(changelist("game"), {"disqualified": "yes"})
    assert [g.pk for g in listed.context["cl"].result_list] == [game.pk]


def test_reinstate_from_the_game_page(staff_client, staff_user, make_player):
    player, _ = make_player("cleared")
    game = play.start_ranked(player)
    moderation.disqualify(staff_user, game.pk, "suspicious time")
    url = reverse("admin:games_game_reinstate", args=[game.pk])
    missing = reverse("admin:games_game_reinstate", args=[game.pk + 1000])
    assert staff_client.post(missing, {"reason": "x"}).status_code == 404
    assert b'name="reason"' in staff_client.get(url).content
    response = staff_client.post(url, {"reason": "appeal accepted"})
    assert response.status_code == 302
    assert response["Location"] == reverse("admin:games_game_change", args=[game.pk])
    stored = Game.objects.get(pk=game.pk)
    assert stored.disqualified_at is None and stored.disqualified_reason == ""
    assert [(a.action, a.reason) for a in StaffAction.objects.order_by("id")] == [
        ("disqualify", "suspicious time"),
        ("reinstate", "appeal accepted"),
    ]
    page = staff_client.get(reverse("admin:games_game_change", args=[game.pk])).content.decode()
    assert "appeal accepted" in page and "suspicious time" in page  # the history stays


def test_only_ranked_attempts_can_be_disqualified(staff_client, played):
    game = played(2)
    response = staff_client.post(
        changelist("game"),
        {"action": "disqualify", "confirm": "yes", "_selected_action": [game.pk], "reason": "no"},
        follow=True,
    )
    assert "not_ranked" in response.content.decode()
    assert Game.objects.get(pk=game.pk).disqualified_at is None
    assert not StaffAction.objects.exists()


def test_service_refusals_change_nothing(staff_user, make_player):
    player, _ = make_player("p")
    game = play.start_ranked(player)
    cases = [
        (lambda: moderation.reinstate(staff_user, game.pk, "x"), "not_disqualified"),
        (lambda: moderation.disqualify(staff_user, game.pk, ""), "reason_required"),
        (lambda: moderation.disqualify(staff_user, game.pk, "x" * 501), "reason_required"),
        (lambda: moderation.disqualify(staff_user, 999999, "x"), "game_not_found"),
        (lambda: moderation.unsuspend(staff_user, player.pk, "x"), "not_suspended"),
        (lambda: moderation.suspend(staff_user, 999999, "x"), "player_not_found"),
    ]
    for call, code in cases:
        with pytest.raises(ServiceError) as error:
            call()
        assert error.value.code == code
    moderation.disqualify(staff_user, game.pk, "once")
    with pytest.raises(AlreadyDisqualified):
        moderation.disqualify(staff_user, game.pk, "twice")
    moderation.suspend(staff_user, player.pk, "once")
    with pytest.raises(AlreadySuspended):
        moderation.suspend(staff_user, player.pk, "twice")
    assert StaffAction.objects.count() == 2


def test_suspended_token_is_refused_until_unsuspended(staff_client, staff_user, player_client):
    client, player = player_client("spammer")
    game = client.post("/api/v1/games", {"deal_code": play.DEAL}, format="json").json()
    response = staff_client.post(
        changelist("player"),
        {
            "action": "suspend",
            "confirm": "yes",
            "_selected_action": [player.pk],
            "reason": "abusive name",
        },
    )
    assert response.status_code == 302
    assert Player.objects.get(pk=player.pk).suspended_reason == "abusive name"
    refused = client.get("/api/v1/players/me")
    assert refused.status_code == 403
    assert refused.json()["code"] == "token_suspended" and refused.json()["message"]
    state = Game.objects.get(pk=game["id"]).state
    moved = client.post(f"/api/v1/games/{game['id']}/undo", {}, format="json")
    assert moved.status_code == 403 and moved.json()["code"] == "token_suspended"
    assert Game.objects.get(pk=game["id"]).state == state
    page = staff_client.get(reverse("admin:games_player_change", args=[player.pk]))
    assert "Unsuspend token…" in page.content.decode()
    staff_client.post(
        reverse("admin:games_player_unsuspend", args=[player.pk]), {"reason": "name changed"}
    )
    assert client.get("/api/v1/players/me").status_code == 200
    assert [(a.actor, a.action, a.target) for a in StaffAction.objects.order_by("id")] == [
        (staff_user, "suspend", f"player:{player.pk}"),
        (staff_user, "unsuspend", f"player:{player.pk}"),
    ]


def test_an_unknown_token_is_still_invalid_not_suspended(db):
    client = APIClient()
    client.credentials(HTTP_AUTHORIZATION="Token nope")
    response = client.get("/api/v1/players/me")
    assert response.status_code == 401 and response.json()["code"] == "invalid_token"


@pytest.mark.django_db(transaction=True)
async def test_a_suspended_token_is_refused_by_the_websocket(make_player):
    """Not a silent watcher: the refusal, then close code 4403 (watching needs no token)."""
    from asgiref.sync import sync_to_async

    player, token = await sync_to_async(make_player)("muted")
    game = await sync_to_async(play.start)(player)
    await sync_to_async(actions.set_watchable)(player, game.pk, True)
    await sync_to_async(moderation.suspend)(None, player.pk, "spam")
    socket = await watch_game(game.pk, token)
    reply = await receive(socket)
    assert reply["type"] == "error" and reply["code"] == "token_suspended"
    assert (await socket.receive_output(timeout=5)) == {"type": "websocket.close", "code": 4403}
    stored = await sync_to_async(play.fresh)(game)
    assert stored.version == 0 and stored.state == game.state


def board_of_today(client) -> dict:
    from games.core import clock

    response = client.get(f"/api/v1/daily/{clock.today().isoformat()}/leaderboard")
    assert response.status_code == 200
    return response.json()


def disqualification_changes_the_board(staff_client, player_client):
    """Two finished ranked attempts on today's board; staff take one off and put it back."""
    players = {}
    for name in ("ann", "bob"):
        client, player = player_client(name)
        game = client.post("/api/v1/games", {"daily": True}, format="json").json()
        assert game["ranked"] is True
        assert (
            client.post(f"/api/v1/games/{game['id']}/resign", {}, format="json").status_code == 200
        )
        players[name] = (client, game["id"])
    viewer = players["bob"][0]
    before = board_of_today(viewer)
    assert before["total"] == 2
    assert {e["player"]["name"] for e in before["results"]} == {"ann", "bob"}
    ann_game = players["ann"][1]
    staff_client.post(
        changelist("game"),
        {"action": "disqualify", "confirm": "yes", "_selected_action": [ann_game], "reason": "bot"},
    )
    during = board_of_today(viewer)
    assert during["total"] == 1
    assert [e["player"]["name"] for e in during["results"]] == ["bob"]
    assert [e["rank"] for e in during["results"]] == [1]
    staff_client.post(
        reverse("admin:games_game_reinstate", args=[ann_game]), {"reason": "false alarm"}
    )
    after = board_of_today(viewer)
    assert after["total"] == 2
    assert {e["player"]["name"] for e in after["results"]} == {"ann", "bob"}


@pytest.fixture
def private_board_keys(settings):
    """This test's Redis leaderboard sets under their own prefix, removed afterwards."""
    prefix = f"test:{uuid.uuid4().hex}:board:"
    settings.HALFMOON_LEADERBOARD_PREFIX = prefix
    yield
    if settings.REDIS_URL:
        from games.core import redis

        client = redis.client()
        keys = list(client.scan_iter(match=prefix + "*"))
        if keys:
            client.delete(*keys)


@pytest.mark.django_db(transaction=True)  # moderation updates the rank index after commit
def test_disqualification_changes_the_leaderboard(private_board_keys, staff_client, player_client):
    disqualification_changes_the_board(staff_client, player_client)


@pytest.mark.redis
@pytest.mark.django_db(transaction=True)
def test_disqualification_changes_the_redis_ranked_leaderboard(
    private_board_keys, staff_client, player_client
):
    """With Redis the ranks come from a sorted set: moderation keeps it in step after commit."""
    from games.daily import ranks

    assert ranks.index().name == "redis"
    disqualification_changes_the_board(staff_client, player_client)
