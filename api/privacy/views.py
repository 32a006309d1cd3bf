"""REST views of a player's data (SPEC §12): the archive of everything the service holds on the
calling player, and the deletion of its account. Thin: check the input, spend the budgets, call
:mod:`games.privacy`, answer. Both act on the caller only: no path, query or body names a player.
"""

from drf_spectacular.utils import OpenApiParameter, extend_schema
from rest_framework import status
from rest_framework.permissions import IsAuthenticated
from rest_framework.response import Response

from api.contract import CHARGED, refuses
from api.http.base import APIView
from api.http.proof_cookie import proof_cookie
from api.http.routes import path_of
from api.http.validation import validated
from api.privacy.serializers import AccountDeleteRequest, ArchiveResponse
from games.accounts.errors import NoCredentials
from games.accounts.selectors import credentials_of
from games.core import rates
from games.privacy import usecases as privacy
from games.privacy.download import archive_response


class AccountExportView(APIView):
    permission_classes = [IsAuthenticated]

    @extend_schema(
        operation_id="account_export",
        responses={200: ArchiveResponse},
        parameters=[
            OpenApiParameter(
                "Content-Disposition",
                str,
                OpenApiParameter.HEADER,
                response=[200],
                description='`attachment; filename="halfmoon-player-<id>.json"`.',
            ),
        ],
    )
    @refuses(CHARGED)
    def get(self, request):
        """Everything the service holds on the calling player, as one JSON document (`format`
        `halfmoon.player-archive`, `format_version` 1): profile and settings, account (never a
        password, code or hash), devices (never a token), link codes, rating, quick-match
        wait, daily entries, races (other members by public name only), where games were
        played from, and every game with its log. Streamed as it is read; `no-store`."""
        rates.charge("account_export", request.user.pk)
        return archive_response(request._request, request.user)


class AccountDeleteView(APIView):
    permission_classes = [IsAuthenticated]

    @extend_schema(
        operation_id="account_delete",
        request=AccountDeleteRequest,
        responses={204: None},
    )
    @refuses(CHARGED, "deletion_unconfirmed", "wrong_password", "recovery_code_wrong")
    def post(self, request):
        """Delete the calling player's account: the password or an unused recovery code again
        (a player with credentials), or `"confirm": true` (a player without, whose device token
        is its only credential). Name, username, e-mail, password, tokens, settings, kept
        answers and game origins are erased; every device is signed out and every socket of the
        player closes (4401). Its results stay on others' boards and races as "Deleted player".
        """
        data = validated(AccountDeleteRequest, request)
        rates.charge("account_change", request.user.pk)
        try:
            credentials = credentials_of(request.user)
        except NoCredentials:
            credentials = None
        secret = data.get("password") is not None or data.get("recovery_code") is not None
        if credentials is not None and secret:
            rates.charge("sign_in_username", credentials.username_key)
        privacy.delete_account(
            request.user,
            password=data.get("password"),
            recovery_code=data.get("recovery_code"),
            confirm=data.get("confirm") is True,
        )
        response = Response(status=status.HTTP_204_NO_CONTENT)
        if credentials is not None:  # the web client's device proof of the account goes too
            response.delete_cookie(
                proof_cookie(credentials.username), path=path_of("account-sign-in")
            )
        return response
