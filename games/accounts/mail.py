"""The account e-mails (address verification, password reset), sent through Django's e-mail
backend (``EMAIL_*`` settings from the environment: SMTP in production, the console in the
embedded default), in the player's language.

Mail is sent on a background thread (one, in order), after the transaction that asked for it
commits: a request that sends a mail answers as fast as one that does not (a password reset
request must not tell, by its timing, whether the address belongs to an account), and a slow
mail server never holds a request. A mail still queued when the process stops is lost; the
player asks again. Failures are logged without the message (its links are keys).
"""

from __future__ import annotations

import logging
from concurrent.futures import ThreadPoolExecutor

from django.conf import settings
from django.core.mail import EmailMessage
from django.db import transaction
from django.utils import translation
from django.utils.translation import gettext as _

logger = logging.getLogger(__name__)

#: One thread: mails go out in the order they were asked for.
_pool = ThreadPoolExecutor(max_workers=1, thread_name_prefix="mail")


def send_verification(to: str, username: str, link: str, language: str) -> None:
    with translation.override(language or settings.LANGUAGE_CODE):
        subject = _("Half Moon: confirm your e-mail address")
        body = _(
            "Hello %(username)s,\n\n"
            "to confirm this address for your Half Moon account, open this link within three "
            "days:\n\n%(link)s\n\n"
            "The address is used only to reset your password. If you did not ask for this, "
            "ignore this message."
        ) % {"username": username, "link": link}
    _send_after_commit(EmailMessage(subject, body, to=[to]))


def send_password_reset(to: str, username: str, link: str, language: str) -> None:
    with translation.override(language or settings.LANGUAGE_CODE):
        subject = _("Half Moon: choose a new password")
        body = _(
            "Hello %(username)s,\n\n"
            "to choose a new password for your Half Moon account, open this link within an "
            "hour:\n\n%(link)s\n\n"
            "Every device will be signed out. If you did not ask for this, ignore this message: "
            "your password stays as it is."
        ) % {"username": username, "link": link}
    _send_after_commit(EmailMessage(subject, body, to=[to]))


def _send_after_commit(message: EmailMessage) -> None:
    transaction.on_commit(lambda: _queue(message), robust=True)


def _queue(message: EmailMessage) -> None:
    if settings.HALFMOON_MAIL_IN_BACKGROUND:
        _pool.submit(_send, message)
    else:
        _send(message)


def _send(message: EmailMessage) -> None:
    try:
        message.send()
    except Exception as error:  # any backend failure: logged, never raised to the player
        logger.warning("Could not send an account e-mail: %s", type(error).__name__)
