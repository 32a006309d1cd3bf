"""REST views of players and games (SPEC §6): thin wrappers that validate input, call a
service (``games.actions`` for what a player does to games) and render its representation."""

from drf_spectacular.utils import OpenApiParameter, extend_schema
from rest_framework import exceptions, status
from rest_framework.permissions import IsAuthenticated
from rest_framework.response import Response

from games import actions
from games.core import metrics, pages
from games.play import selectors as games
from games.play.models import Game
from games.play.presentation import event_payload, game_view, tap_payload
from games.players import services as players
from games.players.presentation import player_payload

from . import origins
from . import race_serializers as rs
from . import serializers as s
from .contract import GAME_CHANGE, GAME_READ, refuses
from .devices import new_device
from .http import conditional, pagination
from .http.base import APIView
from .http.validation import validated
from .throttling import GameActionThrottle, LogReadThrottle, PlayerCreationThrottle


class PlayersView(APIView):
    #: Whatever ``Authorization`` a client still sends (a revoked token) is ignored here: a
    #: client can always start over with a new player.
    authentication_classes: list = []
    throttle_classes = [PlayerCreationThrottle]

    @extend_schema(
        operation_id="players_create",
        request=s.PlayerCreateRequest,
        responses={201: s.PlayerCreatedResponse},
    )
    @refuses("invalid_name", "name_looks_like_another")
    def post(self, request):
        """Create a player and receive this device's API token (shown only once). Any
        `Authorization` header is ignored."""
        data = validated(s.PlayerCreateRequest, request)
        player, token = players.create_player(data["name"], new_device(request, data))
        return Response(player_payload(player, token), status=status.HTTP_201_CREATED)


class MeView(APIView):
    permission_classes = [IsAuthenticated]

    @extend_schema(operation_id="players_me", responses={200: s.PlayerResponse})
    def get(self, request):
        """The calling player's profile and settings."""
        return Response(player_payload(request.user))

    @extend_schema(
        operation_id="players_me_update",
        request=s.PlayerUpdateRequest,
        responses={200: s.PlayerResponse},
    )
    @refuses("invalid_name", "name_looks_like_another", "winnable_not_offered")
    def patch(self, request):
        """Change the name or settings (`move_errors`, `placement_aid`, `language`); the
        former `winnable_deals` is refused (`winnable_not_offered`)."""
        data = validated(s.PlayerUpdateRequest, request)
        changes = dict(data.get("settings", {}))
        if "name" in data:
            changes["name"] = data["name"]
        player = players.update_settings(request.user, **changes)
        return Response(player_payload(player))


class TokenView(APIView):
    permission_classes = [IsAuthenticated]

    @extend_schema(
        operation_id="players_me_token_rotate",
        request=None,
        responses={200: s.TokenResponse},
    )
    def post(self, request):
        """Rotate this device's token: returns a new one; the old one stops working at once
        and its sockets close (4401)."""
        return Response({"token": players.rotate_token(request.user)})

    @extend_schema(operation_id="players_me_token_revoke", request=None, responses={204: None})
    def delete(self, request):
        """Sign this device out: its token stops working at once and its sockets close (4401).
        The player's other devices stay signed in; with credentials, sign in again."""
        if request.user.token_id is not None:
            players.revoke_token(request.user, request.user.token_id)
        return Response(status=status.HTTP_204_NO_CONTENT)


