"""Solver results in the admin (staff only): a deal's solution with its winning line, and
where a finished game was lost (computed when staff ask, then kept)."""

from __future__ import annotations

from django.conf import settings
from django.contrib import admin, messages
from django.core.exceptions import PermissionDenied
from django.http import Http404, HttpResponseNotAllowed, HttpResponseRedirect
from django.urls import reverse

from ..deals import selectors as deals
from ..deals import solving
from ..deals.models import DealSolution, LossAnalysis, Verdict
from ..engine import EngineError, Layout, Status
from ..models import Deal, Game
from .inspector import line_payload


# -- a deal's solution ---------------------------------------------------------------------------
class VerdictFilter(admin.SimpleListFilter):
    title = "solver"
    parameter_name = "verdict"

    def lookups(self, request, model_admin):
        return [*Verdict.choices, ("none", "Not solved")]

    def queryset(self, request, queryset):
        value = self.value()
        if value == "none":
            return queryset.filter(solution__isnull=True)
        if value in Verdict.values:
            return queryset.filter(solution__verdict=value)
        return queryset


def solution_context(deal: Deal) -> dict:
    """The deal page's solver section: the stored solution and the steps of its winning line."""
    solution = deals.solution_of(deal)
    context: dict = {"solution": solution, "solve_budget": settings.HALFMOON_SOLVE_BUDGET}
    if solution is None or solution.verdict != Verdict.WINNABLE:
        return context
    try:
        steps = line_payload(Layout.from_text(deal.layout), deals.winning_moves(solution))
    except (EngineError, ValueError) as error:
        context["line_failure"] = f"The stored winning line does not replay: {error}"
        return context
    context.update(
        replay={"deal_code": deal.code, "failure": None, "steps": steps, "lost_step": None},
        step_count=len(steps),
        replay_heading=f"Winning line — {len(steps) - 1} removals, {len(steps)} steps "
        "(the deal is step 0)",
        steps_heading="Winning line",
    )
    return context


def solution_text(solution: DealSolution | None) -> str:
    if solution is None:
        return "Not solved yet."
    budget = f"budget {solution.budget:,} positions"
    effort = f"{solution.nodes:,} positions in {solution.seconds * 1000:.1f} ms"
    when = f"{solution.solved_at:%Y-%m-%d %H:%M} UTC"
    return f"{solution.get_verdict_display()}: {effort} ({budget}), solved {when}"


def solve_deals(deals_to_solve, budget: int | None = None) -> list[DealSolution]:
    return [
        solving.solve_deal(deal, budget or settings.HALFMOON_SOLVE_BUDGET)
        for deal in deals_to_solve
    ]


# -- where a game was lost -------------------------------------------------------------------------
def analysable(game: Game) -> bool:
    """Finished games: won, resigned or stalled (no move left; an undo may still follow)."""
    return Status(game.status) is not Status.PLAYING


def loss_context(game: Game, steps: list[dict]) -> dict:
    """The game page's "where it was lost" section and the step it marks."""
    analysis = deals.loss_of(game)
    lost_step = None
    if analysis is not None and analysis.seq is not None:
        lost_step = next((s["index"] for s in steps if s["seq"] == analysis.seq), None)
    return {
        "loss": analysis,
        "loss_text": loss_text(analysis, lost_step, game) if analysis else None,
        "lost_step": lost_step,
        "can_analyse": analysable(game),
        "loss_budget": settings.HALFMOON_LOSS_BUDGET,
    }


def loss_text(analysis: LossAnalysis, lost_step: int | None, game: Game) -> str:
    doubt = (
        " Some position before it stayed undecided within the budget, so an earlier move may "
        "have lost the game."
        if analysis.undecided
        else ""
    )
    if analysis.seq is not None:
        return (
            f"Lost at log entry #{analysis.seq} (step {lost_step}): the position could be won "
            f"before it and could not be won after it.{doubt}"
        )
    if analysis.start == Verdict.LOST:
        return "The deal itself cannot be won: no move lost this game."
    if analysis.undecided:
        return (
            "No losing move found, but some positions stayed undecided within the budget: "
            "one of them may have been lost."
        )
    if game.status == Status.WON.value:
        return "Never lost: the game was won."
    return "Never lost: the position could still be won when the game stopped."


def where_lost_view(model_admin):
    """POST ``<game id>/where-lost/``: analyse the game, keep the result, back to its page."""

    def view(request, object_id):
        if request.method != "POST":
            return HttpResponseNotAllowed(["POST"])
        game = model_admin.get_object(request, object_id)
        if game is None:
            raise Http404("No such game.")
        if not model_admin.has_view_permission(request, game):
            raise PermissionDenied
        page = reverse("admin:games_game_change", args=[game.pk])
        if not analysable(game):
            messages.error(request, "Only a finished game (won, resigned or stalled) is analysed.")
            return HttpResponseRedirect(page)
        try:
            analysis = solving.locate_loss(game, settings.HALFMOON_LOSS_BUDGET)
        except (EngineError, ValueError) as error:
            messages.error(request, f"The game's log does not replay: {error}")
            return HttpResponseRedirect(page)
        messages.success(request, f"Analysed in {analysis.seconds:.1f} s.")
        anchor = "#hm-loss"
        return HttpResponseRedirect(page + anchor)

    return model_admin.admin_site.admin_view(view)
