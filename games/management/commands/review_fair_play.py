"""``manage.py review_fair_play [--days 3] [--limit N] | --rescore [--remeasure]``: the staff's
fair-play review.

Every ranked daily attempt and rated race result of the last ``--days`` days not reviewed yet
is measured once — rehearsal for each, speed and foresight (the solver) for the wins — and a
flag is raised for each signal past its threshold, for the admin's fair-play queue. Idempotent:
run it again and nothing changes; safe on several hosts at once (a flag is unique per game and
signal). One of the scheduled jobs (``games.management.jobs``: hourly, in compose's worker and
in the embedded default's background). See ``docs/FAIR-PLAY.md``.

``--rescore`` reviews nothing: it scores every stored win again with the models kept now (run it
after ``games/fairplay/evidence.json`` is refitted), so a player's old and new wins add up on
one scale (:func:`games.fairplay.review.rescore`). With ``--remeasure`` each stored win's game
is measured again first (the solver's budget a game): after a refit of the honest model itself
(``policy``), whose wins' values change, not only their llr.
"""

from django.core.management.base import BaseCommand, CommandError

from games.fairplay import foresight, review


class Command(BaseCommand):
    help = "Measure the fair-play signals of recent ranked and rated results and flag them."

    def add_arguments(self, parser):
        parser.add_argument(
            "--days",
            type=int,
            default=review.DEFAULT_DAYS,
            help=f"Results of this many days back (default {review.DEFAULT_DAYS}).",
        )
        parser.add_argument("--limit", type=int, default=None, help="Review at most N results.")
        parser.add_argument(
            "--rescore",
            action="store_true",
            help="Review nothing; score every stored win again with the models kept now.",
        )
        parser.add_argument(
            "--remeasure",
            action="store_true",
            help="With --rescore: measure each stored win's game again first (after the honest "
            "model itself, evidence.json's policy, was refitted).",
        )

    def handle(self, *args, days, limit, rescore=False, remeasure=False, **options):
        if remeasure and not rescore:
            raise CommandError("--remeasure goes with --rescore.")
        if rescore:
            done = review.rescore(foresight.measure if remeasure else None)
            self.stdout.write(
                f"Rescored {done.wins} win(s) of {done.players} player(s), "
                f"raised {done.flags} flag(s)."
            )
            return
        verbose = options.get("verbosity", 1) > 1

        def progress(result, raised):
            if verbose:
                self.stdout.write(f"game {result.game.pk}: {raised} flag(s)")

        summary = review.review(days, limit=limit, progress=progress)
        self.stdout.write(
            f"Reviewed {summary.reviewed} result(s), raised {summary.flags} flag(s), "
            f"copied {summary.copied_origins} race origin(s)."
        )
        if summary.failed:
            self.stderr.write(f"Could not review game(s) {summary.failed}: see the log.")