class GamesView(APIView):
    permission_classes = [IsAuthenticated]
    throttle_classes = [GameActionThrottle]

    @extend_schema(
        operation_id="games_list",
        responses={200: s.GameListResponse},
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
            raise s.serializers.ValidationError({"status": ["Unknown status."]})
        cursor = params.get("cursor")
        before = _int_param(params, "before", None, 1, None)
        if cursor is not None and before is not None:
            raise s.serializers.ValidationError({"before": ["Not together with cursor."]})
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
                "results": [game_view(g, request.user) for g in page.rows],
                "next": page.next,
                "previous": page.previous,
                "next_before": page.rows[-1].pk if page.next and page.rows else None,
            }
        )

    @extend_schema(
        operation_id="games_create",
        request=s.GameCreateRequest,
        responses={201: s.GameResponse},
    )
    @refuses("invalid_deal_code", "winnable_not_offered", "daily_closed", "deal_in_race")
    def post(self, request):
        """Start a game: `{}` for a random deal, `{"deal_code": "HM1-N-…"}` or
        `{"daily": true}`. Nothing says whether a deal can be won: `winnable` is refused."""
        data = validated(s.GameCreateRequest, request)
        if data.get("daily"):
            outcome = actions.start_daily(request.user)
        else:
            outcome = actions.start_game(request.user, data.get("deal_code"))
        origins.game_started(request, outcome.game)  # for the staff's fair-play review
        return Response(outcome.owner_payload, status=status.HTTP_201_CREATED)


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
        raise s.serializers.ValidationError({name: [f"A whole number {bound}."]})
    return value


class GameView(APIView):
    throttle_classes = [GameActionThrottle]

    @extend_schema(
        operation_id="games_get",
        responses={200: s.GameResponse},
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
        responses={200: s.GameResponse},
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
    one a service call whose ``expected_version`` ``If-Match`` may give."""

    permission_classes = [IsAuthenticated]
    throttle_classes = [GameActionThrottle]

    @staticmethod
    def change(serializer_class, request) -> dict:
        """The change's body, validated, with the version (or versions) ``If-Match`` names as
        its ``expected_version`` (:func:`api.http.conditional.expected_version`): the service
        checks it on the game row it locks, the one read of the game."""
        return conditional.expected_version(request, validated(serializer_class, request))


class MovesView(GameActionView):
    @extend_schema(
        operation_id="games_move",
        request=s.MoveRequest,
        responses={200: s.GameResponse},
    )
    @refuses(
        GAME_CHANGE,
        "invalid_position",
        "duplicate_position",
        "wrong_number_of_cards",
        "empty_position",
        "sum_must_be_11",
        "needs_jack_queen_king",
    )
    def post(self, request, game_id):
        """Remove a pair (two positions summing to 11) or a J+Q+K triple (three positions)."""
        data = self.change(s.MoveRequest, request)
        outcome = actions.move(
            request.user, game_id, data["positions"], data.get("expected_version")
        )
        metrics.moves_applied(metrics.REST)
        return Response(outcome.owner_payload)


class UndoView(GameActionView):
    @extend_schema(
        operation_id="games_undo",
        request=s.VersionedRequest,
        responses={200: s.GameResponse},
    )
    @refuses(GAME_CHANGE, "nothing_to_undo")
    def post(self, request, game_id):
        """Take back the last removal (up to the last 100)."""
        data = self.change(s.VersionedRequest, request)
        return Response(
            actions.undo(request.user, game_id, data.get("expected_version")).owner_payload
        )


class ResignView(GameActionView):
    @extend_schema(
        operation_id="games_resign",
        request=s.VersionedRequest,
        responses={200: s.GameResponse},
    )
    @refuses(GAME_CHANGE)
    def post(self, request, game_id):
        """End the game now; it keeps its score."""
        data = self.change(s.VersionedRequest, request)
        return Response(
            actions.resign(request.user, game_id, data.get("expected_version")).owner_payload
        )


class TapsView(GameActionView):
    @extend_schema(
        operation_id="games_tap",
        request=s.TapRequest,
        responses={200: s.TapResponse},
    )
    @refuses(GAME_CHANGE, "invalid_position", "empty_position")
    def post(self, request, game_id):
        """Tap a position (SPEC §4): select, deselect or complete a removal."""
        data = self.change(s.TapRequest, request)
        outcome = actions.tap(request.user, game_id, data["position"], data.get("expected_version"))
        if outcome.result.removal is not None:  # the tap completed a removal
            metrics.moves_applied(metrics.REST)
        return Response(tap_payload(outcome, request.user))


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
        responses={200: s.LogResponse},
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
            raise s.serializers.ValidationError({"after": ["Not together with cursor."]})
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
