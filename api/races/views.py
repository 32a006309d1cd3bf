"""REST views of races, quick match and race ratings (SPEC §8): thin wrappers that validate
input, call the races domain (:mod:`games.races`) and render its representation."""

from drf_spectacular.utils import OpenApiParameter, extend_schema
from rest_framework import exceptions, status
from rest_framework.permissions import IsAuthenticated
from rest_framework.response import Response

from api.contract import BOARD_PAGES, CHARGED, refuses
from api.http import origins as origins
from api.http import pagination
from api.http.base import APIView
from api.http.validation import validated
from api.races import serializers as rs
from games import actions
from games.core import pages, rates
from games.races import matchmaking
from games.races import selectors as races


def _race(request, race, **answer) -> Response:
    """The answer to a change: the race as that change published it (built once)."""
    return Response(actions.race_answer(request.user, race), **answer)


class RacesView(APIView):
    permission_classes = [IsAuthenticated]

    @extend_schema(
        operation_id="races_create",
        request=rs.RaceCreateRequest,
        responses={201: rs.RaceResponse},
    )
    @refuses("invalid_deal_code", "deal_not_for_races", "already_in_race")
    def post(self, request):
        """Create a race: the caller is its host and first member."""
        data = validated(rs.RaceCreateRequest, request)
        race = actions.create_race(
            request.user,
            data["seats"],
            data.get("time_limit_s", actions.DEFAULT_RACE_TIME_LIMIT_S),
            data.get("deal_code"),
            public=data.get("public", False),
        )
        return _race(request, race, status=status.HTTP_201_CREATED)

    @extend_schema(
        operation_id="races_open",
        parameters=[
            OpenApiParameter(
                "status",
                str,
                enum=["open"],
                description="open (the default, and the only one): open public races.",
            ),
        ],
        responses={200: rs.OpenRacesResponse},
    )
    @refuses("invalid_request")
    def get(self, request):
        """The open public races with a free seat, newest first (at most 50), for a lobby: each
        joined in one call by its id (`POST /races/{race_id}/join`). A private race is never
        listed."""
        wanted = request.query_params.get("status", "open")
        if wanted != "open":
            raise exceptions.ValidationError({"status": ["Only open races are listed."]})
        return Response({"results": actions.open_races()})


class RaceJoinView(APIView):
    permission_classes = [IsAuthenticated]

    @extend_schema(
        operation_id="races_join",
        request=rs.RaceJoinRequest,
        responses={200: rs.RaceResponse},
    )
    @refuses(CHARGED, "invite_not_found", "race_full", "race_not_open", "already_in_race")
    def post(self, request):
        """Join the race of an invite code (every attempt counts against `race_invite`)."""
        data = validated(rs.RaceJoinRequest, request)
        rates.charge("race_invite", request.user.pk)
        return _race(request, actions.join_race(request.user, data["invite"]))


class RacePublicJoinView(APIView):
    permission_classes = [IsAuthenticated]

    @extend_schema(
        operation_id="races_join_public",
        request=None,
        responses={200: rs.RaceResponse},
    )
    @refuses(CHARGED, "race_not_found", "race_full", "race_not_open", "already_in_race")
    def post(self, request, race_id):
        """Join a public race by its id, without the invite (a private race is
        `race_not_found`, as an unknown id). Every attempt counts against `race_invite`."""
        rates.charge("race_invite", request.user.pk)
        return _race(request, actions.join_public_race(request.user, race_id))


class RaceView(APIView):
    permission_classes = [IsAuthenticated]

    @extend_schema(
        operation_id="races_get",
        responses={200: rs.RaceResponse},
    )
    @refuses("race_not_found")
    def get(self, request, race_id):
        """A race, for its members (and staff)."""
        return Response(actions.race_for(request.user, race_id))


class RaceReadyView(APIView):
    permission_classes = [IsAuthenticated]

    @extend_schema(
        operation_id="races_ready",
        request=rs.RaceReadyRequest,
        responses={200: rs.RaceResponse},
    )
    @refuses("race_not_found", "race_not_open")
    def post(self, request, race_id):
        """Mark yourself ready (or not) while the race is open."""
        data = validated(rs.RaceReadyRequest, request)
        race = actions.set_ready(request.user, race_id, data["ready"])
        if data["ready"]:
            origins.marked_ready(request, race.pk)  # for the staff's fair-play review
        return _race(request, race)


class RaceStartView(APIView):
    permission_classes = [IsAuthenticated]

    @extend_schema(
        operation_id="races_start",
        request=None,
        responses={200: rs.RaceResponse},
    )
    @refuses(
        "not_race_host", "race_not_found", "race_not_open", "race_needs_two", "members_not_ready"
    )
    def post(self, request, race_id):
        """The host starts the countdown: `starts_at` a few seconds ahead, the same for all."""
        return _race(request, actions.start_race(request.user, race_id))


