"""Race ratings with OpenSkill's Plackett–Luce model (the ``openskill`` package does the
maths): one update per finished rated race from its standings (tied results passed to it as
tied ranks), and its exact undoing when staff disqualify a result."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from openskill.models import PlackettLuce

#: The model with its defaults (mu 25, sigma 25/3): a new player's rating.
MODEL = PlackettLuce()

#: A rating from fewer rated races than this is provisional (SPEC §8): shown as such, and left
#: off the ranked part of the ratings board.
ESTABLISHED_AFTER = 10


@dataclass(frozen=True)
class Skill:
    mu: float
    sigma: float

    @property
    def ordinal(self) -> float:
        """What the ratings board orders by: mu − 3·sigma (a conservative estimate)."""
        return float(MODEL.rating(mu=self.mu, sigma=self.sigma).ordinal())


def initial() -> Skill:
    rating = MODEL.rating()
    return Skill(rating.mu, rating.sigma)


def is_provisional(races: int) -> bool:
    return races < ESTABLISHED_AFTER


def rate(in_order: Sequence[Skill], ranks: Sequence[int] | None = None) -> list[Skill]:
    """The ratings after a race whose standings are ``in_order`` (best first, one player a
    team) with their ``ranks`` (equal ranks: a tie; None: every rank distinct)."""
    teams = [[MODEL.rating(mu=skill.mu, sigma=skill.sigma)] for skill in in_order]
    places = list(ranks) if ranks is not None else list(range(1, len(teams) + 1))
    rated = MODEL.rate(teams, ranks=[float(rank) for rank in places])
    return [Skill(team[0].mu, team[0].sigma) for team in rated]
