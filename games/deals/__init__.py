"""What the service knows of deals, for staff and for choosing deals (SPEC §10).

Stored solver results per deal (:class:`~games.deals.models.DealSolution`), the pool of
proven-winnable deals that ``POST /games {"winnable": true}`` draws from, and, per finished
game, where it was lost. Only :mod:`games.deals.solving` runs the solver
(:mod:`games.solver`); everything players reach (:mod:`games.deals.services`, the pool) only
reads or moves stored results and never returns them: a player learns from this package at
most that a deal they were given is winnable, which §10 allows.
"""
