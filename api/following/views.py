"""REST views of following (SPEC §11): whom the caller follows, follow and unfollow by player
id or by username (the boards' ``?among=following`` is ``api.http.boards``). Every change spends
the caller's ``follow`` budget, refused or not."""

from drf_spectacular.utils import extend_schema
from rest_framework import status
from rest_framework.permissions import IsAuthenticated
from rest_framework.response import Response

from api.contract import CHARGED, refuses
from api.following import serializers as ss
from api.http import pagination
from api.http.base import APIView
from api.http.client_address import of_request
from api.http.validation import validated
from games.core import pages, rates
from games.following import selectors as following
from games.following import usecases as follows
from games.following.presentation import follow_payload
from games.players.selectors import player_by_id


def _followed(request, other, status_code=status.HTTP_200_OK) -> Response:
    follow, new = follows.follow(request.user, other)
    return Response(follow_payload(follow), status=status.HTTP_201_CREATED if new else status_code)


class FollowingView(APIView):
    permission_classes = [IsAuthenticated]

    @extend_schema(
        operation_id="players_me_following",
        parameters=pagination.page_parameters("1–100, default 50"),
        responses={200: ss.FollowingListResponse},
    )
    @refuses("invalid_page_size", "invalid_cursor")
    def get(self, request):
        """The players the caller follows, newest follow first, in cursor pages."""
        params = request.query_params
        cursor = params.get("cursor")
        page = pagination.keyset_page(
            following.following(request.user),
            "following",
            "id",
            pages.page_size(params.get("limit"), 50),
            pagination.KeyCursor.decode(cursor, "following") if cursor is not None else None,
            descending=True,
        )
        body = {
            "results": [follow_payload(f) for f in page.rows],
            "next": page.next,
            "previous": page.previous,
        }
        response = Response(body)
        pagination.envelope(request, response, body)
        return response

    @extend_schema(
        operation_id="players_me_following_add",
        request=ss.FollowByUsername,
        responses={200: ss.FollowResponse, 201: ss.FollowResponse},
    )
    @refuses(CHARGED, "unknown_username", "cannot_follow_self", "following_limit")
    def post(self, request):
        """Follow the player whose account has this username (201; 200 when already
        followed). An unknown username is `unknown_username`, the same for every name no
        account has."""
        rates.charge("follow", request.user.pk)
        rates.charge("username_lookup", of_request(request))
        data = validated(ss.FollowByUsername, request)
        return _followed(request, following.player_by_username(data["username"]))


class FollowView(APIView):
    permission_classes = [IsAuthenticated]

    @extend_schema(
        operation_id="players_me_following_put",
        request=None,
        responses={200: ss.FollowResponse, 201: ss.FollowResponse},
    )
    @refuses(CHARGED, "player_not_found", "cannot_follow_self", "following_limit")
    def put(self, request, player_id):
        """Follow a player by id (201; 200 when already followed). One-way, no consent."""
        rates.charge("follow", request.user.pk)
        return _followed(request, player_by_id(player_id))

    @extend_schema(operation_id="players_me_following_delete", request=None, responses={204: None})
    @refuses(CHARGED, "player_not_found")
    def delete(self, request, player_id):
        """Unfollow a player (204, also when not followed)."""
        rates.charge("follow", request.user.pk)
        follows.unfollow(request.user, player_by_id(player_id))
        return Response(status=status.HTTP_204_NO_CONTENT)
