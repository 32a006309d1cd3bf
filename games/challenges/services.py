"""Every change of the challenges domain (SPEC §11): making a challenge of an ended game,
starting a game at one, and entering an attempt on the board when its game ends.

Same pattern as :mod:`games.play.services`: one function per change, one transaction, row
locks; the live board hears of a change (``challenge_changed``) only after commit.

Concurrency: making a challenge locks the creator's game row, so two concurrent requests make
one challenge (the second returns it). Starting locks the player's row, so one player's
concurrent starts queue and only the first can be counted (the partial unique constraint
``one_counted_attempt_per_challenge`` backs this up). An attempt enters the board inside the
change that ended its game, holding its game row; the board is read from the committed
entries and its ranks computed on read, so two challengers finishing in the same instant give
one board whichever commits first.
"""

from __future__ import annotations

import secrets

from django.db import transaction

from games.core import clock
from games.core.signals import challenge_changed
from games.daily.dates import is_over as day_is_over
from games.engine import DealCode, Status
from games.play import services as play
from games.play.errors import GameNotFound, NotYourGame
from games.play.models import Game
from games.play.standings import standing_of
from games.players.models import Player
from games.races.models import RaceMember
from games.races.selectors import ensure_deal_not_raced

from .errors import ChallengeDailyOpen, ChallengeGameNotOver
from .models import Challenge, ChallengeAttempt
from .presentation import played_at
from .selectors import challenge_by_code, page

#: Bytes of randomness in a code: 18 → 144 bits, 24 URL-safe characters.
CODE_BYTES = 18


def create_challenge(player: Player, game_id: int | str) -> tuple[Challenge, bool]:
    """Make a challenge of the player's ended game, or return the one already made of it.
    Returns (challenge, created)."""
    with transaction.atomic():
        game = _locked_game(game_id)
        if game.owner_id != player.pk:
            raise NotYourGame("Only a game's player may make a challenge of it.", game_id=game.pk)
        existing = Challenge.objects.filter(game=game).first()
        if existing is not None:
            return existing, False
        ensure_challengeable(game)
        challenge = Challenge.objects.create(
            code=secrets.token_urlsafe(CODE_BYTES), game=game, creator=player
        )
    return challenge, True


def ensure_challengeable(game: Game) -> None:
    """An ended game (won or resigned) whose deal is not hidden: not of a daily deal whose day
    is open, not of a deal a race is playing."""
    if not Status(game.status).is_over:
        raise ChallengeGameNotOver(
            "A challenge is made of a game that has ended: win or resign it first.",
            game_id=game.pk,
        )
    if game.daily_date is not None and not day_is_over(game.daily_date):
        raise ChallengeDailyOpen(
            "Today's daily deal is hidden until the day closes.",
            game_id=game.pk,
            opens_at=clock.day_end(game.daily_date).isoformat(),
        )
    ensure_deal_not_raced(DealCode.parse(game.deal.code))


def start_attempt(player: Player, code: str) -> tuple[play.Outcome, ChallengeAttempt]:
    """Start a fresh casual game of the challenge's deal for ``player``. It is counted on the
    board when it is the player's first game at the challenge, the player is not its creator
    and has not played the deal before; otherwise it is practice."""
    challenge = challenge_by_code(code)
    game = challenge.game
    ensure_challengeable(game)  # a race may have taken the deal up since
    with transaction.atomic():
        Player.objects.select_for_update().filter(pk=player.pk).exists()
        knows_deal = Game.objects.filter(owner=player, deal_id=game.deal_id).exists()
        counted = (
            player.pk != challenge.creator_id
            and not knows_deal
            and not _line_readable(game, player)
        )
        outcome = play.create_game(player, game.deal)
        attempt = ChallengeAttempt.objects.create(
            game=outcome.game, challenge=challenge, player=player, counted=counted
        )
    outcome.game.played_at = played_at(challenge, counted)  # its representation says so
    return outcome, attempt


def enter_if_ended(game: Game) -> None:
    """Inside a game change's transaction (``game_changing``): an attempt whose game just ended
    (won or resigned) freezes its result; a counted one is then on its challenge's board.
    One UPDATE for every ending game that may be an attempt (none for the others): an attempt
    is a plain game (:func:`start_attempt`), never a daily deal's nor a race's."""
    if not Status(game.status).is_over or game.finished_at is None:
        return
    if game.daily_date is not None or game.race_id is not None:
        return
    elapsed = game.elapsed_ms()
    won = game.status == Status.WON.value
    entered = ChallengeAttempt.objects.filter(game_id=game.pk, ended_at__isnull=True).update(
        result=game.status,
        score=game.score,
        moves=game.moves,
        elapsed_ms=elapsed,
        ended_at=game.finished_at,
        standing=standing_of(won, game.score, elapsed),
    )
    if entered:
        attempt = ChallengeAttempt.objects.only("challenge_id", "counted").get(game_id=game.pk)
        if attempt.counted:
            challenge_id = attempt.challenge_id
            transaction.on_commit(lambda: _changed(challenge_id), robust=True)


#: Entries of the board frame watchers receive after a change.
PUSH_TOP = 10


def _changed(challenge_id: int) -> None:
    """After commit: the board's top as it stands now, to its watchers (a frame computed from
    the committed entries, so watchers of two attempts ending at once get the same board)."""
    code = Challenge.objects.filter(pk=challenge_id).values_list("code", flat=True).first()
    top = page(challenge_id, PUSH_TOP)
    challenge_changed.send(
        sender=__name__, challenge_id=challenge_id, code=code, total=top.total, top=top.results
    )


def attempt_refreshed(challenge_id: int) -> None:
    """After commit: staff disqualified or reinstated a counted attempt; its board (ranks are
    computed on read, so nothing is stored) goes to its watchers as it stands now."""
    _changed(challenge_id)


def _line_readable(game: Game, player: Player) -> bool:
    """Whether the player could read the creator's line before playing (SPEC §3): a watchable
    game, a closed day's daily game, a finished race's game for its members. Such attempts are
    practice: the board ranks only players who met the deal blind."""
    if game.watchable or game.daily_date is not None:
        return True
    if game.race_id is None:
        return False
    return RaceMember.objects.filter(race_id=game.race_id, player_id=player.pk).exists()


def _locked_game(game_id: int | str) -> Game:
    try:
        return Game.objects.select_for_update(of=("self",)).select_related("deal").get(pk=game_id)
    except (Game.DoesNotExist, ValueError, TypeError):
        raise GameNotFound(f"There is no game {game_id}.", game_id=game_id) from None
