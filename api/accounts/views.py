"""REST views of sign-in, accounts and device tokens (SPEC §9): thin wrappers that validate
input, spend the throttle budgets, call :mod:`games.accounts` / :mod:`games.players` and render.

The views a device calls to get a token (sign-in, link code, recovery, reset, verification)
take no authentication at all: whatever ``Authorization`` header a client still sends (a
revoked token, say) is ignored there, so it can always start over.
"""

from django.conf import settings
from django.core.exceptions import ImproperlyConfigured
from django.utils.translation import gettext as _
from drf_spectacular.utils import OpenApiParameter, extend_schema
from rest_framework import status
from rest_framework.permissions import IsAuthenticated
from rest_framework.response import Response

from api.accounts import serializers as a
from api.contract import CHARGED, SIGN_IN, refuses
from api.http import pagination
from api.http.base import APIView
from api.http.client_address import of_request
from api.http.devices import new_device
from api.http.proof_cookie import keep_proof, proof_cookie
from api.http.validation import validated
from games.accounts import device_proofs
from games.accounts import usecases as accounts
from games.accounts.presentation import account_payload
from games.accounts.selectors import credentials_of
from games.accounts.usernames import username_key
from games.core import pages, rates
from games.core.clock import iso
from games.players import usecases as players
from games.players.presentation import device_payload, player_payload
from games.players.selectors import tokens_query


def site_of(request) -> str:
    """Where links in e-mails point: ``HALFMOON_PUBLIC_URL`` only, never the host this request
    named (a forged ``Host`` would send a player's reset key to another site). Unset where mail
    is sent, nothing is mailed (the system check halfmoon.E004 stops such a service first)."""
    if not settings.HALFMOON_PUBLIC_URL:
        raise ImproperlyConfigured("Account mail is sent but HALFMOON_PUBLIC_URL is not set.")
    return settings.HALFMOON_PUBLIC_URL


def charge_sign_in(request, username: str) -> None:
    """One sign-in attempt from this address and for this username (known or not)."""
    rates.charge("sign_in_address", of_request(request))
    rates.charge("sign_in_username", username_key(username))


def presented_proof(request, data) -> device_proofs.DeviceProof | None:
    """The valid device proof this sign-in shows for its username: the body's
    ``device_proof``, else the web client's cookie of the account."""
    username = data["username"]
    cookie = request.COOKIES.get(proof_cookie(username))
    return device_proofs.read(username, [data.get("device_proof"), cookie])


def signed_in(player, token, status_code=status.HTTP_200_OK, **extra) -> Response:
    return Response({**player_payload(player, token), **extra}, status=status_code)


class TokenFreeView(APIView):
    """A view that gives a device a token: no authentication, not even a failing one."""

    authentication_classes: list = []


# -- device tokens ---------------------------------------------------------------------------
class DevicesView(APIView):
    permission_classes = [IsAuthenticated]

    @extend_schema(
        operation_id="players_me_tokens",
        parameters=pagination.page_parameters("1–100, default 100"),
        responses={200: a.DeviceListResponse},
    )
    def get(self, request):
        """The calling player's device tokens (never the tokens themselves), oldest first, in
        cursor pages; `current` marks the one of this request."""
        current, params = request.user.token_id, request.query_params
        cursor = params.get("cursor")
        page = pagination.keyset_page(
            tokens_query(request.user),
            "tokens",
            "id",
            pages.page_size(params.get("limit"), pages.MAX_PAGE_SIZE),
            pagination.KeyCursor.decode(cursor, "tokens") if cursor is not None else None,
        )
        return Response(
            {
                "results": [device_payload(t, current) for t in page.rows],
                "next": page.next,
                "previous": page.previous,
            }
        )


class DeviceView(APIView):
    permission_classes = [IsAuthenticated]

    @extend_schema(
        operation_id="players_me_tokens_rename",
        request=a.DeviceRenameRequest,
        responses={200: a.DeviceResponse},
    )
    @refuses("token_not_found")
    def patch(self, request, token_id):
        """Rename one of the player's devices (`{"device": "Ana's phone"}`), so the person can
        tell them apart."""
        data = validated(a.DeviceRenameRequest, request)
        token = players.rename_token(request.user, token_id, data.get("device"))
        return Response(device_payload(token, request.user.token_id))

    @extend_schema(
        operation_id="players_me_tokens_revoke",
        request=None,
        responses={204: None},
    )
    @refuses("token_not_found")
    def delete(self, request, token_id):
        """Revoke one device token: it stops working at once, and its sockets close (4401)."""
        players.revoke_token(request.user, token_id)
        return Response(status=status.HTTP_204_NO_CONTENT)


