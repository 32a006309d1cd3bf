"""The staff's fair-play review: every ranked daily attempt, counted challenge attempt and rated
race result of the last days, measured once, and a flag for each signal past its threshold.

Run by ``manage.py review_fair_play`` (staff only: it runs the solver, through
:mod:`games.fairplay.foresight`). For each result not reviewed yet:

- **rehearsal** (:mod:`~games.fairplay.rehearsal`), for every ranked attempt that has ended (or
  whose day has closed), every counted challenge attempt that has ended (a challenge's board is
  ranked: SPEC §11; the creator's game and the other challengers' are "another player's game of
  the deal", so an alt from the same address is flagged) and every rated race result;
- **speed** (:mod:`~games.fairplay.speed`) and **foresight** (:mod:`~games.fairplay.foresight`,
  reaching :func:`foresight_threshold`), for the wins among them;
- **evidence** (:mod:`~games.fairplay.evidence`): each win's foresight, against the deal's field
  on a daily deal (:mod:`~games.fairplay.field`: the other players' games of the deal, at most
  :data:`FIELD_GAMES` of them, replayed without the solver) or else against the visible-only
  baseline, becomes a log-likelihood ratio (``FairPlayWin``); the player's wins add up as a
  sequential test (``FairPlayEvidence``), and the win that takes the score to the threshold is
  flagged with the games that built it. The cost stays the foresight measure's budget: the
  field adds replays, not searches.

Idempotent: a flag is unique per (game, signal) and a reviewed result (``FairPlayReview``) is
not measured again, so running the review again changes nothing. A result whose foresight
cannot be measured (the solver or the replay fails) keeps the flags its other signals raised and
is measured again by the next run.
"""

from __future__ import annotations

import datetime as dt
import logging
import math
from collections.abc import Callable, Iterable, Iterator
from dataclasses import dataclass
from dataclasses import field as default
from typing import Any

from django.db import transaction
from django.db.models import Q

from games.challenges.models import Challenge, ChallengeAttempt
from games.core import clock
from games.engine import Layout
from games.play.models import Game, GameEvent
from games.play.selectors import action_of, log_of
from games.races.models import Race, RaceMember

from . import evidence, field, foresight
from .models import FairPlayEvidence, FairPlayFlag, FairPlayReview, FairPlayWin, GameOrigin
from .origins import RETENTION
from .rehearsal import rehearsal_of
from .speed import pace_of

logger = logging.getLogger(__name__)

#: Results of this many days back are reviewed by default (the review runs daily).
DEFAULT_DAYS = 3

#: Other players' games of a daily deal read to make its field, at most (the newest).
FIELD_GAMES = 200
#: Games read beyond them, standing in for the player's own games of the deal.
FIELD_SPARE = 5

Kind = FairPlayFlag.Kind
Measure = Callable[..., Any]


def foresight_threshold() -> float:
    """The foresight threshold ``docs/FAIR-PLAY.md`` gives (``foresight.THRESHOLD_BITS``): a win
    whose bits reach it is flagged."""
    return float(foresight.THRESHOLD_BITS)


@dataclass(frozen=True)
class Result:
    """A result to review: a ranked attempt, a counted challenge attempt (``challenge_id``)
    or a rated race result (``race``)."""

    game: Game
    race: Race | None = None
    challenge_id: int | None = None

    @property
    def played_at(self) -> dt.datetime:
        game = self.game
        if game.finished_at is not None and (game.is_over or self.race is not None):
            return game.finished_at
        if self.race is not None and self.race.finished_at is not None:
            return self.race.finished_at
        if game.daily_date is not None:
            return clock.day_end(game.daily_date)
        return game.updated_at


@dataclass
class Summary:
    reviewed: int = 0
    flags: int = 0
    copied_origins: int = 0
    failed: list[int] = default(default_factory=list)


