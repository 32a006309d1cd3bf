"""Evidence across a player's ranked wins: a sequential test that adds up each win's evidence.

A pure library (the standard library only; no Django), for staff only. ``docs/FAIR-PLAY.md``
gives the calibration and the figures it reaches.

**One win's evidence** is a log-likelihood ratio, in bits: the game's figure (its foresight
``bits`` against the visible-only baseline, or against the deal's field on a daily deal:
:mod:`.field`) falls in one bin of a histogram, and

    llr = log2( P(bin | cheater) / P(bin | honest) )

capped at ``LLR_CAP`` bits, with both distributions calibrated on the bench
(``bench/fairplay_calibration.py``) and kept as data beside this module (``evidence.json``, one
model per figure). A win on a deal without traps
lands in the lowest bin and counts against cheating; a high figure counts for it.

**A player's score** is the sum of the llrs of their ranked wins in the order played (Wald's
sequential probability ratio test, open-ended: there is no "cleared" boundary, evidence is never
thrown away). The player is **flagged** the first time the score reaches

    threshold = log2(1 / FALSE_FLAG_RATE)      (6.64 bits for 1 %)

For an honest player whose wins follow the honest distribution the likelihood ratio
``2 ** score`` is a nonnegative martingale of mean 1, so by Ville's inequality the chance that it
*ever* reaches ``1 / FALSE_FLAG_RATE``, over any number of wins, is at most ``FALSE_FLAG_RATE``:
the stated false-flag rate holds however long a player plays, as far as the honest distribution
is right (the bench measures it on its own honest players too).
"""

from __future__ import annotations

import bisect
import json
import math
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from functools import cache
from pathlib import Path

#: The stated false-flag rate: at most this share of honest players is ever flagged.
FALSE_FLAG_RATE = 0.01
#: Where the calibrated models are kept (written by ``bench/fairplay_calibration.py``).
DATA = Path(__file__).with_name("evidence.json")
#: One win's evidence is capped at this many bits: no single win flags a player (it takes two
#: at least), whatever the tail of the calibration. Capping from above keeps the honest
#: likelihood ratio's mean at most 1, so the false-flag bound below still holds.
LLR_CAP = 4.0
#: The figures a model may be for.
BLIND, FIELD = "blind", "field"


def threshold_for(rate: float = FALSE_FLAG_RATE) -> float:
    """The score (bits) that flags a player: ``log2(1 / rate)``."""
    return math.log2(1.0 / rate)


@dataclass(frozen=True)
class Model:
    """Two histograms of one figure over the same bins: honest wins and cheaters' wins.

    ``edges`` are the bins' lower edges, the first 0: bin ``i`` holds ``edges[i] <= x <
    edges[i + 1]`` (the last is open). ``honest`` and ``cheater`` are probabilities (each sums
    to 1, no zero: the bench smooths its counts)."""

    figure: str
    edges: tuple[float, ...]
    honest: tuple[float, ...]
    cheater: tuple[float, ...]

    def __post_init__(self):
        if not (len(self.edges) == len(self.honest) == len(self.cheater) and self.edges):
            raise ValueError("a model needs one probability of each kind per bin")
        if list(self.edges) != sorted(self.edges) or self.edges[0] != 0:
            raise ValueError("the edges rise from 0")
        if min(self.honest + self.cheater) <= 0:
            raise ValueError("every bin needs a probability above 0")

    def bin_of(self, figure: float) -> int:
        return max(0, bisect.bisect_right(self.edges, figure) - 1)

    def llr(self, figure: float) -> float:
        """One win's evidence, in bits."""
        i = self.bin_of(figure)
        return min(LLR_CAP, math.log2(self.cheater[i] / self.honest[i]))

    def as_data(self) -> dict:
        return {
            "edges": list(self.edges),
            "honest": list(self.honest),
            "cheater": list(self.cheater),
        }


def fit(
    figure: str,
    honest: Sequence[float],
    cheater: Sequence[float],
    edges: Sequence[float],
    smoothing: float = 0.5,
) -> Model:
    """A model from two samples of the figure: counts per bin plus ``smoothing``, normalized."""
    probe = Model(figure, tuple(edges), (1.0,) * len(edges), (1.0,) * len(edges))

    def histogram(values: Sequence[float]) -> tuple[float, ...]:
        counts = [smoothing] * len(edges)
        for value in values:
            counts[probe.bin_of(value)] += 1
        total = sum(counts)
        return tuple(c / total for c in counts)

    return Model(figure, tuple(edges), histogram(honest), histogram(cheater))


@cache
def models() -> dict[str, Model]:
    """The calibrated models kept in ``evidence.json``."""
    data = json.loads(DATA.read_text())
    return {name: Model(name, **_fields(spec)) for name, spec in data["models"].items()}


def _fields(spec: dict) -> dict:
    return {k: tuple(float(x) for x in spec[k]) for k in ("edges", "honest", "cheater")}


def model(figure: str) -> Model:
    return models()[figure]


@dataclass(frozen=True)
class Win:
    """One ranked win as evidence: which figure, its value, and its llr."""

    figure: str
    value: float
    llr: float


def win(value: float, figure: str = BLIND, of: Model | None = None) -> Win:
    chosen = of if of is not None else model(figure)
    return Win(chosen.figure, value, chosen.llr(value))


@dataclass(frozen=True)
class Evidence:
    """A player's sequential test over their wins (in the order played)."""

    llrs: tuple[float, ...]
    threshold: float

    @property
    def score(self) -> float:
        """The sum of the llrs: the log2 likelihood ratio, cheater against honest."""
        return sum(self.llrs)

    @property
    def peak(self) -> float:
        """The highest the running score has been (0 before any win)."""
        running, best = 0.0, 0.0
        for llr in self.llrs:
            running += llr
            best = max(best, running)
        return best

    @property
    def flagged_at(self) -> int | None:
        """How many wins it took the running score to reach the threshold (None: never)."""
        running = 0.0
        for count, llr in enumerate(self.llrs, start=1):
            running += llr
            if running >= self.threshold:
                return count
        return None

    @property
    def flagged(self) -> bool:
        return self.flagged_at is not None

    @property
    def wins(self) -> int:
        return len(self.llrs)


def evidence(llrs: Iterable[float], rate: float = FALSE_FLAG_RATE) -> Evidence:
    """The sequential test over these wins' llrs, at the false-flag rate ``rate``."""
    return Evidence(tuple(llrs), threshold_for(rate))
