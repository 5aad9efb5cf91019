"""Outgoing email: over SMTP in production and tests, as .eml files when no server is set.

`finplat up` writes into `var/outbox/` so a developer can open verification and reset
mails without running a mail server; both paths build the same RFC 5322 message.
"""

from __future__ import annotations

import logging
import os
import queue
import smtplib
import ssl
import threading
import time
import uuid
from dataclasses import dataclass
from datetime import UTC, datetime
from email import policy
from email.message import EmailMessage
from email.utils import format_datetime, make_msgid, parseaddr
from pathlib import Path
from typing import Protocol


@dataclass(frozen=True)
class Email:
    to: str
    subject: str
    text: str


class Mailer(Protocol):
    """A transport: SMTP or the file outbox."""

    sender: str

    def send(self, email: Email) -> None: ...


def build_message(email: Email, sender: str, *, now: datetime | None = None) -> EmailMessage:
    """The email as a MIME message with the headers receiving servers expect."""
    message = EmailMessage()
    message["From"] = sender
    message["To"] = email.to  # the email policy refuses CR/LF here: no header injection
    message["Subject"] = email.subject
    message["Date"] = format_datetime(now or datetime.now(UTC))
    # The sender's domain, not socket.getfqdn(): that can block on DNS for seconds.
    domain = parseaddr(sender)[1].rpartition("@")[2] or "finplat.invalid"
    message["Message-ID"] = make_msgid(domain=domain)
    message.set_content(email.text)
    return message


class SmtpMailer:
    """Sends each email over its own SMTP connection (mail is rare: a pool is not worth
    the stale-connection handling)."""

    def __init__(
        self,
        host: str,
        port: int,
        sender: str,
        *,
        username: str | None = None,
        password: str | None = None,
        starttls: bool = False,
        timeout: float = 10.0,
    ) -> None:
        self.host, self.port, self.sender = host, port, sender
        self._username, self._password = username, password
        self._starttls, self._timeout = starttls, timeout

    def send(self, email: Email) -> None:
        message = build_message(email, self.sender)
        with smtplib.SMTP(self.host, self.port, timeout=self._timeout) as smtp:
            if self._starttls:
                smtp.starttls(context=ssl.create_default_context())
            if self._username is not None:
                smtp.login(self._username, self._password or "")
            smtp.send_message(message)


class OutboxMailer:
    """Writes each email to `<directory>/<UTC yyyymmddThhmmss>-<uuid4 hex>.eml`."""

    def __init__(self, directory: Path, sender: str) -> None:
        self.directory, self.sender = directory, sender

    def send(self, email: Email) -> None:
        now = datetime.now(UTC)
        message = build_message(email, self.sender, now=now)
        self.directory.mkdir(parents=True, exist_ok=True)
        name = f"{now:%Y%m%dT%H%M%S}-{uuid.uuid4().hex}.eml"
        final = self.directory / name
        partial = self.directory / f".{name}.partial"
        # Written aside and renamed: a reader polling the outbox (tests, a developer's
        # mail viewer) never sees half a message.
        partial.write_bytes(message.as_bytes(policy=policy.SMTP))
        os.replace(partial, final)


_log = logging.getLogger("finplat.main.mailer")


@dataclass(frozen=True)
class _Job:
    email: Email
    deliver: bool
    not_before: float  # time.monotonic() at which the worker may start on it


class QueuedMailer:
    """Sends in a background thread: a request never waits for the mail server.

    Besides latency, this is what makes register / forgot-password / resend answer in the
    same time whether or not the address is registered: the request only queues an email,
    a real one or a decoy (`send_decoy`) that the thread renders like any other and then
    drops. The thread starts on an email `delay` seconds after it was queued, once the
    request that queued it has answered: delivery's own CPU time must not slow that
    answer down, or the time would tell a real email from a decoy. A failed send is
    logged, not retried: the user can ask for another email. `close` sends what is
    queued, then stops.
    """

    def __init__(self, inner: Mailer, *, delay: float = 0.05) -> None:
        self._inner = inner
        self._delay = delay
        self._queue: queue.Queue[_Job | None] = queue.Queue()
        self._thread = threading.Thread(target=self._run, name="finplat-mailer", daemon=True)
        self._thread.start()

    def send(self, email: Email) -> None:
        self._put(email, deliver=True)

    def send_decoy(self, email: Email) -> None:
        """Queue `email` as `send` does, to be rendered and discarded: the work of a send,
        for a request that must not reveal that nobody gets an email."""
        self._put(email, deliver=False)

    def _put(self, email: Email, *, deliver: bool) -> None:
        self._queue.put(_Job(email, deliver, time.monotonic() + self._delay))

    def close(self, timeout: float = 10.0) -> None:
        self._queue.put(None)
        self._thread.join(timeout)

    def _run(self) -> None:
        while (job := self._queue.get()) is not None:
            wait = job.not_before - time.monotonic()
            if wait > 0:
                time.sleep(wait)
            email = job.email
            try:
                if job.deliver:
                    self._inner.send(email)
                else:
                    build_message(email, self._inner.sender).as_bytes(policy=policy.SMTP)
            except Exception:
                _log.exception("could not send %r to %s", email.subject, email.to)


def make_mailer(
    *,
    smtp_host: str | None,
    smtp_port: int,
    sender: str,
    outbox_dir: Path,
    smtp_username: str | None = None,
    smtp_password: str | None = None,
    smtp_starttls: bool = False,
) -> Mailer:
    """SMTP when a host is configured, otherwise the file outbox."""
    if smtp_host:
        return SmtpMailer(
            smtp_host,
            smtp_port,
            sender,
            username=smtp_username,
            password=smtp_password,
            starttls=smtp_starttls,
        )
    return OutboxMailer(outbox_dir, sender)
