"""REST views of players (SPEC §6): creating one, the profile and settings, a device's token
rotated."""

from drf_spectacular.utils import extend_schema
from rest_framework import status
from rest_framework.permissions import IsAuthenticated
from rest_framework.response import Response

from api.contract import refuses
from api.http import origins as origins
from api.http.base import APIView
from api.http.devices import new_device
from api.http.throttling import PlayerCreationThrottle
from api.http.validation import validated
from api.players import serializers as ps
from games.players import usecases as players
from games.players.presentation import player_payload


class PlayersView(APIView):
    #: Whatever ``Authorization`` a client still sends (a revoked token) is ignored here: a
    #: client can always start over with a new player.
    authentication_classes: list = []
    throttle_classes = [PlayerCreationThrottle]

    @extend_schema(
        operation_id="players_create",
        request=ps.PlayerCreateRequest,
        responses={201: ps.PlayerCreatedResponse},
    )
    @refuses("invalid_name", "name_looks_like_another")
    def post(self, request):
        """Create a player and receive this device's API token (shown only once). Any
        `Authorization` header is ignored."""
        data = validated(ps.PlayerCreateRequest, request)
        player, token = players.create_player(data["name"], new_device(request, data))
        return Response(player_payload(player, token), status=status.HTTP_201_CREATED)


class MeView(APIView):
    permission_classes = [IsAuthenticated]

    @extend_schema(operation_id="players_me", responses={200: ps.PlayerResponse})
    def get(self, request):
        """The calling player's profile and settings."""
        return Response(player_payload(request.user))

    @extend_schema(
        operation_id="players_me_update",
        request=ps.PlayerUpdateRequest,
        responses={200: ps.PlayerResponse},
    )
    @refuses("invalid_name", "name_looks_like_another", "winnable_not_offered")
    def patch(self, request):
        """Change the name or settings (`move_errors`, `placement_aid`, `language`); the
        former `winnable_deals` is refused (`winnable_not_offered`)."""
        data = validated(ps.PlayerUpdateRequest, request)
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
        responses={200: ps.TokenResponse},
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
