"""REST views of the daily deal (SPEC §7): today's deal, leaderboards, past layouts, statistics.

Thin wrappers: they validate the query, call the daily domain (:mod:`games.daily`) and
statistics (:mod:`games.stats`), and render. Reading a past date's board closes it first.
"""

from drf_spectacular.utils import OpenApiParameter, extend_schema
from rest_framework.response import Response

from api.contract import BOARD_PAGES, refuses
from api.daily import serializers as ds
from api.http import pagination
from api.http.base import APIView
from api.http.boards import AMONG_PARAMETER, among_of
from games import actions
from games.core import clock, pages
from games.daily import leaderboard, ranks
from games.daily import selectors as daily
from games.daily.choice import daily_code
from games.daily.dates import parse_date
from games.daily.presentation import layout_payload
from games.play.presentation import game_payload, iso
from games.players.selectors import player_by_id
from games.stats.selectors import stats_of

DATE_PARAMETER = OpenApiParameter(
    "date",
    {"type": "string", "format": "date"},
    OpenApiParameter.PATH,
    description="YYYY-MM-DD (UTC), today or earlier.",
)


class DailyView(APIView):
    @extend_schema(operation_id="daily_today", responses={200: ds.DailyResponse})
    def get(self, request):
        """Today's daily deal (UTC): its code, when it closes, and the caller's ranked attempt."""
        date = clock.today()
        attempt = daily.ranked_attempt(request.user, date)
        return Response(
            {
                "date": date.isoformat(),
                "deal_code": daily_code(date).text,
                "closes_at": iso(clock.day_end(date)),
                "attempt": game_payload(attempt) if attempt else None,
                "entry": leaderboard.entry_of(date, request.user) if request.user else None,
                "total": ranks.index().total(date),
            }
        )


class LeaderboardView(APIView):
    @extend_schema(
        operation_id="daily_leaderboard",
        parameters=[
            DATE_PARAMETER,
            *pagination.page_parameters("Page size, 1–100 (default 50; 11 with around=me)."),
            OpenApiParameter(
                "around",
                str,
                enum=["me"],
                description="The caller's entry with "
                "the entries just above and below (needs a token).",
            ),
            AMONG_PARAMETER,
        ],
        responses={200: ds.LeaderboardResponse},
    )
    @refuses(
        BOARD_PAGES, "invalid_date", "date_in_future", "not_authenticated", "not_on_leaderboard"
    )
    def get(self, request, date):
        """A date's leaderboard, best first (SPEC §7), with cursor pagination and ranks."""
        date = parse_date(date)
        params = request.query_params
        around = pagination.around_me(request)
        default_size = pagination.AROUND_SIZE if around else leaderboard.DEFAULT_PAGE_SIZE
        limit = pages.page_size(params.get("limit"), default_size)
        answer = actions.daily_board(
            date, request.user, limit, params.get("cursor"), among_of(request), around
        )
        return Response(answer)


class DailyDealView(APIView):
    @extend_schema(
        operation_id="daily_deal_layout",
        parameters=[DATE_PARAMETER],
        responses={200: ds.DailyDealResponse},
    )
    @refuses("invalid_date", "date_in_future", "daily_not_closed")
    def get(self, request, date):
        """The full layout of a past date's daily deal (every pile bottom to top, the reserve):
        shown only once the date is over and its board closed."""
        date = parse_date(date)
        actions.close_daily(date)
        code, layout = daily.closed_layout(date)
        return Response(layout_payload(date, code, layout))


class PlayerStatsView(APIView):
    @extend_schema(
        operation_id="players_stats",
        responses={200: ds.StatsResponse},
    )
    @refuses("player_not_found")
    def get(self, request, player_id):
        """A player's statistics, computed from their stored games and leaderboard entries."""
        return Response(stats_of(player_by_id(player_id), viewer=request.user))
