"""What the service knows of deals, for staff and for choosing deals (SPEC §10).

Stored solver results per deal (:class:`~games.deals.models.DealSolution`), the pool of
proven-winnable deals that every random deal is drawn from under the deployment's policy
(``HALFMOON_WINNABLE_DEALS_ONLY``, never told to players), and, per finished
game, where it was lost. Only :mod:`games.deals.solving` runs the solver
(:mod:`games.solver`); everything players reach (:mod:`games.deals.services`, the pool) only
reads or moves stored results and never returns them: a player learns from this package
nothing of whether a deal can be won (§10).
"""