class RaceLeaveView(APIView):
    permission_classes = [IsAuthenticated]

    @extend_schema(
        operation_id="races_leave",
        request=None,
        responses={200: rs.RaceResponse},
    )
    @refuses("race_not_found")
    def post(self, request, race_id):
        """Leave: before the start the seat is freed; in a running race your game resigns."""
        race = actions.leave_race(request.user, race_id)
        return Response(actions.race_answer(request.user, race, just_left=True))


class RaceCancelView(APIView):
    permission_classes = [IsAuthenticated]

    @extend_schema(
        operation_id="races_cancel",
        request=None,
        responses={200: rs.RaceResponse},
    )
    @refuses("not_race_host", "race_not_found", "race_not_open")
    def post(self, request, race_id):
        """The host cancels the race before its start."""
        return _race(request, actions.cancel_race(request.user, race_id))


class RaceRematchView(APIView):
    permission_classes = [IsAuthenticated]

    @extend_schema(
        operation_id="races_rematch",
        request=None,
        responses={201: rs.RaceResponse},
    )
    @refuses("race_not_found", "race_not_finished", "already_in_race")
    def post(self, request, race_id):
        """A new race for the same members: the first call creates it (the caller hosts it),
        the others' calls join it; members also join it by its invite code."""
        race = actions.rematch(request.user, race_id)
        return _race(request, race, status=status.HTTP_201_CREATED)


class MatchmakingView(APIView):
    permission_classes = [IsAuthenticated]

    @extend_schema(
        operation_id="matchmaking_join",
        request=rs.QueueRequest,
        responses={202: rs.QueueResponse},
    )
    @refuses(CHARGED, "already_in_race")
    def post(self, request):
        """Wait for a quick match of 2 to 4 players (matched at once if enough are waiting).
        Joins and leaves count against `matchmaking`, per player."""
        data = validated(rs.QueueRequest, request)
        rates.charge("matchmaking", request.user.pk)
        answer = matchmaking.enqueue(request.user, data["seats"])
        origins.queued(request, answer)  # for the staff's fair-play review
        return Response(answer, status=status.HTTP_202_ACCEPTED)

    @extend_schema(
        operation_id="matchmaking_status",
        responses={200: rs.QueueResponse},
    )
    @refuses("not_in_queue")
    def get(self, request):
        """`waiting`, or `matched` with the race the queue formed."""
        return Response(matchmaking.status_of(request.user))

    @extend_schema(
        operation_id="matchmaking_leave",
        responses={204: None},
    )
    @refuses(CHARGED, "not_in_queue", "already_matched")
    def delete(self, request):
        """Leave the queue at once (counts against `matchmaking`, like joining)."""
        rates.charge("matchmaking", request.user.pk)
        matchmaking.leave_queue(request.user)
        return Response(status=status.HTTP_204_NO_CONTENT)


class RatingsView(APIView):
    @extend_schema(
        operation_id="ratings_board",
        parameters=[
            *pagination.page_parameters("Page size, 1–100 (default 50; 11 with around=me)."),
            OpenApiParameter("around", str, enum=["me"], description="The caller's place."),
            OpenApiParameter(
                "provisional",
                str,
                enum=["true", "false"],
                description="true: the provisional ratings (fewer than 10 rated races), "
                "unranked; false (the default): the established ones, ranked.",
            ),
        ],
        responses={200: rs.RatingsResponse},
    )
    @refuses(BOARD_PAGES, "not_authenticated", "not_rated")
    def get(self, request):
        """Players by race rating (`ordinal`, best first), with cursor pages: the established
        ratings with their ranks, or (`provisional=true`) the provisional ones."""
        params = request.query_params
        provisional = _flag(params, "provisional")
        around = pagination.around_me(request)
        default_size = pagination.AROUND_SIZE if around else races.DEFAULT_PAGE_SIZE
        limit = pages.page_size(params.get("limit"), default_size)
        page = races.ratings_read(
            request.user, limit, params.get("cursor"), provisional, around_me=around
        )
        return Response(
            {
                "total": page.total,
                "results": page.results,
                "next": page.next,
                "previous": page.previous,
                "me": page.me,
            }
        )


def _flag(params, name: str) -> bool:
    """A boolean query parameter: ``true`` or ``false`` (absent: false); else
    ``invalid_request``."""
    value = params.get(name)
    if value is None or value == "false":
        return False
    if value == "true":
        return True
    raise exceptions.ValidationError({name: ["Takes true or false."]})