# -- what to review ----------------------------------------------------------------------------
def results_to_review(since: dt.datetime) -> Iterator[Result]:
    """Ranked attempts that ended (or whose day closed) and rated race results of finished
    races, since ``since``, not reviewed yet; oldest first."""
    today = clock.today()
    attempts = (
        Game.objects.filter(ranked=True, daily_date__gte=since.date(), fair_play_review=None)
        .filter(Q(status__in=Game.OVER) | Q(daily_date__lt=today))  # a stall may still undo
        .select_related("deal", "owner")
        .order_by("daily_date", "id")
    )
    for game in list(attempts):
        yield Result(game)
    challenged = (
        ChallengeAttempt.objects.filter(
            counted=True, ended_at__gte=since, game__fair_play_review=None
        )
        .select_related("game__deal", "game__owner")
        .order_by("ended_at", "game_id")
    )
    for attempt in list(challenged):
        yield Result(attempt.game, challenge_id=attempt.challenge_id)
    members = (
        RaceMember.objects.filter(
            race__status=Race.Status.FINISHED,
            race__finished_at__gte=since,
            game__isnull=False,
            game__fair_play_review=None,
        )
        .filter(Q(race__rated=True) | Q(mu_after__isnull=False))
        .select_related("race", "game__deal", "game__owner")
        .order_by("race__finished_at", "race_id", "id")
    )
    for member in list(members):
        assert member.game is not None
        yield Result(member.game, member.race)


# -- race games' origins -------------------------------------------------------------------------
def copy_race_origins(since: dt.datetime) -> int:
    """Give each race game started since ``since`` its member's origin: the member's ready mark
    in that race, else their last quick-match join before it started (a race's games are made
    by whoever moves it on, with no request to tell where its members are). Idempotent."""
    copied = 0
    members = (
        RaceMember.objects.filter(
            race__starts_at__gte=since,
            race__deal__isnull=False,
            game__isnull=False,
            game__origins=None,
        )
        .select_related("race")
        .order_by("id")
    )
    for member in list(members):
        race = member.race
        assert race.starts_at is not None and member.game_id is not None
        source = _entry_origin(member.player_id, race)
        if source is None:
            continue
        _, created = GameOrigin.objects.get_or_create(
            game_id=member.game_id,
            defaults={
                "player_id": member.player_id,
                "deal_id": race.deal_id,
                "race_id": race.pk,
                "source": GameOrigin.Source.RACE,
                "address_hash": source.address_hash,
                "token_id": source.token_id,
                "recorded_at": source.recorded_at,
            },
        )
        copied += created
    return copied


def _entry_origin(player_id: int, race: Race) -> GameOrigin | None:
    entries = GameOrigin.objects.filter(
        player_id=player_id, game__isnull=True, recorded_at__lte=race.starts_at
    ).order_by("-recorded_at", "-id")
    own = entries.filter(race_id=race.pk).first()
    if own is not None:
        return own
    return entries.filter(
        source=GameOrigin.Source.QUEUE, race__isnull=True, recorded_at__lte=race.created_at
    ).first()


# -- measuring ---------------------------------------------------------------------------------
@dataclass(frozen=True)
class Signal:
    kind: str
    strength: float
    figures: dict
    earlier: Game | None = None


@dataclass(frozen=True)
class WinEvidence:
    """One win's figure for the sequential test (stored as ``FairPlayWin``)."""

    figure: str
    value: float
    bits: float
    llr: float
    field_games: int = 0
    field_steps: int = 0
    #: The foresight against the deal's field (a daily deal's win), for staff.
    field_bits: float | None = None


def signals_of(result: Result, measure: Measure = foresight.measure) -> tuple[list[Signal], bool]:
    """The signals past their thresholds, and whether every signal could be measured."""
    found, complete, _ = _measured(result, measure)
    return found, complete


