"""``manage.py solve_deals [CODE ...] [--random N [--seed S]] [--budget B]``: solve deals and
store the results (staff only: nothing here reaches players).

Each deal's verdict (winnable / lost / undecided at the budget), the positions searched, the
time and the winning line are stored per deal (``DealSolution``), shown on the admin's deal
page. Resumable: a deal whose stored result covers the budget (winnable or lost, or undecided
at a budget at least as large) is skipped, so an interrupted run started again with the same
codes (or the same ``--random N --seed S``) goes on where it stopped.
"""

from __future__ import annotations

import statistics
import time
from random import Random

from django.conf import settings
from django.core.management.base import BaseCommand, CommandError
from tqdm import tqdm

from games.deals.models import DealSolution, Verdict
from games.deals.solving import solve_deal
from games.engine import DEAL_COUNT, DealCode, EngineError
from games.play.models import Deal
from games.play.services import deal_for


class Command(BaseCommand):
    help = "Solve deals with the staff-only solver and store the results (resumable)."

    def add_arguments(self, parser):
        parser.add_argument("codes", nargs="*", help="Deal codes like HM1-N-HALFMON.")
        parser.add_argument("--random", type=int, default=0, metavar="N", help="N random deals.")
        parser.add_argument(
            "--seed",
            type=int,
            help="Draw the --random codes from this seed (the same seed draws the same codes, "
            "so an interrupted run can be resumed); default: fresh random codes.",
        )
        parser.add_argument(
            "--budget",
            type=int,
            default=None,
            help="Positions the solver may search per deal before giving up (undecided); "
            f"default HALFMOON_SOLVE_BUDGET ({settings.HALFMOON_SOLVE_BUDGET:,}).",
        )
        parser.add_argument("--no-progress", action="store_true", help="No progress bar.")

    def handle(self, *args, codes, seed, budget, no_progress, **options):
        budget = budget or settings.HALFMOON_SOLVE_BUDGET
        if budget < 1 or options["random"] < 0:
            raise CommandError("--budget and --random take positive numbers.")
        wanted = self.codes(codes, options["random"], seed)
        if not wanted:
            raise CommandError("Name deal codes, or ask for --random N deals.")
        counts = {verdict: 0 for verdict in Verdict.values}
        skipped, seconds, nodes = 0, [], []
        started = time.perf_counter()
        bar = tqdm(wanted, unit="deal", file=self.stdout, disable=no_progress, dynamic_ncols=True)
        for code in bar:
            known = _stored(code)
            if known is not None and known.covers(budget):
                skipped += 1
                continue
            solution = solve_deal(deal_for(code), budget)
            counts[solution.verdict] += 1
            seconds.append(solution.seconds)
            nodes.append(solution.nodes)
            bar.set_postfix(
                won=counts[Verdict.WINNABLE],
                lost=counts[Verdict.LOST],
                undecided=counts[Verdict.UNDECIDED],
                skipped=skipped,
                refresh=False,
            )
        bar.close()
        self.report(len(wanted), skipped, counts, seconds, nodes, time.perf_counter() - started)

    def codes(self, texts, count, seed) -> list[DealCode]:
        try:
            codes = [DealCode.parse(text) for text in texts]
        except EngineError as error:
            raise CommandError(str(error)) from error
        draw = Random(seed) if seed is not None else None
        for _ in range(count):
            codes.append(DealCode(draw.randrange(DEAL_COUNT)) if draw else DealCode.random())
        return list(dict.fromkeys(codes))  # each deal once, in the order given

    def report(self, total, skipped, counts, seconds, nodes, wall) -> None:
        solved = len(seconds)
        self.stdout.write(
            self.style.SUCCESS(
                f"{total} deal(s): {solved} solved now, {skipped} already solved at this "
                f"budget (skipped). Solved now: {counts[Verdict.WINNABLE]} winnable, "
                f"{counts[Verdict.LOST]} lost, {counts[Verdict.UNDECIDED]} undecided."
            )
        )
        if solved:
            self.stdout.write(
                f"Positions searched: median {statistics.median(nodes):,.0f}, "
                f"max {max(nodes):,}. Time: median {statistics.median(seconds) * 1000:.1f} ms, "
                f"max {max(seconds) * 1000:.1f} ms, {wall:.1f} s in all."
            )


def _stored(code: DealCode) -> DealSolution | None:
    return DealSolution.objects.filter(deal__in=Deal.objects.filter(code=code.text)).first()
