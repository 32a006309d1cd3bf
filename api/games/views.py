"""REST views of games (SPEC §6): thin wrappers that validate input, call the front door of
game play (``games.actions``) and render its representation."""

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any, ClassVar

from django.urls import reverse
from drf_spectacular.utils import OpenApiParameter, extend_schema
from rest_framework import exceptions, serializers, status
from rest_framework.permissions import IsAuthenticated
from rest_framework.response import Response

from api.contract import GAME_CHANGE, GAME_READ, refuses
from api.games import serializers as gs
from api.http import conditional, origins, pagination
from api.http.base import APIView
from api.http.throttling import GameActionThrottle, LogReadThrottle
from api.http.validation import validated
from api.races import serializers as rs
from games import actions
from games.core import metrics, pages
from games.play import selectors as games
from games.play.models import Game
from games.play.presentation import event_payload, game_view, tap_payload


class GamesView(APIView):
    permission_classes = [IsAuthenticated]
    throttle_classes = [GameActionThrottle]

    @extend_schema(
        operation_id="games_list",
        responses={200: gs.GameListResponse},
        parameters=[
            OpenApiParameter("status", str, enum=["playing", "stalled", "won", "resigned"]),
            *pagination.page_parameters("1–100, default 20"),
            OpenApiParameter(
                "before",
                {"type": "integer", "minimum": 1},
                description="Deprecated (use cursor): only games with a lower id",
                deprecated=True,
            ),
        ],
    )
    @refuses("invalid_request")
    def get(self, request):
        """The calling player's games, newest first, in cursor pages."""
        params = request.query_params
        status_filter = params.get("status")
        if status_filter is not None and status_filter not in Game.StatusChoice.values:
            raise serializers.ValidationError({"status": ["Unknown status."]})
        cursor = params.get("cursor")
        before = _int_param(params, "before", None, 1, None)
        if cursor is not None and before is not None:
            raise serializers.ValidationError({"before": ["Not together with cursor."]})
        if cursor is not None:
            where = pagination.KeyCursor.decode(cursor, "games")
        elif before is not None:
            where = pagination.KeyCursor("games", True, before)
        else:
            where = None
        page = pagination.keyset_page(
            games.games_query(request.user, status_filter),
            "games",
            "id",
            pages.page_size(params.get("limit"), 20),
            where,
            descending=True,
        )
        return Response(
            {
                "results": [game_view(g, request.user) for g in games.with_played_at(page.rows)],
                "next": page.next,
                "previous": page.previous,
                "next_before": page.rows[-1].pk if page.next and page.rows else None,
            }
        )

    @extend_schema(
        operation_id="games_create",
        request=gs.GameCreateRequest,
        responses={201: gs.GameResponse},
    )
    @refuses("invalid_deal_code", "winnable_not_offered", "daily_closed", "deal_in_race")
    def post(self, request):
        """Start a game: `{}` for a random deal, `{"deal_code": "HM1-N-…"}` or
        `{"daily": true}`. Nothing says whether a deal can be won: `winnable` is refused."""
        data = validated(gs.GameCreateRequest, request)
        if data.get("daily"):
            outcome = actions.start_daily(request.user)
        else:
            outcome = actions.start_game(request.user, data.get("deal_code"))
        origins.game_started(request, outcome.game)  # for the staff's fair-play review
        return Response(
            outcome.owner_payload,
            status=status.HTTP_201_CREATED,
            headers={"Location": reverse("game", args=[outcome.game.pk])},
        )


def _int_param(params, name, default, minimum, maximum):
    raw = params.get(name)
    if raw is None:
        return default
    try:
        value = int(raw)
    except ValueError:
        value = None
    if value is None or value < minimum or (maximum is not None and value > maximum):
        bound = f"from {minimum} to {maximum}" if maximum else f"at least {minimum}"
        raise serializers.ValidationError({name: [f"A whole number {bound}."]})
    return value


class GameView(APIView):
    throttle_classes = [GameActionThrottle]

    @extend_schema(
        operation_id="games_get",
        responses={200: gs.GameResponse},
    )
    @refuses(GAME_READ)
    def get(self, request, game_id):
        """A game (hidden cards never included), for its owner; for others only when the
        owner made it watchable, when it is a daily game of a closed day, or a race's game
        after the race (its members)."""
        return Response(game_view(actions.game_for_watching(request.user, game_id), request.user))

    @extend_schema(
        operation_id="games_update",
        request=rs.GameUpdateRequest,
        responses={200: gs.GameResponse},
    )
    @refuses(
        "not_authenticated",
        "game_not_found",
        "not_your_game",
        "race_game_private",
        "challenge_game_private",
    )
    def patch(self, request, game_id):
        """The owner lets anyone watch the game (`{"watchable": true}`) or stops them."""
        if request.user is None:
            raise exceptions.NotAuthenticated()
        data = validated(rs.GameUpdateRequest, request)
        if "watchable" in data:
            game = actions.set_watchable(request.user, game_id, data["watchable"])
        else:  # nothing to change: still only the owner's
            game = actions.game_for_owner(request.user, game_id)
        return Response(game_view(games.game_for_reading(game.pk), request.user))