def _measured(
    result: Result, measure: Measure, cache: FieldCache | None = None
) -> tuple[list[Signal], bool, WinEvidence | None]:
    game = result.game
    found: list[Signal] = []
    rehearsal = rehearsal_of(game)
    if rehearsal is not None:
        figures = rehearsal.figures
        if result.challenge_id is not None:
            figures = {**figures, **_challenge_figures(result.challenge_id, rehearsal.earlier)}
        found.append(Signal(Kind.REHEARSAL, rehearsal.strength, figures, rehearsal.earlier))
    if game.status != Game.StatusChoice.WON:
        return found, True, None
    events = log_of(game)
    pace = pace_of(game, events)
    if pace is not None and pace.too_fast:
        found.append(Signal(Kind.SPEED, pace.strength, pace.figures()))
    try:
        measured = measure(Layout.from_text(game.deal.layout), [action_of(e) for e in events])
    except Exception:
        logger.exception("Could not measure the foresight of game %s", game.pk)
        return found, False, None
    threshold = foresight_threshold()
    bits = float(measured.bits)
    if bits >= threshold:
        found.append(
            Signal(
                Kind.FORESIGHT,
                _foresight_strength(bits, threshold),
                {
                    "bits": round(bits, 2),
                    "bits_blind": round(float(measured.bits_blind), 2),
                    "threshold_bits": threshold,
                    "decisions": measured.decisions,
                    "mattered": measured.mattered,
                    "undos": measured.undos,
                    "retries": int(getattr(measured, "retries", 0)),
                    "lower_bound": bool(measured.budget_hit),
                },
            )
        )
    return found, True, win_evidence(game, measured, cache)


def win_evidence(game: Game, measured: Any, cache: FieldCache | None = None) -> WinEvidence:
    """A win's evidence: its bits against the visible-only honest model (``evidence.
    model_bits`` of its steps: each pick against what a player who sees only the visible cards
    would have picked there) and its llr; on a daily deal, its foresight against the deal's
    field (the other players' games of it) is kept beside it for staff. A measure without steps
    falls back to the blind bits."""
    bits = float(measured.bits)
    steps = getattr(measured, "steps", None)
    if not steps or not all(hasattr(step, "classes") for step in steps):
        return WinEvidence(evidence.BLIND, bits, bits, evidence.win(bits, evidence.BLIND).llr)
    value = float(evidence.model_bits((step.classes, step.picked) for step in steps))
    games = field_steps = 0
    field_bits = None
    if game.daily_date is not None:
        the_field, games = field_of_deal(game, cache)
        figure = field.against_field(steps, the_field)
        field_bits, field_steps = float(figure.bits), figure.with_field
    return WinEvidence(
        evidence.MODEL,
        value,
        bits,
        evidence.win(value, evidence.MODEL).llr,
        field_games=games,
        field_steps=field_steps,
        field_bits=field_bits,
    )


#: A deal → its newest games' owners and picks (:func:`field.picks`), read once a review run.
FieldCache = dict[int, list[tuple[int, list]]]


def field_of_deal(game: Game, cache: FieldCache | None = None) -> tuple[field.Field, int]:
    """The field of the game's deal: the other players' games of it (the newest
    :data:`FIELD_GAMES`), each replayed by the engine (no solver); a log that does not replay
    is left out. Returns the field and how many games made it. With ``cache`` (one review
    run's), a deal's games are read and replayed once for all its wins the run reviews."""
    cache = {} if cache is None else cache
    if game.deal_id not in cache:
        cache[game.deal_id] = _deal_lines(game)
    picked = [line for owner, line in cache[game.deal_id] if owner != game.owner_id]
    picked = picked[:FIELD_GAMES]
    return field.field_of(picked), len(picked)


def _deal_lines(game: Game) -> list[tuple[int, list]]:
    # A few more than the field needs: the player's own games among them are left out.
    newest = list(
        Game.objects.filter(deal_id=game.deal_id)
        .order_by("-id")
        .values_list("id", "owner_id")[: FIELD_GAMES + FIELD_SPARE]
    )
    owners = dict(newest)
    lines: dict[int, list] = {gid: [] for gid, _ in newest}
    for event in GameEvent.objects.filter(game_id__in=owners).order_by("game_id", "seq"):
        lines[event.game_id].append(event)
    layout = Layout.from_text(game.deal.layout)
    out = []
    for gid, _ in newest:
        try:
            out.append((owners[gid], field.picks(layout, [action_of(e) for e in lines[gid]])))
        except Exception:  # an unreadable log is no field
            logger.warning("Game %s does not replay for the field of its deal", gid)
    return out


def _challenge_figures(challenge_id: int, earlier: Game) -> dict:
    """For staff: which challenge, and whether the earlier game was its creator's (a creator's
    second account beating their own line) or another challenger's."""
    made = Challenge.objects.filter(pk=challenge_id).values_list("game_id", flat=True).first()
    if made == earlier.pk:
        role = "challenge creator"
    elif ChallengeAttempt.objects.filter(game_id=earlier.pk, challenge_id=challenge_id).exists():
        role = "challenger"
    else:
        role = "other"
    return {"challenge_id": challenge_id, "earlier_role": role}


