"""Speed: a win whose removals come faster than a person can read the table.

The move log stamps every entry with the server's clock when the change was made
(``GameEvent.created_at``). The figure is the **median interval between consecutive removals**
of the win (a removal is a move, or the tap that completed one; undone removals count, they
were played too), with the whole win's duration beside it. A win of a full deal is 48 removals,
47 intervals: a few quick ones (two removals seen at once) do not move the median, and neither
do a few long pauses; the server's receive times add network jitter to each interval, not to
their median.

**The threshold**, :data:`MEDIAN_INTERVAL_MS` = 500 ms, from what one removal takes a person at
the least: seeing that the table changed (a simple visual reaction, about 200–250 ms, is the
floor of any response to a change), choosing a removal among the twelve pile tops and the
reserve (a choice reaction among several alternatives: the Hick–Hyman law adds roughly 150 ms
per bit, so 300 ms or more for four or more candidates, and finding a sum of 11 among up to 20
cards is a visual search, slower still), and pointing at the two or three cards (the client
removes by tapping each card; an aimed tap or click takes about 150–300 ms, Fitts's law). That
is about 250 + 300 + 2 × 200 ≈ 950 ms for a sustained human pace, and even a player who has
planned ahead pays the reaction and the pointing, ≥ 600 ms. A median below 500 ms, sustained
over a whole win, is below what a person can keep up: a script, or a line played from a list.
"""

from __future__ import annotations

import itertools
import statistics
from dataclasses import dataclass

from games.play.models import Game, GameEvent

#: A win whose median interval between removals is below this is flagged (see above).
MEDIAN_INTERVAL_MS = 500
#: Fewer removals than this say nothing of a pace (a hand-built table; a real win has 48).
MIN_REMOVALS = 3


@dataclass(frozen=True)
class Pace:
    removals: int
    median_interval_ms: int
    fastest_interval_ms: int
    #: From the game's start (a race's start for a race game) to its last removal.
    whole_ms: int

    @property
    def too_fast(self) -> bool:
        return self.median_interval_ms < MEDIAN_INTERVAL_MS

    @property
    def strength(self) -> float:
        """0.5 at the threshold, up to 1 for removals at no interval at all."""
        below = max(0.0, (MEDIAN_INTERVAL_MS - self.median_interval_ms) / MEDIAN_INTERVAL_MS)
        return round(0.5 + 0.5 * min(1.0, below), 3)

    def figures(self) -> dict:
        return {
            "removals": self.removals,
            "median_interval_ms": self.median_interval_ms,
            "fastest_interval_ms": self.fastest_interval_ms,
            "whole_ms": self.whole_ms,
            "threshold_ms": MEDIAN_INTERVAL_MS,
        }


def is_removal(event: GameEvent) -> bool:
    return event.kind in (GameEvent.Kind.MOVE, GameEvent.Kind.TAP) and bool(event.cards)


def pace_of(game: Game, events: list[GameEvent]) -> Pace | None:
    """The pace of a game's removals (None with fewer than :data:`MIN_REMOVALS`)."""
    times = [event.created_at for event in events if is_removal(event)]
    if len(times) < MIN_REMOVALS:
        return None
    intervals = [_ms(later - earlier) for earlier, later in itertools.pairwise(times)]
    return Pace(
        removals=len(times),
        median_interval_ms=int(statistics.median(intervals)),
        fastest_interval_ms=min(intervals),
        whole_ms=_ms(times[-1] - game.started_at),
    )


def _ms(delta) -> int:
    return max(0, int(delta.total_seconds() * 1000))
