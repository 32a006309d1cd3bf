"""Race ratings with OpenSkill's Plackett–Luce model (the ``openskill`` package does the
maths): one update per finished race from its standings, and its exact undoing when staff
disqualify a result."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from openskill.models import PlackettLuce

#: The model with its defaults (mu 25, sigma 25/3): a new player's rating.
MODEL = PlackettLuce()


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


def rate(in_order: Sequence[Skill]) -> list[Skill]:
    """The ratings after a race whose standings are ``in_order`` (best first, one player a
    team, every rank distinct as the standings are)."""
    teams = [[MODEL.rating(mu=skill.mu, sigma=skill.sigma)] for skill in in_order]
    rated = MODEL.rate(teams, ranks=[float(rank) for rank in range(1, len(teams) + 1)])
    return [Skill(team[0].mu, team[0].sigma) for team in rated]
