"""The front door (README, *The front door*): each use case a transport calls, called as the
transport calls it, changes what it says — and a refusal changes nothing. The transports'
own tests go through these functions too; here each one is checked alone, without HTTP."""

from __future__ import annotations

import datetime as dt

import pytest

from games import actions
from games.accounts import usecases as accounts
from games.accounts.models import Credentials
from games.challenges.errors import ChallengeGameNotOver
from games.challenges.models import Challenge
from games.core.errors import ServiceError
from games.daily.models import DailyBoard
from games.following import usecases as following
from games.following.models import Follow
from games.oauth import usecases as oauth
from games.players import usecases as players
from games.players.models import DeviceToken, Player
from games.privacy import usecases as privacy
from games.races.models import Race

pytestmark = pytest.mark.django_db

PASSWORD = "a long enough passphrase 7"


def test_players_create_rename_and_sign_out_other_devices():
    player, token = players.create_player("Ann", "phone")
    assert Player.objects.get(pk=player.pk).name == "Ann" and token
    other, _ = accounts.redeem_link_code(accounts.create_link_code(player)[0], "tablet")
    assert other.pk == player.pk
    assert DeviceToken.objects.filter(player=player).count() == 2
    here = DeviceToken.objects.filter(player=player).order_by("pk").first()
    player.token_id = here.pk
    renamed = players.rename_token(player, here.pk, "old phone")
    assert DeviceToken.objects.get(pk=here.pk).device == renamed.device == "old phone"
    assert players.revoke_other_tokens(player) != []
    assert list(DeviceToken.objects.filter(player=player).values_list("pk", flat=True)) == [here.pk]


def test_players_settings_and_token_rotation():
    player, token = players.create_player("Bo")
    player.token_id = DeviceToken.objects.get(player=player).pk
    players.update_settings(player, name="Bob")
    assert Player.objects.get(pk=player.pk).name == "Bob"
    new = players.rotate_token(player)
    assert new != token and DeviceToken.objects.filter(player=player).count() == 1


def test_accounts_credentials_sign_in_and_a_refused_password_change(make_player):
    player, _ = make_player("cy")
    credentials, recovery = accounts.add_credentials(player, "cy_plays", PASSWORD)
    assert Credentials.objects.get(pk=player.pk).username == "cy_plays" and len(recovery) > 0
    signed_in, token, _proof = accounts.sign_in_device("cy_plays", PASSWORD, "laptop")
    assert signed_in.pk == player.pk and token
    stored = Credentials.objects.get(pk=player.pk).password
    with pytest.raises(ServiceError):
        accounts.change_password(player, "not the password", "another long passphrase 8")
    assert Credentials.objects.get(pk=player.pk).password == stored  # nothing changed


def test_following_follow_and_unfollow(make_player):
    ann, _ = make_player("ann")
    bo, _ = make_player("bo")
    assert following.follow(ann, bo)[1] is True
    assert following.follow(ann, bo)[1] is False  # the same request again: one row
    assert Follow.objects.filter(follower=ann).count() == 1
    assert following.unfollow(ann, bo) is True
    assert not Follow.objects.filter(follower=ann).exists()


def test_privacy_delete_account_needs_confirmation(make_player):
    player, _ = make_player("dee")
    with pytest.raises(ServiceError):
        privacy.delete_account(player)
    assert Player.objects.get(pk=player.pk).name == "dee"
    privacy.delete_account(player, confirm=True)
    assert Player.objects.get(pk=player.pk).name != "dee"
    assert not DeviceToken.objects.filter(player=player).exists()


def test_oauth_a_player_without_credentials_approves_no_app(make_player, django_user_model):
    user = django_user_model.objects.create_user("staff_member", password=PASSWORD)
    with pytest.raises(ServiceError):
        oauth.session_player(user)
    with pytest.raises(ServiceError):
        oauth.site_sign_in("nobody_here", PASSWORD)


def test_races_lifecycle_through_the_front_door(make_player):
    host, _ = make_player("host")
    guest, _ = make_player("guest")
    race = actions.create_race(host, 2, actions.DEFAULT_RACE_TIME_LIMIT_S)
    assert race.time_limit_s == actions.DEFAULT_RACE_TIME_LIMIT_S
    actions.join_race(guest, race.invite)
    actions.set_ready(guest, race.pk, True)
    assert actions.settle_due_race(race.pk).status == Race.Status.OPEN  # nothing due
    actions.leave_race(guest, race.pk)
    assert Race.objects.get(pk=race.pk).members.count() == 1
    actions.cancel_race(host, race.pk)
    assert Race.objects.get(pk=race.pk).status == Race.Status.CANCELLED


def test_a_challenge_of_a_game_not_over_is_refused(make_player):
    player, _ = make_player("eve")
    game = actions.start_game(player, "HM1-N-AAAAAAA").game
    with pytest.raises(ChallengeGameNotOver):
        actions.create_challenge(player, game.pk)
    assert not Challenge.objects.exists()
    actions.resign(player, game.pk)
    challenge, new = actions.create_challenge(player, game.pk)
    assert new and Challenge.objects.get().pk == challenge.pk


def test_a_past_daily_board_is_closed_once_by_its_first_read():
    past = dt.date(2020, 3, 1)
    DailyBoard.objects.create(date=past)
    actions.close_daily(past)
    closed_at = DailyBoard.objects.get(date=past).closed_at
    assert closed_at is not None
    actions.close_daily(past)  # the next read: closed already, not closed again
    assert DailyBoard.objects.get(date=past).closed_at == closed_at
    today = dt.date.today() + dt.timedelta(days=1)  # not over: stays open
    DailyBoard.objects.create(date=today)
    actions.close_daily(today)
    assert DailyBoard.objects.get(date=today).closed_at is None
