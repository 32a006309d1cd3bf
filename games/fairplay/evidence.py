"""Evidence across a player's ranked wins: a sequential test that adds up each win's evidence.

A pure library (the standard library only; no Django), for staff only. ``docs/FAIR-PLAY.md``
gives the calibration and the figures it reaches.

**One win's evidence** is a log-likelihood ratio, in bits. The review's figure is the **model
bits** (:func:`model_bits`): each pick against a visible-only honest model (:class:`Policy`, over
the step's look-alike classes, ``foresight.Step.classes``), as the likelihood ratio of a partial
cheater (:func:`factor`, a mix of shares :data:`EPSILONS`), less one offset that makes honest
wins' ratios average 1 (:class:`Normalized`, :func:`fit_offset`). Wins reviewed before it keep
the older figures (foresight ``bits`` against the blind baseline, or against the deal's field:
:mod:`.field`), whose value falls in one bin of a histogram, and

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
import random
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
#: likelihood ratio's mean at most 1, so the false-flag bound below still holds. The cap is
#: the largest half bit under the threshold (log2(100) = 6.64 bits: 6.5), so a strong win counts
#: as nearly all it says; at 4 bits (until 2026-12-06) a cheater's clear wins were cut down to
#: the weight of middling ones (docs/FAIR-PLAY.md, "The cap").
LLR_CAP = math.floor(2 * math.log2(1.0 / FALSE_FLAG_RATE)) / 2
#: The figures a model may be for: foresight's bits against the blind baseline, against the
#: deal's field, the look-alike figure (``Foresight.alike_bits``) and the figure against the
#: visible-only honest model (:func:`model_bits`, the review's).
BLIND, FIELD, ALIKE, MODEL = "blind", "field", "alike", "model"
#: The bins the bench fits a model on, per figure (the first bin is open below).
EDGES = (0.0, 0.5, 1.0, 2.0, 3.0, 4.0, 6.0, 8.0, 12.0, 16.0, 24.0)
ALIKE_EDGES = (-1.0, -0.5, 0.0, 0.25, 0.5, 1.0, 1.5, 2.0, 3.0, 4.0, 6.0, 8.0)
MODEL_EDGES = (-2.0, -1.0, 0.0, 0.5, 1.0, 1.5, 2.0, 3.0, 4.0, 6.0, 8.0, 12.0)
#: The share of informed picks the model figure's cheater is taken to make (:func:`factor`).
EPSILON = 0.25
#: The shares a game's figure mixes (:func:`model_bits`), each as likely a priori: from a
#: cheater who asks on one choice in ten to one who asks on every one (0.99, not 1: a share of
#: 1 makes any losing pick impossible, and one would zero that cheater's likelihood). The 0.99
#: was added on 2026-12-06 for the every-choice cheater issue 42 names, by a rule set down
#: before the fresh set that judged it was drawn (bench/results/2026-12-06-fairplay-shares-099.md).
EPSILONS = (0.1, 0.25, 0.5, 0.75, 0.9, 0.99)
#: The honest model's weight on a uniform pick among the options (:class:`Policy`).
UNIFORM = 0.3
#: The offset kept is an upper bound of the one that makes honest wins average 1: its 99th
#: percentile over bootstrap resamples of the calibration's honest wins (:func:`fit_offset`).
#: Honest figures have a heavy tail, and a plain offset read from 84 bots' wins fell short on a
#: new set of deals (seed 2029: 1.84 needed, 1.27 kept, 2.8 % of honest players flagged after
#: 10 wins). The stated false-flag rate is a bound, so its offset is taken with confidence too;
#: the price is a little of each cheater's evidence (docs/FAIR-PLAY.md, "The offset's margin").
OFFSET_CONFIDENCE = 0.99
OFFSET_RESAMPLES = 4000

#: A look-alike class of a step's options (``foresight.Step.classes``): its visible features,
#: its options, and of them the winnable and the undecided ones.
Class = tuple[Sequence[int], int, int, int]


def threshold_for(rate: float = FALSE_FLAG_RATE) -> float:
    """The score (bits) that flags a player: ``log2(1 / rate)``."""
    return math.log2(1.0 / rate)


@dataclass(frozen=True)
class Model:
    """Two histograms of one figure over the same bins: honest wins and cheaters' wins.

    ``edges`` are the bins' lower edges: bin ``i`` holds ``edges[i] <= x < edges[i + 1]``
    (the last is open above, the first below: it holds every figure under ``edges[1]``).
    ``honest`` and ``cheater`` are probabilities (each sums to 1, no zero: the bench smooths
    its counts)."""

    figure: str
    edges: tuple[float, ...]
    honest: tuple[float, ...]
    cheater: tuple[float, ...]

    def __post_init__(self):
        if not (len(self.edges) == len(self.honest) == len(self.cheater) and self.edges):
            raise ValueError("a model needs one probability of each kind per bin")
        if list(self.edges) != sorted(self.edges):
            raise ValueError("the edges rise")
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


@dataclass(frozen=True)
class Normalized:
    """A figure that is itself a log-likelihood ratio (bits), scaled to honest wins: one win's
    evidence is

        llr = figure - offset,   at most LLR_CAP,   offset = log2 mean(2 ** figure)

    the mean over honest wins (:func:`fit_offset`), so that ``2 ** llr`` has mean 1 (at most 1
    with the cap) over honest wins: the offset takes out what winning selects (an honest win
    passed every trap it met) and what the honest model misses, on average."""

    figure: str
    offset: float
    #: How many honest wins the offset was read from.
    honest_wins: int = 0
    #: The offset that makes those wins average 1 exactly, when ``offset`` is an upper bound of
    #: it (:data:`OFFSET_CONFIDENCE`); None when it is that offset itself.
    plain_offset: float | None = None

    def llr(self, figure: float) -> float:
        return min(LLR_CAP, figure - self.offset)

    def as_data(self) -> dict:
        data: dict = {"offset": self.offset, "honest_wins": self.honest_wins}
        if self.plain_offset is not None:
            data["plain_offset"] = self.plain_offset
        return data


def fit_offset(
    figure: str,
    honest: Sequence[float],
    confidence: float | None = None,
    resamples: int = OFFSET_RESAMPLES,
) -> Normalized:
    """The offset of a :class:`Normalized` figure from honest wins' figures: the one that makes
    their ``2 ** llr`` average 1, or with ``confidence`` an upper bound of it — that quantile of
    the offset over ``resamples`` bootstrap resamples of the wins (a fixed seed: the same wins
    give the same offset), never below the plain one."""
    if not honest:
        raise ValueError("the offset needs honest wins")
    plain = _log2_mean_exp2(honest)
    if confidence is None:
        return Normalized(figure, plain, len(honest))
    if not 0.5 <= confidence < 1.0:
        raise ValueError("the confidence is a share from 0.5 up to, not including, 1")
    draw = random.Random(0)
    values = list(honest)
    offsets = sorted(_log2_mean_exp2(draw.choices(values, k=len(values))) for _ in range(resamples))
    bound = offsets[min(len(offsets) - 1, math.ceil(confidence * len(offsets)) - 1)]
    return Normalized(figure, max(plain, bound), len(honest), plain)


def _log2_mean_exp2(values: Sequence[float]) -> float:
    """``log2(mean(2 ** x))``, as a log-sum-exp (figures can be large)."""
    top = max(values)
    return top + math.log2(sum(2.0 ** (x - top) for x in values) / len(values))


@cache
def models() -> dict[str, Model | Normalized]:
    """The calibrated models kept in ``evidence.json``."""
    data = json.loads(DATA.read_text())
    out: dict[str, Model | Normalized] = {}
    for name, spec in data["models"].items():
        if "offset" in spec:
            plain = spec.get("plain_offset")
            out[name] = Normalized(
                name,
                float(spec["offset"]),
                int(spec.get("honest_wins", 0)),
                None if plain is None else float(plain),
            )
        else:
            out[name] = Model(name, **_fields(spec))
    return out


@cache
def policy() -> Policy:
    """The visible-only honest model kept in ``evidence.json``."""
    spec = json.loads(DATA.read_text())["policy"]
    return Policy(tuple(float(w) for w in spec["weights"]), float(spec["uniform"]))


# -- the visible-only honest model ---------------------------------------------------------------
def features(visible: Sequence[int], options: int) -> tuple[float, ...]:
    """A class's numbers for the model, from ``foresight.visible_features`` (cards taken, from
    the reserve, from piles with cards below, those piles' heights summed, the tallest, cards
    of a visibly safe rank) and its count of options: (a triple, reserve cards, piles dug,
    heights / 8, tallest / 8, visibly safe cards, log of the options, and the squares of the
    heights and of the tallest, / 8 each). The squares let a player's liking for tall piles
    grow faster than in proportion (a tallest-first player digs the tallest pile far more
    often than the next one): on 650 deals the model was not fitted on, they raised the
    cheaters caught after 5 wins by 1 to 5 points, honest players flagged still 0 %
    (docs/FAIR-PLAY.md, "The honest model's features")."""
    size, reserve, dug, height, tallest, whole = visible
    return (
        float(size == 3),
        float(reserve),
        float(dug),
        height / 8.0,
        tallest / 8.0,
        float(whole),
        math.log(options),
        (height / 8.0) ** 2,
        (tallest / 8.0) ** 2,
    )


def step_features(classes: Sequence[Class]) -> list[tuple[float, ...]]:
    """Each class's numbers for the model at one step: its :func:`features`. The seam for
    numbers that need the step's other options too: one such, whether a class digs the most
    (its heights summed the largest of the step), was tried on 2026-12-06 and not kept — it
    raised the catch by 1 to 7 points, but honest players of a style the model was not fitted
    on were flagged 1.7–2.4 % (docs/FAIR-PLAY.md, "The honest model's features";
    ``bench/fairplay_features.py``'s ``mostheight``)."""
    return [features(visible, options) for visible, options, _, _ in classes]


#: How many numbers :func:`step_features` gives a class (the weights of a :class:`Policy`).
WEIGHTS = len(step_features([((2, 0, 0, 0, 0, 0), 1, 0, 0)])[0])


@dataclass(frozen=True)
class Policy:
    """A visible-only honest player: which look-alike class of options it picks, a softmax of
    the classes' :func:`step_features` weighted by ``weights``, mixed with a uniform pick among the
    options (weight ``uniform``, so that no option is ever taken as next to impossible); within
    a class, any option (nothing visible tells them apart)."""

    weights: tuple[float, ...]
    uniform: float = UNIFORM

    def chances(self, classes: Sequence[Class]) -> list[float]:
        """The chance of each class being picked."""
        scores = [
            sum(w * x for w, x in zip(self.weights, row, strict=True))
            for row in step_features(classes)
        ]
        top = max(scores)
        raw = [math.exp(x - top) for x in scores]
        total, options = sum(raw), sum(c[1] for c in classes)
        return [
            (1.0 - self.uniform) * r / total + self.uniform * c[1] / options
            for r, c in zip(raw, classes, strict=True)
        ]

    def safe_chance(self, classes: Sequence[Class]) -> float:
        """The chance that this player's pick keeps the deal winnable (undecided counted in)."""
        chances = self.chances(classes)
        return sum(p * (w + u) / n for p, (_, n, w, u) in zip(chances, classes, strict=True))


def factor(classes: Sequence[Class], picked: str, of: Policy, epsilon: float = EPSILON) -> float:
    """One step's likelihood ratio: a cheater who, on a share ``epsilon`` of the steps, picks
    as the honest model would but among the options that keep the deal winnable only (and
    otherwise plays as the model does), against the honest model:

        (1 - epsilon) + epsilon / P_safe    for a winnable pick,
        1 - epsilon                         for a losing one,
        1                                   for an undecided one, or when P_safe is 0 or 1,

    ``P_safe`` the model's chance of a pick that keeps the deal winnable (:meth:`Policy.
    safe_chance`). ``picked`` is the pick's verdict: ``"winnable"``, ``"lost"`` or
    ``"undecided"``. Its mean under the honest model is at most 1."""
    if not 0.0 < epsilon < 1.0:
        raise ValueError("epsilon is a share of the steps, above 0 and below 1")
    if picked == "undecided" or not classes:
        return 1.0
    chance = of.safe_chance(classes)
    if chance <= 0.0 or chance >= 1.0 - 1e-12:
        return 1.0
    if picked == "lost":
        return 1.0 - epsilon
    return (1.0 - epsilon) + epsilon / chance


def model_bits(
    steps: Iterable[tuple[Sequence[Class], str]],
    of: Policy | None = None,
    epsilon: float | Sequence[float] = EPSILONS,
) -> float:
    """A game's figure against the honest model, every removal counted (undone ones and retries
    too), given as (the step's classes, the pick's verdict): for one ``epsilon``, the sum of its
    steps' ``log2`` factors; for several, ``log2`` of the mean of their games' likelihood ratios
    (``2 ** sum``): a cheater whose share of informed picks is any of them, each as likely."""
    chosen = of if of is not None else policy()
    shares = (epsilon,) if isinstance(epsilon, float | int) else tuple(epsilon)
    given = list(steps)
    sums = [sum(math.log2(factor(c, v, chosen, e)) for c, v in given) for e in shares]
    top = max(sums)
    return top + math.log2(sum(2.0 ** (x - top) for x in sums) / len(sums))


def fit_policy(
    picks: Iterable[Sequence[Class]], ridge: float = 1.0, uniform: float = UNIFORM
) -> Policy:
    """The honest model from honest players' picks, each given as its step's classes, the
    picked one first: a conditional logit over the classes (Newton's method, an L2 penalty of
    weight ``ridge``); steps with one class tell nothing and are left out."""
    data = [step_features(c) for c in picks if len(c) > 1]
    k = len(data[0][0]) if data else WEIGHTS
    weights = [0.0] * k
    for _ in range(50):
        grad = [-ridge * w for w in weights]
        hess = [[ridge * (a == b) for b in range(k)] for a in range(k)]
        for rows in data:
            scores = [sum(w * x for w, x in zip(weights, row, strict=True)) for row in rows]
            top = max(scores)
            raw = [math.exp(x - top) for x in scores]
            total = sum(raw)
            p = [r / total for r in raw]
            mean = [sum(pj * row[i] for pj, row in zip(p, rows, strict=True)) for i in range(k)]
            for i in range(k):
                grad[i] += rows[0][i] - mean[i]
            for pj, row in zip(p, rows, strict=True):
                d = [row[i] - mean[i] for i in range(k)]
                for a in range(k):
                    for b in range(k):
                        hess[a][b] += pj * d[a] * d[b]
        step = _solve(hess, grad)
        weights = [w + s for w, s in zip(weights, step, strict=True)]
        if max(abs(s) for s in step) < 1e-9:
            break
    return Policy(tuple(weights), uniform)


def _solve(matrix: list[list[float]], vector: list[float]) -> list[float]:
    """``matrix x = vector`` by Gauss-Jordan elimination with partial pivoting."""
    n = len(vector)
    a = [row[:] + [vector[i]] for i, row in enumerate(matrix)]
    for col in range(n):
        pivot = max(range(col, n), key=lambda r: abs(a[r][col]))
        a[col], a[pivot] = a[pivot], a[col]
        for r in range(n):
            if r != col:
                ratio = a[r][col] / a[col][col]
                a[r] = [x - ratio * y for x, y in zip(a[r], a[col], strict=True)]
    return [a[i][n] / a[i][i] for i in range(n)]


def _fields(spec: dict) -> dict:
    return {k: tuple(float(x) for x in spec[k]) for k in ("edges", "honest", "cheater")}


def model(figure: str) -> Model | Normalized:
    return models()[figure]


@dataclass(frozen=True)
class Win:
    """One ranked win as evidence: which figure, its value, and its llr."""

    figure: str
    value: float
    llr: float


def win(value: float, figure: str = BLIND, of: Model | Normalized | None = None) -> Win:
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