def _foresight_strength(bits: float, threshold: float) -> float:
    """0.5 at the threshold, 1 at twice the threshold and beyond."""
    over = (bits - threshold) / threshold if threshold > 0 else 1.0
    return round(0.5 + 0.5 * min(1.0, max(0.0, over)), 3)


def review_result(
    result: Result, measure: Measure = foresight.measure, cache: FieldCache | None = None
) -> int:
    """Measure one result and store its flags (one per signal, never twice); returns how many
    flags it raised now. Marked reviewed only when every signal was measured."""
    found, complete, won = _measured(result, measure, cache)
    game = result.game
    raised = 0
    with transaction.atomic():
        if complete and won is not None:
            raised += _add_win(result, won)
        for signal in found:
            _, created = FairPlayFlag.objects.get_or_create(
                game=game,
                kind=signal.kind,
                defaults={
                    "player_id": game.owner_id,
                    "race": result.race,
                    "strength": signal.strength,
                    "figures": signal.figures,
                    "earlier_game": signal.earlier,
                    "played_at": result.played_at,
                    "flagged_at": clock.now(),
                },
            )
            raised += created
        if complete:
            FairPlayReview.objects.get_or_create(
                game=game, defaults={"reviewed_at": clock.now(), "flags": len(found)}
            )
    return raised


def _add_win(result: Result, won: WinEvidence) -> int:
    """Store a win's evidence and update its player's test; flags the win that takes the score
    to the threshold (once a player). Returns the flags raised (0 or 1)."""
    game = result.game
    FairPlayWin.objects.update_or_create(
        game=game,
        defaults={
            "player_id": game.owner_id,
            "figure": won.figure,
            "value": round(won.value, 4),
            "bits": round(won.bits, 4),
            "llr": won.llr,
            "field_games": won.field_games,
            "field_steps": won.field_steps,
            "field_bits": None if won.field_bits is None else round(won.field_bits, 4),
            "played_at": result.played_at,
        },
    )
    return _retest(game.owner_id)


def rescore(remeasure: Measure | None = None) -> Rescored:
    """Every stored win's llr again, from its figure and value with the models kept now: what
    an operator runs after ``evidence.json`` is refitted (``manage.py review_fair_play
    --rescore``), so that old and new wins of a player are on one scale. Each player's score,
    peak and count follow, one transaction a player. A flag already raised stays (staff have
    seen it; they clear it); a player whose score now reaches the threshold is flagged as on a
    new win. Idempotent: a second run changes nothing.

    A refit that changes the honest model itself (its features or weights, ``policy`` in
    ``evidence.json``) changes the wins' values, not only their llr: with ``remeasure``
    (``--rescore --remeasure``: ``foresight.measure``) each win's game is measured again first,
    outside the transaction (the solver's budget a game, as in the review), and its figure,
    value and field figures are the new measure's."""
    done = Rescored()
    players = (
        FairPlayWin.objects.order_by("player_id").values_list("player_id", flat=True).distinct()
    )
    cache: FieldCache = {}
    for player_id in players:
        fresh = _measured_again(player_id, remeasure, cache) if remeasure is not None else {}
        with transaction.atomic():
            FairPlayEvidence.objects.select_for_update().filter(player_id=player_id).first()
            changed = []
            for won in FairPlayWin.objects.select_for_update().filter(player_id=player_id):
                if _renewed(won, fresh.get(won.game_id)):
                    changed.append(won)
            FairPlayWin.objects.bulk_update(changed, _RENEWED_FIELDS)
            done.wins += len(changed)
            done.players += bool(changed)
            done.flags += _retest(player_id)
    return done


_RENEWED_FIELDS = ["figure", "value", "bits", "llr", "field_games", "field_steps", "field_bits"]


