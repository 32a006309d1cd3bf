"""Fair play on challenge boards (issue 28: "the fair-play rules apply to anything ranked"): the
review measures every counted challenge attempt as it measures ranked daily attempts, a
creator's or a challenger's second account from the same address is a rehearsal, and staff's
disqualification takes the attempt off the challenge's board (ranks recomputed, watchers told);
a game played at a challenge cannot be made watchable. Every refusal changes nothing."""

from __future__ import annotations

import pytest
from asgiref.sync import sync_to_async
from django.core.management import call_command
from django.urls import reverse

from games.fairplay.models import FairPlayFlag, FairPlayReview
from games.models import ChallengeAttempt, Game, StaffAction
from tests.challenges.helpers import small_deal
from tests.daily.helpers import WIN
from tests.support.api import assert_error, url
from tests.support.sockets import open_socket, receive

from .conftest import ELSEWHERE, HOME

pytestmark = pytest.mark.django_db

PERSON_MS = 2500  # a person's pace: no speed flag
MACHINE_MS = 100


def made_challenge(creator, clock) -> tuple[dict, dict]:
    """The creator wins the small deal at a person's pace and makes a challenge of it."""
    game = creator.call("post", "games", body={"deal_code": small_deal()}, status=201).json()
    creator.play(game["id"], WIN, clock, PERSON_MS)
    challenge = creator.call("post", "games", game["id"], "challenge", status=201).json()
    return game, challenge


def play_at(challenger, code: str, clock, every_ms: int = PERSON_MS, moves=WIN) -> dict:
    game = challenger.call("post", "challenges", code, "games", status=201).json()
    challenger.play(game["id"], moves, clock, every_ms)
    return game


def board(who, code: str) -> list[tuple[int, int]]:
    body = who.call("get", "challenges", code, "board").json()
    return [(e["player"]["id"], e["rank"]) for e in body["results"]]


def flags():
    return list(FairPlayFlag.objects.order_by("game_id", "kind"))


def test_a_creators_second_account_from_the_same_address_is_flagged(player, fake_clock):
    ana = player("ana", HOME)
    ana_game, challenge = made_challenge(ana, fake_clock)
    fake_clock.advance(minutes=5)
    alt = player("ana-alt", HOME)
    alt_game = play_at(alt, challenge["code"], fake_clock)
    fair = player("fair", ELSEWHERE)
    fair_game = play_at(fair, challenge["code"], fake_clock)
    assert ChallengeAttempt.objects.get(game_id=alt_game["id"]).counted  # on the board

    call_command("review_fair_play")

    (flag,) = flags()
    assert flag.game_id == alt_game["id"] and flag.player_id == alt.id
    assert flag.kind == FairPlayFlag.Kind.REHEARSAL and flag.race_id is None
    assert flag.earlier_game_id == ana_game["id"] and flag.strength == 1.0
    assert flag.figures["earlier_role"] == "challenge creator"
    assert (
        flag.figures["challenge_id"]
        == ChallengeAttempt.objects.get(game_id=alt_game["id"]).challenge_id
    )
    assert flag.played_at == Game.objects.get(pk=alt_game["id"]).finished_at
    # both counted attempts reviewed, the creator's own game (not on the board) not
    reviewed = set(FairPlayReview.objects.values_list("game_id", flat=True))
    assert reviewed == {alt_game["id"], fair_game["id"]}
    call_command("review_fair_play")  # again: nothing changes
    assert flags() == [flag] and FairPlayReview.objects.count() == 2


def test_two_challengers_from_one_address_the_second_is_flagged(player, fake_clock):
    ana = player("ana", ELSEWHERE)
    _, challenge = made_challenge(ana, fake_clock)
    scout = player("scout", HOME)
    scouted = play_at(scout, challenge["code"], fake_clock, moves=WIN[:2])
    scout.call("post", "games", scouted["id"], "resign")
    fake_clock.advance(minutes=2)
    main = player("main", HOME)
    attempt = play_at(main, challenge["code"], fake_clock)

    call_command("review_fair_play")

    (flag,) = flags()
    assert flag.game_id == attempt["id"] and flag.earlier_game_id == scouted["id"]
    assert flag.figures["earlier_role"] == "challenger" and flag.figures["when"] == "ended before"


def test_a_challenge_win_at_a_machines_pace_is_flagged_for_speed(player, fake_clock):
    ana = player("ana", ELSEWHERE)
    _, challenge = made_challenge(ana, fake_clock)
    bot = player("bot", HOME)
    game = play_at(bot, challenge["code"], fake_clock, every_ms=MACHINE_MS)

    call_command("review_fair_play")

    (flag,) = flags()
    assert flag.game_id == game["id"] and flag.kind == FairPlayFlag.Kind.SPEED


