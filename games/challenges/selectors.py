"""Reads of the challenges domain: a challenge by its code, its board in cursor pages, and
who may see a challenge's games.

The board is the section 7 order (:mod:`games.play.standings`) of the counted attempts that
ended, disqualified games left out: the ascending (standing, ended_at, game id), served by the
``challenge_board_order`` index. Results equal on standing and end are tied: they share a rank
(1, 1, 3), listed by game id. ``among`` (a set of player ids, or None for everyone) narrows the
board to those players, ranks counted among them: the filter following passes in.
"""

from __future__ import annotations

import datetime as dt
from collections.abc import Collection
from dataclasses import dataclass

from django.core import signing
from django.db.models import Q, QuerySet

from games.core import replica
from games.core.clock import iso
from games.core.pages import BoardPage, page_size
from games.play.models import Game
from games.play.standings import Key, standing_of
from games.players.presentation import player_ref

from .errors import ChallengeNotFound, InvalidCursor
from .models import Challenge, ChallengeAttempt
from .presentation import attempt_payload

DEFAULT_PAGE_SIZE = 50
_CURSOR_SALT = "halfmoon.challenge.cursor"
_EPOCH = dt.datetime(1970, 1, 1, tzinfo=dt.UTC)
#: Player ids a board is narrowed to; None: everyone.
Among = Collection[int] | None


def challenge_by_code(code: object) -> Challenge:
    """The challenge of a code, with its game, deal and creator (``challenge_not_found``)."""
    challenge = (
        Challenge.objects.select_related("game__deal", "creator")
        .filter(code=str(code)[:32])
        .first()
        if isinstance(code, str)
        else None
    )
    if challenge is None:
        raise ChallengeNotFound("There is no such challenge: check the link.")
    return challenge


# -- the board -------------------------------------------------------------------------------
def board(challenge_id: int, among: Among = None) -> QuerySet[ChallengeAttempt]:
    """The counted, ended attempts in board order (on the replica inside a lagging read:
    :mod:`games.core.replica`)."""
    rows = ChallengeAttempt.objects.using(replica.read_alias()).filter(
        challenge_id=challenge_id,
        counted=True,
        ended_at__isnull=False,
        game__disqualified_at__isnull=True,
    )
    if among is not None:
        rows = rows.filter(player_id__in=list(among))
    return rows.order_by("standing", "ended_at", "game_id")


def key_of(attempt: ChallengeAttempt) -> Key:
    assert attempt.standing is not None and attempt.ended_at is not None
    return attempt.standing, attempt.ended_at, attempt.game_id


def _after(key: Key) -> Q:
    standing, ended_at, game_id = key
    return Q(standing__gte=standing) & (
        Q(standing__gt=standing)
        | Q(ended_at__gt=ended_at)
        | Q(ended_at=ended_at, game_id__gt=game_id)
    )


def _before(key: Key) -> Q:
    standing, ended_at, game_id = key
    return Q(standing__lte=standing) & (
        Q(standing__lt=standing)
        | Q(ended_at__lt=ended_at)
        | Q(ended_at=ended_at, game_id__lt=game_id)
    )


def _placed_before(key: Key) -> Q:
    """Entries strictly ahead of ``key``'s place (a tie is not ahead)."""
    standing, ended_at, _ = key
    return Q(standing__lt=standing) | Q(standing=standing, ended_at__lt=ended_at)


@dataclass(frozen=True)
class Cursor:
    """Where a page starts: just after (``forward``) or just before an entry's key. Signed,
    for one challenge."""

    challenge_id: int
    forward: bool
    key: Key

    def encode(self) -> str:
        standing, ended_at, game_id = self.key
        micros = (ended_at - _EPOCH) // dt.timedelta(microseconds=1)
        direction = "a" if self.forward else "b"
        return signing.dumps(
            [1, self.challenge_id, direction, standing, micros, game_id],
            salt=_CURSOR_SALT,
            compress=False,
        )

    @classmethod
    def decode(cls, text: str, challenge_id: int) -> Cursor:
        try:
            version, owner, direction, standing, micros, game_id = signing.loads(
                text, salt=_CURSOR_SALT
            )
            if version != 1 or owner != challenge_id or direction not in ("a", "b"):
                raise ValueError(owner)
            ended_at = _EPOCH + dt.timedelta(microseconds=int(micros))
            return cls(challenge_id, direction == "a", (int(standing), ended_at, int(game_id)))
        except (signing.BadSignature, ValueError, TypeError, OverflowError):
            raise InvalidCursor(
                "This cursor is not one this board gave out: start again from the first page.",
                cursor=str(text)[:200],
            ) from None


@dataclass
class Page(BoardPage):
    """A challenge board's page: with the creator's result where it stands
    (:func:`creator_entry`)."""

    creator: dict | None = None


def page(
    challenge_id: int,
    limit: int = DEFAULT_PAGE_SIZE,
    where: Cursor | None = None,
    among: Among = None,
) -> Page:
    """One page of the board: from the top, or after/before the entry a cursor names."""
    limit = page_size(limit)
    entries = board(challenge_id, among).select_related("player")
    if where is None:
        rows = list(entries[: limit + 1])
        more_after, rows = len(rows) > limit, rows[:limit]
    elif where.forward:
        rows = list(entries.filter(_after(where.key))[: limit + 1])
        more_after, rows = len(rows) > limit, rows[:limit]
    else:
        rows = list(entries.filter(_before(where.key)).reverse()[:limit])[::-1]
        more_after = True
    results = _ranked(challenge_id, rows, among)
    first_position = results[0]["position"] if results else 1
    for result in results:
        del result["position"]
    return Page(
        total=board(challenge_id, among).count(),
        results=results,
        next=Cursor(challenge_id, True, key_of(rows[-1])).encode() if rows and more_after else None,
        previous=(
            Cursor(challenge_id, False, key_of(rows[0])).encode()
            if rows and first_position > 1
            else None
        ),
    )