class OtherDevicesView(APIView):
    permission_classes = [IsAuthenticated]

    @extend_schema(
        operation_id="players_me_tokens_revoke_others",
        request=None,
        responses={200: a.RevokedResponse},
    )
    def post(self, request):
        """Revoke every device token of the player but this request's (sign out elsewhere)."""
        return Response({"revoked": len(players.revoke_other_tokens(request.user))})


class LinkCodesView(APIView):
    permission_classes = [IsAuthenticated]

    @extend_schema(
        operation_id="players_me_link_code",
        request=None,
        responses={201: a.LinkCodeResponse},
    )
    @refuses(CHARGED)
    def post(self, request):
        """A one-time code that signs another device in as this player (`POST /players/link`):
        8 characters, single use, valid 10 minutes. An older unused code stops working."""
        rates.charge("account_change", request.user.pk)
        code, expires_at = accounts.create_link_code(request.user)
        return Response({"code": code, "expires_at": iso(expires_at)}, status=201)


class LinkView(TokenFreeView):
    @extend_schema(
        operation_id="players_link",
        request=a.LinkRequest,
        responses={200: a.SignedInResponse},
    )
    @refuses(CHARGED, SIGN_IN, "link_code_invalid")
    def post(self, request):
        """Sign this device in with a link code shown on a signed-in device: a new device token.
        Of two devices sending the same code at once, exactly one succeeds."""
        data = validated(a.LinkRequest, request)
        rates.charge("link_code", of_request(request))
        player, token = accounts.redeem_link_code(data["code"], new_device(request, data))
        return signed_in(player, token)


# -- accounts --------------------------------------------------------------------------------
class AccountView(APIView):
    permission_classes = [IsAuthenticated]

    @extend_schema(
        operation_id="account_get",
        responses={200: a.AccountResponse},
    )
    @refuses("no_credentials")
    def get(self, request):
        """The calling player's credentials (never the password)."""
        return Response(account_payload(credentials_of(request.user)))

    @extend_schema(
        operation_id="account_create",
        request=a.AccountCreateRequest,
        responses={201: a.AccountCreatedResponse},
    )
    @refuses(
        CHARGED, "invalid_username", "invalid_password", "username_unavailable", "credentials_exist"
    )
    def post(self, request):
        """Keep my progress: add a username and password (and optionally an e-mail address,
        verified by a link) to the calling player. Answers the ten recovery codes, once."""
        data = validated(a.AccountCreateRequest, request)
        rates.charge("account_create", of_request(request))
        credentials, recovery = accounts.add_credentials(
            request.user,
            data["username"],
            data["password"],
            data.get("email") or "",
            site_of(request),
        )
        body = {**account_payload(credentials), "recovery_codes": recovery}
        return Response(body, status=status.HTTP_201_CREATED)


class SignInView(TokenFreeView):
    @extend_schema(
        operation_id="account_sign_in",
        request=a.SignInRequest,
        responses={200: a.SignInResponse},
        parameters=[
            OpenApiParameter(
                "Set-Cookie",
                str,
                OpenApiParameter.HEADER,
                response=[200],
                description="`hm_device_<16 hex>=<device_proof>`: the web client's copy of the "
                "proof, one cookie per account (HttpOnly, `SameSite=Strict`, path "
                "`/api/v1/account/sign-in`), read back like the body's `device_proof`.",
            ),
        ],
    )
    @refuses(CHARGED, SIGN_IN, "sign_in_failed")
    def post(self, request):
        """Sign this device in with a username and password: a new device token, and a device
        proof to show at this device's next sign-in to the username (body or cookie). With a
        valid proof the attempt counts against that proof's budget (`sign_in_device`), so
        strangers' wrong guesses cannot lock this device out; without one, against the
        username's budget for unknown devices (`sign_in_username`)."""
        data = validated(a.SignInRequest, request)
        username = data["username"]
        rates.charge("sign_in_address", of_request(request))
        proof = presented_proof(request, data)
        if proof is not None:
            rates.charge("sign_in_device", proof.nonce)
        else:
            rates.charge("sign_in_username", username_key(username))
        player, token, new_proof = accounts.sign_in_device(
            username, data["password"], new_device(request, data), proof
        )
        response = signed_in(player, token, device_proof=new_proof)
        keep_proof(response, username, new_proof)
        return response