class GameActionView(APIView):
    """Base of the owner's changes of a game (``conditional.GAME_WRITES``): authenticated, each
    one a use case of :data:`games.actions.GAME_ACTIONS` whose ``expected_version``
    ``If-Match`` may give. A change's view is one row of :data:`ACTION_VIEWS`."""

    permission_classes = [IsAuthenticated]
    throttle_classes = [GameActionThrottle]
    #: Not ``action``: DRF and drf-spectacular read that attribute as a viewset's action name.
    game_action: ClassVar[actions.GameAction]
    request_body: ClassVar[type[serializers.Serializer]]
    render: ClassVar[Callable[[actions.Outcome, Any], dict]]

    @staticmethod
    def change(serializer_class, request) -> dict:
        """The change's body, validated, with the version (or versions) ``If-Match`` names as
        its ``expected_version`` (:func:`api.http.conditional.expected_version`): the service
        checks it on the game row it locks, the one read of the game."""
        return conditional.expected_version(request, validated(serializer_class, request))

    def act(self, request, game_id):
        outcome = self.game_action.run(
            request.user, game_id, self.change(self.request_body, request)
        )
        if self.game_action.removed(outcome):
            metrics.moves_applied(metrics.REST)
        return Response(self.render(outcome, request.user))


@dataclass(frozen=True)
class ActionView:
    """How REST offers one :class:`games.actions.GameAction`: its body, its answer and the
    refusals its operation documents besides every change's (``GAME_CHANGE``)."""

    name: str
    operation_id: str
    request: type[serializers.Serializer]
    response: type[serializers.Serializer]
    render: Callable[[actions.Outcome, Any], dict]
    refusals: tuple[str, ...]
    doc: str


def _owner_payload(outcome: actions.Outcome, player) -> dict:
    return outcome.owner_payload


#: The game changes REST offers, one row each (the socket's frames: ``realtime.frames``).
ACTION_VIEWS = (
    ActionView(
        "move",
        "games_move",
        gs.MoveRequest,
        gs.GameResponse,
        _owner_payload,
        (
            "invalid_position",
            "duplicate_position",
            "wrong_number_of_cards",
            "empty_position",
            "sum_must_be_11",
            "needs_jack_queen_king",
        ),
        "Remove a pair (two positions summing to 11) or a J+Q+K triple (three positions).",
    ),
    ActionView(
        "undo",
        "games_undo",
        gs.VersionedRequest,
        gs.GameResponse,
        _owner_payload,
        ("nothing_to_undo",),
        "Take back the last removal (up to the last 100).",
    ),
    ActionView(
        "tap",
        "games_tap",
        gs.TapRequest,
        gs.TapResponse,
        tap_payload,
        ("invalid_position", "empty_position"),
        "Tap a position (SPEC §4): select, deselect or complete a removal.",
    ),
    ActionView(
        "resign",
        "games_resign",
        gs.VersionedRequest,
        gs.GameResponse,
        _owner_payload,
        (),
        "End the game now; it keeps its score.",
    ),
)


def action_view(row: ActionView) -> type[GameActionView]:
    """The view class of one row: its ``post`` documented as its operation."""

    def post(self, request, game_id):
        return self.act(request, game_id)

    post.__doc__ = row.doc
    post = extend_schema(
        operation_id=row.operation_id, request=row.request, responses={200: row.response}
    )(refuses(GAME_CHANGE, *row.refusals)(post))
    name = f"{row.name.capitalize()}View"
    namespace = {
        "post": post,
        "game_action": actions.GAME_ACTIONS[row.name],
        "request_body": row.request,
        "render": staticmethod(row.render),
        "__module__": __name__,
        "__qualname__": name,
    }
    return type(name, (GameActionView,), namespace)


#: By action name, in the table's order: the view REST routes ``/games/{id}/<GameAction.path>``
#: to (``api.urls``).
ACTION_VIEW_CLASSES = {row.name: action_view(row) for row in ACTION_VIEWS}


class LogView(APIView):
    throttle_classes = [LogReadThrottle]

    @extend_schema(
        operation_id="games_log",
        parameters=[
            OpenApiParameter(
                "after",
                {"type": "integer", "minimum": 0},
                description="Only entries with a greater seq (resync from the last one held)",
            ),
            *pagination.page_parameters("1–100, default 100"),
        ],
        responses={200: gs.LogResponse},
    )
    @refuses(GAME_READ, "invalid_request")
    def get(self, request, game_id):
        """Every change of the game, oldest first, in cursor pages of up to 100: moves, taps,
        undos, resign (seen by whoever may see the game). `?after=<seq>` resyncs: only the
        entries after the last one a client has."""
        game = actions.game_for_watching(request.user, game_id)
        params = request.query_params
        cursor, after = params.get("cursor"), _int_param(params, "after", None, 0, None)
        if cursor is not None and after is not None:
            raise serializers.ValidationError({"after": ["Not together with cursor."]})
        list_name = f"log:{game.pk}"
        if cursor is not None:
            where = pagination.KeyCursor.decode(cursor, list_name)
        elif after is not None:
            where = pagination.after_cursor(list_name, after)
        else:
            where = None
        page = pagination.keyset_page(
            games.log_query(game),
            list_name,
            "seq",
            pages.page_size(params.get("limit"), pages.MAX_PAGE_SIZE),
            where,
        )
        entries = [event_payload(e) for e in page.rows]
        return Response(
            {
                "game_id": game.pk,
                "version": game.version,
                "results": entries,
                "next": page.next,
                "previous": page.previous,
                "entries": entries,
            }
        )