@replica.lagging
def read(
    challenge: Challenge,
    viewer,
    limit: int = DEFAULT_PAGE_SIZE,
    where: Cursor | None = None,
    among: Among = None,
) -> Page:
    """The board as its REST view answers it, with the viewer's first attempt and its rank as
    ``me``. On the replica, unless that attempt ended within the replica's allowed lag
    (read-your-writes: then the primary). The viewer's own attempts are read on the primary."""
    first = attempts_of(challenge, viewer)[:1]
    if first:
        replica.primary_if_recent(first[0].ended_at)
    result = page(challenge.pk, limit, where, among)
    if first and (rank := rank_of(first[0], among)) is not None:
        result.me = attempt_payload(first[0], rank)
    # The creator's place, counted in this read (the same database as the page's).
    result.creator = creator_entry(challenge, among)
    return result


def creator_entry(challenge: Challenge, among: Among = None) -> dict | None:
    """The creator's own result as a board entry, marked: the result to beat is not an attempt
    (it counts in no ``total``), but the board shows it where it stands, its ``rank`` the place
    it holds among the counted attempts (ties shared, as theirs). None with ``among`` when the
    creator is not among those players."""
    game = challenge.game
    if among is not None and challenge.creator_id not in among:
        return None
    ended_at = game.finished_at or game.updated_at
    elapsed = game.elapsed_ms()
    standing = standing_of(game.status == Game.StatusChoice.WON, game.score, elapsed)
    ahead = board(challenge.pk, among).filter(_placed_before((standing, ended_at, game.pk)))
    return {
        "rank": ahead.count() + 1,
        "player": player_ref(challenge.creator_id, challenge.creator.name),
        "game_id": game.pk,
        "result": game.status,
        "score": game.score,
        "moves": game.moves,
        "elapsed_ms": elapsed,
        "ended_at": iso(ended_at),
    }


def _ranked(challenge_id: int, rows: list[ChallengeAttempt], among: Among) -> list[dict]:
    """The rows' entries with their shared ranks: two counts for the first row, then in step."""
    if not rows:
        return []
    first = key_of(rows[0])
    ahead = board(challenge_id, among).filter(_placed_before(first)).count()
    position = board(challenge_id, among).filter(_before(first)).count() + 1
    results, rank, place = [], ahead + 1, first[:2]
    for offset, row in enumerate(rows):
        if key_of(row)[:2] != place:
            rank, place = position + offset, key_of(row)[:2]
        results.append({**attempt_payload(row, rank), "position": position + offset})
    return results


def rank_of(attempt: ChallengeAttempt, among: Among = None) -> int | None:
    """A counted, ended attempt's shared rank on its board; None when it is not on it."""
    if not attempt.counted or attempt.ended_at is None:
        return None
    if board(attempt.challenge_id, among).filter(pk=attempt.pk).exists() is False:
        return None
    return board(attempt.challenge_id, among).filter(_placed_before(key_of(attempt))).count() + 1


def counted_attempt_of(game_id: int) -> ChallengeAttempt | None:
    """The counted attempt a game is (one on, or headed for, a challenge's board), else None:
    what staff may disqualify beside ranked daily attempts."""
    return ChallengeAttempt.objects.filter(game_id=game_id, counted=True).first()


def is_attempt(game_id: int) -> bool:
    """Whether the game was started at a challenge (counted or practice)."""
    return ChallengeAttempt.objects.filter(game_id=game_id).exists()


def attempts_of(challenge: Challenge, player) -> list[ChallengeAttempt]:
    """The player's games at the challenge, first first."""
    if player is None:
        return []
    return list(
        ChallengeAttempt.objects.using(replica.PRIMARY)  # the player's own: never lagging
        .filter(challenge=challenge, player=player)
        .select_related("player")
        .order_by("game_id")
    )


def my_summary(challenge: Challenge, player) -> dict | None:
    """The caller's standing at the challenge: their first attempt with its rank, whether the
    creator's line is open to them, the game they are playing."""
    attempts = attempts_of(challenge, player)
    if not attempts:
        return None
    first = attempts[0]
    playing = next((a.game_id for a in attempts if a.ended_at is None), None)
    return {
        "attempt": attempt_payload(first, rank_of(first)),
        "playing_game_id": playing,
        "line_open": any(a.ended_at is not None for a in attempts),
        "creator_game_id": challenge.game_id if any(a.ended_at for a in attempts) else None,
    }


# -- who sees a challenge's games --------------------------------------------------------------
def may_see(viewer, game: Game) -> bool:
    """Whether ``viewer`` sees ``game`` as one of a challenge's games: its creator's game or an
    ended attempt at it, once the viewer's own game at that challenge has ended (the creator
    sees the ended attempts at their challenges)."""
    viewer_id = getattr(viewer, "pk", None)
    if viewer_id is None:
        return False
    challenge_ids = set(Challenge.objects.filter(game=game).values_list("pk", flat=True))
    ended_attempt_of = (
        ChallengeAttempt.objects.filter(game=game, ended_at__isnull=False)
        .values_list("challenge_id", "challenge__creator_id")
        .first()
    )
    if ended_attempt_of is not None:
        if ended_attempt_of[1] == viewer_id:
            return True
        challenge_ids.add(ended_attempt_of[0])
    if not challenge_ids:
        return False
    return ChallengeAttempt.objects.filter(
        challenge_id__in=challenge_ids, player_id=viewer_id, ended_at__isnull=False
    ).exists()
