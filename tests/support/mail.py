"""A real SMTP server for the tests (aiosmtpd, on a free loopback port): account e-mails go
through Django's SMTP backend to it, and tests read them and follow their links.

In process: the ``smtp`` fixture points Django's e-mail settings at it. For a server process,
:meth:`SmtpServer.env` gives the environment that does the same.
"""

from __future__ import annotations

import email
import email.policy
import re
import threading
from dataclasses import dataclass
from urllib.parse import parse_qs, urlsplit

from aiosmtpd.controller import Controller

from .ports import free_port
from .waiting import wait_until

#: Seconds a mail may take to arrive (it is sent on a background thread after the answer).
MAIL_TIMEOUT = 10
LINK = re.compile(r"https?://\S+")


@dataclass(frozen=True)
class Mail:
    to: tuple[str, ...]
    subject: str
    body: str

    def link(self) -> str:
        """The one link of the mail."""
        found = LINK.findall(self.body)
        assert len(found) == 1, self.body
        return found[0]

    def link_keys(self) -> dict[str, str]:
        """The ``#a=1&b=2`` part of the link, as a dict."""
        return {k: v[0] for k, v in parse_qs(urlsplit(self.link()).fragment).items()}


class _Collector:
    def __init__(self) -> None:
        self.mails: list[Mail] = []
        self.lock = threading.Lock()

    async def handle_DATA(self, server, session, envelope):
        message = email.message_from_bytes(envelope.content, policy=email.policy.default)
        body = message.get_body(preferencelist=("plain",)).get_content()
        with self.lock:
            self.mails.append(Mail(tuple(envelope.rcpt_tos), str(message["subject"]), body))
        return "250 Message accepted for delivery"


class SmtpServer:
    def __init__(self) -> None:
        self.collector = _Collector()
        self.port = free_port()
        self.controller = Controller(self.collector, hostname="127.0.0.1", port=self.port)

    def start(self) -> SmtpServer:
        self.controller.start()
        return self

    def stop(self) -> None:
        self.controller.stop()

    @property
    def mails(self) -> list[Mail]:
        with self.collector.lock:
            return list(self.collector.mails)

    def mails_to(self, address: str) -> list[Mail]:
        return [m for m in self.mails if address in m.to]

    def wait_for(self, address: str, count: int = 1, timeout: float = MAIL_TIMEOUT) -> Mail:
        """The ``count``-th mail to ``address``, once it has arrived."""
        found = wait_until(
            lambda: len(self.mails_to(address)) >= count and self.mails_to(address),
            timeout,
            lambda: f"no mail #{count} to {address}; received: {self.mails}",
        )
        return found[count - 1]

    def env(self) -> dict[str, str]:
        """A server process's environment for sending its mail here."""
        return {
            "EMAIL_HOST": "127.0.0.1",
            "EMAIL_PORT": str(self.port),
            "HALFMOON_MAIL_IN_BACKGROUND": "true",
        }