class PasswordView(APIView):
    permission_classes = [IsAuthenticated]

    @extend_schema(
        operation_id="account_password_change",
        request=a.PasswordChangeRequest,
        responses={200: a.RevokedResponse},
    )
    @refuses(CHARGED, "wrong_password", "invalid_password", "no_credentials")
    def post(self, request):
        """Change the password; every other device is signed out (its sockets close)."""
        data = validated(a.PasswordChangeRequest, request)
        credentials = credentials_of(request.user)
        rates.charge("account_change", request.user.pk)
        rates.charge("sign_in_username", credentials.username_key)
        revoked = accounts.change_password(
            request.user, data["current_password"], data["new_password"], credentials
        )
        return Response({"revoked": len(revoked)})


class RecoveryCodesView(APIView):
    permission_classes = [IsAuthenticated]

    @extend_schema(
        operation_id="account_recovery_codes",
        request=a.PasswordRequest,
        responses={201: a.RecoveryCodesResponse},
    )
    @refuses(CHARGED, "wrong_password", "no_credentials")
    def post(self, request):
        """Ten new recovery codes in place of the old ones, shown only this once."""
        data = validated(a.PasswordRequest, request)
        credentials = credentials_of(request.user)
        rates.charge("account_change", request.user.pk)
        rates.charge("sign_in_username", credentials.username_key)
        recovery = accounts.new_recovery_codes(request.user, data["password"], credentials)
        return Response({"recovery_codes": recovery}, status=status.HTTP_201_CREATED)


class EmailView(APIView):
    permission_classes = [IsAuthenticated]

    @extend_schema(
        operation_id="account_email_set",
        request=a.EmailRequest,
        responses={200: a.AccountResponse},
    )
    @refuses(CHARGED, "no_credentials")
    def put(self, request):
        """Set the e-mail address (a verification link is mailed to it) or remove it (null)."""
        data = validated(a.EmailRequest, request)
        rates.charge("account_change", request.user.pk)
        credentials = accounts.set_email(request.user, data.get("email") or "", site_of(request))
        return Response(account_payload(credentials))


class VerifyEmailView(TokenFreeView):
    @extend_schema(
        operation_id="account_email_verify",
        request=a.VerifyEmailRequest,
        responses={200: a.VerifiedEmailResponse},
    )
    @refuses(CHARGED, "verification_link_invalid", "email_unavailable")
    def post(self, request):
        """Follow an e-mail verification link (the web page of the link calls this)."""
        data = validated(a.VerifyEmailRequest, request)
        rates.charge("sign_in_address", of_request(request))
        credentials = accounts.verify_email(data["key"])
        return Response({"email": credentials.email, "email_verified": True})


class PasswordResetView(TokenFreeView):
    @extend_schema(
        operation_id="account_password_reset",
        request=a.PasswordResetRequest,
        responses={202: a.AcceptedResponse},
    )
    @refuses(CHARGED)
    def post(self, request):
        """Mail a password reset link to the account whose verified address this is. The
        answer is the same whether or not there is one."""
        data = validated(a.PasswordResetRequest, request)
        rates.charge("password_reset", f"address:{of_request(request)}")
        rates.charge("password_reset", f"email:{data['email'].casefold()}")
        accounts.request_password_reset(data["email"], site_of(request))
        message = _("If this address is verified for an account, a link is on its way.")
        return Response({"message": message}, status=status.HTTP_202_ACCEPTED)


class PasswordResetConfirmView(TokenFreeView):
    @extend_schema(
        operation_id="account_password_reset_confirm",
        request=a.PasswordResetConfirmRequest,
        responses={200: a.SignedInResponse},
    )
    @refuses(CHARGED, SIGN_IN, "reset_link_invalid", "invalid_password")
    def post(self, request):
        """Follow a reset link: a new password, every device signed out, and this device
        signed in. A link works once."""
        data = validated(a.PasswordResetConfirmRequest, request)
        rates.charge("sign_in_address", of_request(request))
        player, token = accounts.reset_password(
            data["uid"], data["key"], data["new_password"], new_device(request, data)
        )
        return signed_in(player, token)


class RecoverView(TokenFreeView):
    @extend_schema(
        operation_id="account_recover",
        request=a.RecoverRequest,
        responses={200: a.RecoveredResponse},
    )
    @refuses(CHARGED, SIGN_IN, "recovery_failed", "invalid_password")
    def post(self, request):
        """Without e-mail: a recovery code (used up) sets a new password; every other device
        is signed out and this one signed in."""
        data = validated(a.RecoverRequest, request)
        charge_sign_in(request, data["username"])
        player, token, left = accounts.recover(
            data["username"],
            data["recovery_code"],
            data["new_password"],
            new_device(request, data),
        )
        return signed_in(player, token, recovery_codes_left=left)
