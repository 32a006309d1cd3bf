"""REST views of challenges (SPEC §11): make one of an ended game, read it by its code, start
a game at it, its board. Thin: every lookup by code spends ``challenge_lookup`` (a wrong guess
costs as much as a right one), making one spends ``challenge_create``."""

from drf_spectacular.utils import OpenApiParameter, extend_schema
from rest_framework import status
from rest_framework.permissions import IsAuthenticated
from rest_framework.response import Response

from api.challenges import serializers as cs
from api.contract import BOARD_PAGES, CHARGED, GAME_READ, refuses
from api.games import serializers as gs
from api.http import origins as origins
from api.http import pagination
from api.http.base import APIView
from api.http.boards import AMONG_PARAMETER, among_of
from api.http.client_address import of_request
from api.http.throttling import GameActionThrottle, LogReadThrottle
from games import actions
from games.challenges import selectors as challenges
from games.challenges.presentation import challenge_payload
from games.core import pages, rates
from games.play import selectors as play
from games.play.errors import ReplayStepOutOfRange
from games.play.presentation import event_payload, game_payload

CODE_PARAMETER = OpenApiParameter(
    "code", str, OpenApiParameter.PATH, description="The challenge's code (from its link)."
)


def _looked_up(request, code: str):
    """The challenge of ``code``, after spending the caller's lookup budget (per player, or
    per client address without a token)."""
    who = f"player:{request.user.pk}" if request.user else f"address:{of_request(request)}"
    rates.charge("challenge_lookup", who)
    return challenges.challenge_by_code(code)


class GameChallengeView(APIView):
    permission_classes = [IsAuthenticated]

    @extend_schema(
        operation_id="games_challenge",
        request=None,
        responses={201: cs.ChallengeResponse, 200: cs.ChallengeResponse},
    )
    @refuses(
        CHARGED,
        "game_not_found",
        "not_your_game",
        "challenge_game_not_over",
        "challenge_daily_open",
        "deal_in_race",
    )
    def post(self, request, game_id):
        """Make a challenge of your ended game (201), or get the one made of it already (200)."""
        rates.charge("challenge_create", request.user.pk)
        challenge, created = actions.create_challenge(request.user, game_id)
        body = challenge_payload(challenge, challenges.board(challenge.pk).count(), None)
        return Response(body, status=status.HTTP_201_CREATED if created else status.HTTP_200_OK)


class ChallengeView(APIView):
    @extend_schema(
        operation_id="challenges_get",
        parameters=[CODE_PARAMETER],
        responses={200: cs.ChallengeResponse},
    )
    @refuses(CHARGED, "challenge_not_found")
    def get(self, request, code):
        """A challenge: who made it and the result to beat, its board's size, the caller's
        games at it. Never the deal or a card: those come with the caller's own game."""
        challenge = _looked_up(request, code)
        mine = challenges.my_summary(challenge, request.user)
        return Response(challenge_payload(challenge, challenges.board(challenge.pk).count(), mine))


class ChallengeGamesView(APIView):
    permission_classes = [IsAuthenticated]
    throttle_classes = [GameActionThrottle]

    @extend_schema(
        operation_id="challenges_play",
        parameters=[CODE_PARAMETER],
        request=None,
        responses={201: gs.GameResponse},
    )
    @refuses(CHARGED, "challenge_not_found", "challenge_daily_open", "deal_in_race")
    def post(self, request, code):
        """Start a fresh casual game of the challenge's deal: on its board when it is your
        first game at it, you did not make it and had not played or watched the deal."""
        challenge = _looked_up(request, code)
        outcome = actions.start_challenge(request.user, challenge.code)
        origins.game_started(request, outcome.game)  # for the staff's fair-play review
        return Response(outcome.owner_payload, status=status.HTTP_201_CREATED)


class ChallengeBoardView(APIView):
    @extend_schema(
        operation_id="challenges_board",
        parameters=[
            CODE_PARAMETER,
            *pagination.page_parameters("Page size, 1–100 (default 50)."),
            AMONG_PARAMETER,
        ],
        responses={200: cs.ChallengeBoardResponse},
    )
    @refuses(CHARGED, BOARD_PAGES, "challenge_not_found", "not_authenticated")
    def get(self, request, code):
        """A challenge's board, best first (the section 7 order, ties shared), in cursor pages."""
        challenge = _looked_up(request, code)
        params = request.query_params
        cursor = params.get("cursor")
        limit = pages.page_size(params.get("limit"), challenges.DEFAULT_PAGE_SIZE)
        where = challenges.Cursor.decode(cursor, challenge.pk) if cursor is not None else None
        among = among_of(request)
        page = challenges.read(challenge, request.user, limit, where, among)
        body = {
            "code": challenge.code,
            "total": page.total,
            "results": page.results,
            "next": page.next,
            "previous": page.previous,
            "me": page.me,
            "creator": page.creator,
        }
        response = Response(body)
        pagination.envelope(request, response, body)
        return response


class ReplayView(APIView):
    throttle_classes = [LogReadThrottle]

    @extend_schema(
        operation_id="games_replay",
        parameters=[
            OpenApiParameter(
                "step", int, OpenApiParameter.PATH, description="0 (as dealt) to the version."
            )
        ],
        responses={200: cs.ReplayResponse},
    )
    @refuses(GAME_READ, "replay_step_out_of_range")
    def get(self, request, game_id, step):
        """The game as it stood after its first `step` log entries, rebuilt by the engine from
        the deal and the log (seen by whoever may see the game and its log), with that step's
        entry. What a replay steps through; a position shows only what the table showed then."""
        game = actions.game_for_watching(request.user, game_id)
        if not 0 <= step <= game.version:
            raise ReplayStepOutOfRange(
                f"Game {game.pk} has steps 0 to {game.version}.", steps=game.version
            )
        board, entry = play.board_at(game, step)
        shown = {
            **game_payload(game, board),
            "status": board.status.value,
            "version": step,
            "can_undo": False,
        }
        return Response(
            {
                "game_id": game.pk,
                "step": step,
                "steps": game.version,
                "game": shown,
                "entry": event_payload(entry) if entry is not None else None,
            }
        )
