"""``manage.py fill_winnable_pool [--target N] [--budget B] [--keep-filled SECONDS]``: keep a
pool of proven-winnable deals, dealt as random deals under ``HALFMOON_WINNABLE_DEALS_ONLY``
(SPEC §10).

Solves random deals never stored before until the pool holds ``--target`` winnable ones. With
``--keep-filled`` it keeps checking (every ``--interval`` seconds) for that long, refilling
what players took, then exits: the compose file's worker runs it in a loop. Safe to run on
several hosts at once (the pool never holds a deal twice; it may briefly exceed the target).
"""

from __future__ import annotations

import time

from django.conf import settings
from django.core.management.base import BaseCommand, CommandError

from games.deals.selectors import pool_size
from games.deals.solving import fill_pool


class Command(BaseCommand):
    help = "Fill the pool of proven-winnable deals (and keep it filled with --keep-filled)."

    def add_arguments(self, parser):
        parser.add_argument(
            "--target",
            type=int,
            default=None,
            help="Deals to keep ready; default HALFMOON_WINNABLE_POOL_TARGET "
            f"({settings.HALFMOON_WINNABLE_POOL_TARGET}).",
        )
        parser.add_argument(
            "--budget",
            type=int,
            default=None,
            help="Positions the solver may search per deal; default HALFMOON_SOLVE_BUDGET "
            f"({settings.HALFMOON_SOLVE_BUDGET:,}).",
        )
        parser.add_argument(
            "--keep-filled",
            type=float,
            default=0.0,
            metavar="SECONDS",
            help="Keep refilling for this many seconds, then exit (default: fill once).",
        )
        parser.add_argument(
            "--interval",
            type=float,
            default=5.0,
            help="Seconds between checks with --keep-filled (default 5).",
        )

    def handle(self, *args, target, budget, keep_filled, interval, **options):
        target = settings.HALFMOON_WINNABLE_POOL_TARGET if target is None else target
        budget = budget or settings.HALFMOON_SOLVE_BUDGET
        if target < 0 or budget < 1 or keep_filled < 0 or interval <= 0:
            raise CommandError("--target, --budget, --keep-filled and --interval: positive.")
        deadline = time.monotonic() + keep_filled
        while True:
            filling = fill_pool(target, budget)
            if filling.solved or not keep_filled:
                self.stdout.write(
                    f"Pool: {pool_size()} deal(s), target {target}: {filling.added} added after "
                    f"solving {filling.solved} ({filling.lost} lost, {filling.undecided} "
                    f"undecided) in {filling.seconds:.1f} s."
                )
            if time.monotonic() >= deadline:
                return
            time.sleep(min(interval, max(0.0, deadline - time.monotonic())))