def _renewed(won: FairPlayWin, again: WinEvidence | None) -> bool:
    """Sets the win's figures from its new measure (if any) and its llr with the models kept
    now; whether anything moved. Values are stored to 4 places: a change under a thousandth
    of a bit is that."""
    before = [getattr(won, name) for name in _RENEWED_FIELDS]
    if again is not None:
        won.figure, won.value, won.bits = again.figure, round(again.value, 4), round(again.bits, 4)
        won.field_games, won.field_steps = again.field_games, again.field_steps
        won.field_bits = None if again.field_bits is None else round(again.field_bits, 4)
    llr = evidence.win(won.value, won.figure).llr
    if not math.isclose(llr, won.llr, abs_tol=1e-3):
        won.llr = llr
    after = [getattr(won, name) for name in _RENEWED_FIELDS]
    return after != before


def _measured_again(player_id: int, measure: Measure, cache: FieldCache) -> dict[int, WinEvidence]:
    """The player's stored wins measured again: game id → its evidence now (a game that no
    longer measures keeps what was stored, and is logged)."""
    out = {}
    for won in FairPlayWin.objects.filter(player_id=player_id).select_related("game__deal"):
        game = won.game
        try:
            events = log_of(game)
            measured = measure(Layout.from_text(game.deal.layout), [action_of(e) for e in events])
        except Exception:
            logger.exception("Could not measure the foresight of game %s again", game.pk)
            continue
        out[game.pk] = win_evidence(game, measured, cache)
    return out


@dataclass
class Rescored:
    """What :func:`rescore` changed: wins whose llr moved, their players, flags raised."""

    wins: int = 0
    players: int = 0
    flags: int = 0


def _retest(player_id: int) -> int:
    """A player's sequential test over their stored wins, in the order played, kept in
    ``FairPlayEvidence``; flags the win that takes the score to the threshold (once a player).
    Returns the flags raised (0 or 1)."""
    wins = list(FairPlayWin.objects.filter(player_id=player_id).order_by("played_at", "pk"))
    test = evidence.evidence(w.llr for w in wins)
    record, _ = FairPlayEvidence.objects.select_for_update().get_or_create(
        player_id=player_id, defaults={"threshold": test.threshold}
    )
    record.score, record.peak, record.wins = test.score, test.peak, test.wins
    record.threshold, record.updated_at = test.threshold, clock.now()
    raised = 0
    if record.flagged_after is None and test.flagged_at is not None:
        record.flagged_after, record.flagged_at = test.flagged_at, clock.now()
        built = wins[: test.flagged_at]
        crossing = built[-1]
        race_id = (
            RaceMember.objects.filter(game_id=crossing.game_id).values_list("race_id", flat=True)
        ).first()
        _, raised = FairPlayFlag.objects.get_or_create(
            game_id=crossing.game_id,
            kind=Kind.EVIDENCE,
            defaults={
                "player_id": player_id,
                "race_id": race_id,
                "strength": _foresight_strength(test.peak, test.threshold),
                "figures": {
                    "score": round(sum(w.llr for w in built), 2),
                    "threshold": round(test.threshold, 2),
                    "false_flag_rate": evidence.FALSE_FLAG_RATE,
                    "wins": len(built),
                    "games": [
                        {
                            "game": w.game_id,
                            "figure": w.figure,
                            "value": round(w.value, 2),
                            "llr": round(w.llr, 2),
                        }
                        for w in built
                    ],
                },
                "played_at": crossing.played_at,
                "flagged_at": clock.now(),
            },
        )
    record.save()
    return int(raised)


def review(
    days: int = DEFAULT_DAYS,
    *,
    limit: int | None = None,
    measure: Measure = foresight.measure,
    progress: Callable[[Result, int], None] | None = None,
) -> Summary:
    """Review the results of the last ``days`` days (at most ``limit`` of them)."""
    now = clock.now()
    since = now - dt.timedelta(days=days)
    summary = Summary(copied_origins=copy_race_origins(now - RETENTION))
    fields: FieldCache = {}  # each deal's field read once this run
    for result in _limited(results_to_review(since), limit):
        try:
            raised = review_result(result, measure, fields)
        except Exception:
            logger.exception("Could not review game %s", result.game.pk)
            summary.failed.append(result.game.pk)
            continue
        summary.reviewed += 1
        summary.flags += raised
        if progress is not None:
            progress(result, raised)
    return summary


def _limited(results: Iterable[Result], limit: int | None) -> Iterator[Result]:
    for count, result in enumerate(results):
        if limit is not None and count >= limit:
            return
        yield result
