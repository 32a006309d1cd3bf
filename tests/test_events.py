"""The in-transaction events (games.core.events) and play's ``game_changing``: its receivers
declared in order once, every one registered, each run alone on a change that was not told,
and a receiver's refusal rolling the change back."""

from __future__ import annotations

import pytest

from games import actions
from games.challenges import receivers as challenge_receivers
from games.challenges import services as challenge_services
from games.challenges.errors import ChallengeGamePrivate
from games.challenges.models import ChallengeAttempt
from games.core.events import InTransactionEvent
from games.daily import services as daily_services
from games.daily.models import LeaderboardEntry
from games.models import Game, GameEvent
from games.play import services as play
from games.play.events import game_changing, watchable_changing
from games.races import receivers as race_receivers
from games.races import settlement
from games.races.errors import RaceGamePrivate
from games.webhooks import receivers as webhook_receivers

pytestmark = pytest.mark.django_db


def test_game_changing_declares_its_receivers_in_order_and_every_one_is_registered():
    game_changing.check()
    assert [name for name, _ in game_changing.receivers()] == [
        "races.deal_in_race",
        "daily.board",
        "races.progress",
        "challenges.board",
        "webhooks.game_ended",
    ]
    assert dict(game_changing.receivers()) == {
        "races.deal_in_race": settlement.refuse_raced_deal,
        "daily.board": daily_services.enter_if_ended,
        "races.progress": settlement.progressed,
        "challenges.board": challenge_services.enter_if_ended,
        "webhooks.game_ended": webhook_receivers.game_ended,
    }


def test_an_event_runs_its_receivers_in_the_declared_order_and_refuses_strangers():
    event: InTransactionEvent[list] = InTransactionEvent("e", receivers=("first", "second"))
    event.connect("second", lambda seen: seen.append("second"))
    with pytest.raises(LookupError):
        event.check()  # "first" is missing
    event.connect("first", lambda seen: seen.append("first"))
    event.check()
    seen: list[str] = []
    event.send(seen)
    assert seen == ["first", "second"]
    with pytest.raises(LookupError):
        event.connect("third", print)  # not declared
    with pytest.raises(LookupError):
        event.connect("first", print)  # registered already


def test_a_receivers_refusal_rolls_the_change_back(make_player, monkeypatch):
    player, _ = make_player()
    game = actions.start_game(player, "HM1-N-AAAAAAA").game
    positions = [p.name for p in game.board().legal_moves()[0].positions]

    class Refused(Exception):
        pass

    def refuse(changed):
        assert changed.version == 1  # written, not yet committed
        raise Refused

    monkeypatch.setitem(game_changing._receivers, "challenges.board", refuse)
    with pytest.raises(Refused):
        actions.move(player, game.pk, positions)
    stored = Game.objects.get(pk=game.pk)
    assert stored.version == 0 and stored.moves == 0
    assert not GameEvent.objects.filter(game_id=game.pk).exists()


def test_the_daily_board_receiver_alone_enters_an_ended_ranked_attempt(make_player):
    player, _ = make_player()
    game = actions.start_daily(player).game
    ended = play.resign(player, game.pk, told=False).game  # the board not told
    assert not LeaderboardEntry.objects.filter(game_id=game.pk).exists()
    dict(game_changing.receivers())["daily.board"](ended)
    assert LeaderboardEntry.objects.filter(game_id=game.pk).count() == 1


def test_the_challenge_board_receiver_alone_freezes_an_ended_attempt(make_player):
    maker, _ = make_player("maker")
    taker, _ = make_player("taker")
    made = actions.start_game(maker, "HM1-N-AAAAAAA").game
    actions.resign(maker, made.pk)
    challenge, _ = actions.create_challenge(maker, made.pk)
    attempt_game = actions.start_challenge(taker, challenge.code).game
    ended = play.resign(taker, attempt_game.pk, told=False).game
    assert ChallengeAttempt.objects.get(game_id=attempt_game.pk).ended_at is None
    dict(game_changing.receivers())["challenges.board"](ended)
    attempt = ChallengeAttempt.objects.get(game_id=attempt_game.pk)
    assert attempt.ended_at is not None and attempt.result == "resigned"


def test_watchable_changing_declares_its_receivers_in_order_and_every_one_is_registered():
    watchable_changing.check()
    assert dict(watchable_changing.receivers()) == {
        "races.game_follows_race": race_receivers.refuse_race_game,
        "challenges.game_follows_challenge": challenge_receivers.refuse_attempt,
    }
    assert [name for name, _ in watchable_changing.receivers()] == list(watchable_changing.order)


def test_the_race_receiver_alone_refuses_a_races_game_only(make_player):
    player, _ = make_player()
    game = actions.start_game(player, "HM1-N-AAAAAAA").game
    race_receivers.refuse_race_game(game)  # a game of no race: nothing to say
    game.race_id = 7
    with pytest.raises(RaceGamePrivate):
        race_receivers.refuse_race_game(game)


def test_the_challenge_receiver_alone_refuses_a_game_played_at_a_challenge(make_player):
    ana, _ = make_player("ana")
    bo, _ = make_player("bo")
    first = actions.start_game(ana, "HM1-N-AAAAAAA").game
    play.resign(ana, first.pk)
    challenge, _ = actions.create_challenge(ana, first.pk)
    challenge_receivers.refuse_attempt(first)  # the creator's own game is not an attempt
    attempt = actions.start_challenge(bo, challenge.code).game
    with pytest.raises(ChallengeGamePrivate):
        challenge_receivers.refuse_attempt(attempt)


def test_a_refusal_of_watchable_changing_leaves_the_flag(make_player):
    ana, _ = make_player("ana")
    bo, _ = make_player("bo")
    first = actions.start_game(ana, "HM1-N-AAAAAAA").game
    play.resign(ana, first.pk)
    challenge, _ = actions.create_challenge(ana, first.pk)
    attempt = actions.start_challenge(bo, challenge.code).game
    with pytest.raises(ChallengeGamePrivate):
        actions.set_watchable(bo, attempt.pk, True)
    assert Game.objects.get(pk=attempt.pk).watchable is False


def test_the_closing_events_declare_their_receivers_and_every_one_is_registered():
    from games.daily.events import day_closing
    from games.races.events import race_finishing
    from games.seasons.events import season_closing

    for event, receiver in (
        (day_closing, webhook_receivers.daily_closed),
        (race_finishing, webhook_receivers.race_finished),
        (season_closing, webhook_receivers.season_closed),
    ):
        event.check()
        assert [fn for _, fn in event.receivers()] == [receiver]
