"""The web client's copy of an account's device proof (``games.accounts.device_proofs``): its
cookie, set on a sign-in and cleared when the account is deleted."""

from django.conf import settings
from rest_framework.response import Response

from api.http.routes import path_of
from games.accounts import device_proofs


def proof_cookie(username: str) -> str:
    """The web client's cookie of the account's device proof: one per account (so a browser
    shared by several keeps each one's), named by an HMAC of the username, not the username."""
    return f"hm_device_{device_proofs.account_tag(username)}"


def keep_proof(response: Response, username: str, proof: str) -> None:
    """The web client's copy of the proof: HttpOnly, sent back to the sign-in endpoint only, and
    never on a request another site starts (``SameSite=Strict``), which could otherwise spend
    the proof's budget with wrong guesses."""
    response.set_cookie(
        proof_cookie(username),
        proof,
        max_age=int(device_proofs.LIFETIME.total_seconds()),
        path=path_of("account-sign-in"),
        secure=settings.SESSION_COOKIE_SECURE,
        httponly=True,
        samesite="Strict",
    )