def test_practice_at_a_challenge_is_not_reviewed(player, fake_clock):
    """The creator's own game at their challenge and a second game are practice: on no board."""
    ana = player("ana", HOME)
    _, challenge = made_challenge(ana, fake_clock)
    practice = play_at(ana, challenge["code"], fake_clock, every_ms=MACHINE_MS)
    assert not ChallengeAttempt.objects.get(game_id=practice["id"]).counted

    call_command("review_fair_play")

    assert flags() == [] and not FairPlayReview.objects.filter(game_id=practice["id"]).exists()


def _disqualify(staff_client, flag) -> None:
    done = staff_client.post(
        reverse("admin:games_fairplayflag_changelist"),
        {
            "action": "disqualify_flagged",
            "confirm": "yes",
            "_selected_action": [flag.pk],
            "reason": "second account of the creator",
        },
    )
    assert done.status_code == 302


def test_disqualifying_takes_the_attempt_off_the_challenge_board(player, fake_clock, staff_client):
    ana = player("ana", HOME)
    _, challenge = made_challenge(ana, fake_clock)
    code = challenge["code"]
    alt = player("ana-alt", HOME)
    alt_game = play_at(alt, code, fake_clock, every_ms=1000)  # the faster win: rank 1
    fair = player("fair", ELSEWHERE)
    play_at(fair, code, fake_clock)
    assert board(fair, code) == [(alt.id, 1), (fair.id, 2)]
    call_command("review_fair_play")
    (flag,) = flags()
    page = staff_client.get(reverse("admin:games_game_change", args=[alt_game["id"]]))
    assert reverse("admin:games_game_disqualify", args=[alt_game["id"]]) in page.content.decode()

    _disqualify(staff_client, flag)

    assert Game.objects.get(pk=alt_game["id"]).disqualified_at is not None
    assert board(fair, code) == [(fair.id, 1)]  # ranks recomputed
    assert fair.call("get", "challenges", code, "board").json()["me"]["rank"] == 1
    assert FairPlayFlag.objects.get().state == FairPlayFlag.State.DISQUALIFIED
    assert [(a.action, a.target) for a in StaffAction.objects.order_by("id")] == [
        ("disqualify", f"game:{alt_game['id']}"),
        ("disqualify_fair_play_flag", f"game:{alt_game['id']}"),
    ]
    # reinstating (from the game's page) puts it back where it was
    from games.moderation import services as moderation

    moderation.reinstate(None, alt_game["id"], "the address is a shared one")
    assert board(fair, code) == [(alt.id, 1), (fair.id, 2)]


def test_a_practice_game_at_a_challenge_cannot_be_disqualified(player, fake_clock):
    from games.moderation import services as moderation
    from games.moderation.errors import NotRanked

    ana = player("ana", HOME)
    _, challenge = made_challenge(ana, fake_clock)
    practice = play_at(ana, challenge["code"], fake_clock)
    with pytest.raises(NotRanked):
        moderation.disqualify(None, practice["id"], "practice")
    assert Game.objects.get(pk=practice["id"]).disqualified_at is None
    assert not StaffAction.objects.exists()


@pytest.mark.django_db(transaction=True)
async def test_watchers_of_the_board_see_the_disqualified_attempt_go(
    player, fake_clock, staff_client
):
    def setup():
        ana = player("ana", HOME)
        _, challenge = made_challenge(ana, fake_clock)
        alt = player("ana-alt", HOME)
        play_at(alt, challenge["code"], fake_clock)
        call_command("review_fair_play")
        return challenge["code"], FairPlayFlag.objects.get()

    code, flag = await sync_to_async(setup)()
    ws = await open_socket(f"/ws/challenges/{code}/")
    assert (await receive(ws))["total"] == 1
    await sync_to_async(_disqualify)(staff_client, flag)
    pushed = await receive(ws)
    assert pushed == {"type": "challenge_board", "code": code, "total": 0, "top": []}
    await ws.disconnect()


# -- watching a game played at a challenge ---------------------------------------------------
def test_a_challengers_game_cannot_be_made_watchable(player, fake_clock):
    """It would show the deal to challengers who have not started (SPEC §11), and a counted
    line to those playing: refused, and nothing changes; the creator's line stays closed to
    a player who has not played."""
    ana = player("ana", ELSEWHERE)
    _, challenge = made_challenge(ana, fake_clock)
    bo = player("bo", HOME)
    game = bo.call("post", "challenges", challenge["code"], "games", status=201).json()
    for watchable in (True, False):
        refused = bo.client.patch(url("games", game["id"]), {"watchable": watchable}, format="json")
        assert_error(refused, 409, "challenge_game_private")
    assert not Game.objects.get(pk=game["id"]).watchable
    cy = player("cy", ELSEWHERE)  # has not started: may not see Bo's game
    assert_error(cy.client.get(url("games", game["id"])), 403, "game_private")
    assert bo.call("get", "games", game["id"]).json()["watchable"] is False
