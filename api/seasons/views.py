"""REST views of seasons (SPEC §11): the current week and month, a season's board with cursor
pages, ``around=me`` and ``among=following``. Reads only: the ``close_seasons`` job rebuilds
open boards and closes ended seasons."""

from drf_spectacular.utils import OpenApiParameter, extend_schema
from rest_framework.response import Response

from api.contract import BOARD_PAGES, refuses
from api.http import pagination
from api.http.base import APIView
from api.http.boards import AMONG_PARAMETER, among_of
from api.seasons import serializers as ss
from games.core import clock, pages
from games.seasons import keys
from games.seasons import selectors as seasons
from games.seasons.presentation import season_payload

SEASON_PARAMETER = OpenApiParameter(
    "season", str, OpenApiParameter.PATH, description=ss.SEASON_HELP
)


class CurrentSeasonsView(APIView):
    @extend_schema(operation_id="seasons_current", responses={200: ss.CurrentSeasonsResponse})
    def get(self, request):
        """Today's ISO week and calendar month (UTC)."""
        week, month = seasons.current(keys.spans_of(clock.today()))
        return Response({"week": season_payload(week), "month": season_payload(month)})


class SeasonBoardView(APIView):
    @extend_schema(
        operation_id="seasons_board",
        parameters=[
            SEASON_PARAMETER,
            *pagination.page_parameters("Page size, 1–100 (default 50; 11 with around=me)."),
            OpenApiParameter(
                "around",
                str,
                enum=["me"],
                description="The caller's entry with the entries just above and below "
                "(needs a token).",
            ),
            AMONG_PARAMETER,
        ],
        responses={200: ss.SeasonBoardResponse},
    )
    @refuses(
        BOARD_PAGES,
        "invalid_season",
        "season_not_started",
        "not_authenticated",
        "not_on_season_board",
    )
    def get(self, request, season):
        """A season's board, most points first (equal points share a rank), in cursor pages."""
        span = seasons.started(season)
        params = request.query_params
        around = pagination.around_me(request)
        among = among_of(request)
        cursor = params.get("cursor")
        default_size = pagination.AROUND_SIZE if around else seasons.DEFAULT_PAGE_SIZE
        limit = pages.page_size(params.get("limit"), default_size)
        where = seasons.Cursor.decode(cursor, span.key) if cursor is not None else None
        row, page = seasons.read(span, request.user, limit, where, among, around_me=around)
        body = {
            **season_payload(row),
            "total": page.total,
            "results": page.results,
            "next": page.next,
            "previous": page.previous,
            "me": page.me,
        }
        response = Response(body)
        pagination.envelope(request, response, body)
        return response
