from __future__ import annotations

import email
import re
import smtplib
import socket
import time
from collections.abc import Iterator
from dataclasses import dataclass, field
from email import policy
from email.message import EmailMessage
from email.utils import parsedate_to_datetime
from pathlib import Path
from typing import Any

import pytest
from aiosmtpd.controller import Controller
from aiosmtpd.smtp import AuthResult, LoginPassword

from services.main.kernel.mail import (
    Email,
    Mailer,
    OutboxMailer,
    QueuedMailer,
    SmtpMailer,
    build_message,
    make_mailer,
)

SENDER = "finplat <no-reply@finplat.example>"
MESSAGE = Email(to="alice@example.com", subject="Hello ✓", text="Line one\nLigne deux: é\n")


@dataclass
class Sink:
    """An aiosmtpd handler that keeps every envelope it is given."""

    envelopes: list[Any] = field(default_factory=list)

    async def handle_DATA(self, server: Any, session: Any, envelope: Any) -> str:
        self.envelopes.append(envelope)
        return "250 Message accepted for delivery"

    def messages(self) -> list[EmailMessage]:
        return [email.message_from_bytes(e.content, policy=policy.default) for e in self.envelopes]


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        port: int = sock.getsockname()[1]
        return port


@pytest.fixture
def smtp_sink() -> Iterator[tuple[Sink, int]]:
    sink = Sink()
    port = free_port()
    controller = Controller(sink, hostname="127.0.0.1", port=port)
    controller.start()
    try:
        yield sink, port
    finally:
        controller.stop()


@pytest.fixture
def auth_smtp_sink() -> Iterator[tuple[Sink, int]]:
    def authenticator(
        server: Any, session: Any, envelope: Any, mechanism: str, data: Any
    ) -> AuthResult:
        ok = isinstance(data, LoginPassword) and (data.login, data.password) == (
            b"mailer",
            b"s3cret",
        )
        return AuthResult(success=ok, handled=False)  # False: the server answers 535

    sink = Sink()
    port = free_port()
    controller = Controller(
        sink,
        hostname="127.0.0.1",
        port=port,
        authenticator=authenticator,
        auth_required=True,
        auth_require_tls=False,  # loopback test server without certificates
    )
    controller.start()
    try:
        yield sink, port
    finally:
        controller.stop()


def test_build_message_headers() -> None:
    message = build_message(MESSAGE, SENDER)
    assert message["From"] == SENDER
    assert message["To"] == "alice@example.com"
    assert message["Subject"] == "Hello ✓"
    assert parsedate_to_datetime(message["Date"]).tzinfo is not None
    assert re.fullmatch(r"<[^@>]+@finplat\.example>", message["Message-ID"])
    assert message.get_content() == MESSAGE.text


def test_header_injection_is_refused() -> None:
    with pytest.raises(ValueError):
        build_message(
            Email(to="a@example.com\r\nBcc: evil@example.com", subject="x", text="y"), SENDER
        )


def test_smtp_mailer_delivers_to_a_real_smtp_server(smtp_sink: tuple[Sink, int]) -> None:
    sink, port = smtp_sink
    SmtpMailer("127.0.0.1", port, SENDER).send(MESSAGE)
    assert len(sink.envelopes) == 1
    envelope = sink.envelopes[0]
    assert envelope.mail_from == "no-reply@finplat.example"
    assert envelope.rcpt_tos == ["alice@example.com"]
    (received,) = sink.messages()
    assert received["Subject"] == "Hello ✓"
    assert received["From"] == SENDER
    assert received["Message-ID"]
    assert received.get_content().replace("\r\n", "\n") == MESSAGE.text


@pytest.mark.filterwarnings("ignore:Requiring AUTH while not requiring TLS:UserWarning")
def test_smtp_mailer_logs_in_when_given_credentials(auth_smtp_sink: tuple[Sink, int]) -> None:
    sink, port = auth_smtp_sink
    SmtpMailer("127.0.0.1", port, SENDER, username="mailer", password="s3cret").send(MESSAGE)
    assert len(sink.envelopes) == 1
    with pytest.raises(smtplib.SMTPAuthenticationError):
        SmtpMailer("127.0.0.1", port, SENDER, username="mailer", password="wrong").send(MESSAGE)
    with pytest.raises(smtplib.SMTPSenderRefused):
        SmtpMailer("127.0.0.1", port, SENDER).send(MESSAGE)  # no login: refused
    assert len(sink.envelopes) == 1


def test_smtp_mailer_insists_on_starttls_when_asked(smtp_sink: tuple[Sink, int]) -> None:
    sink, port = smtp_sink
    # The sink offers no STARTTLS: the mailer must fail rather than send in clear text.
    with pytest.raises(smtplib.SMTPNotSupportedError):
        SmtpMailer("127.0.0.1", port, SENDER, starttls=True).send(MESSAGE)
    assert sink.envelopes == []


def test_smtp_mailer_fails_when_nothing_listens() -> None:
    with pytest.raises(OSError):
        SmtpMailer("127.0.0.1", free_port(), SENDER, timeout=2).send(MESSAGE)


def test_outbox_mailer_writes_a_parseable_eml(tmp_path: Path) -> None:
    outbox = tmp_path / "var" / "outbox"
    OutboxMailer(outbox, SENDER).send(MESSAGE)
    files = list(outbox.iterdir())
    assert len(files) == 1
    assert re.fullmatch(r"\d{8}T\d{6}-[0-9a-f]{32}\.eml", files[0].name)
    raw = files[0].read_bytes()
    assert b"\r\n" in raw  # RFC 5322 line endings
    parsed = email.message_from_bytes(raw, policy=policy.default)
    assert isinstance(parsed, EmailMessage)
    assert parsed["To"] == "alice@example.com"
    assert parsed["From"] == SENDER
    assert parsed["Subject"] == "Hello ✓"
    assert parsed["Date"] and parsed["Message-ID"]
    assert parsed.get_content().replace("\r\n", "\n") == MESSAGE.text


def test_outbox_mailer_keeps_every_message(tmp_path: Path) -> None:
    mailer = OutboxMailer(tmp_path, SENDER)
    for n in range(3):
        mailer.send(Email(to=f"u{n}@example.com", subject="s", text="t"))
    assert len(sorted(tmp_path.glob("*.eml"))) == 3
    assert not list(tmp_path.glob(".*"))  # no partial files left behind


def test_make_mailer_picks_smtp_when_a_host_is_set(tmp_path: Path) -> None:
    mailer: Mailer = make_mailer(
        smtp_host="mail.example.com",
        smtp_port=587,
        sender=SENDER,
        outbox_dir=tmp_path,
        smtp_username="u",
        smtp_password="p",
        smtp_starttls=True,
    )
    assert isinstance(mailer, SmtpMailer)
    assert (mailer.host, mailer.port, mailer.sender) == ("mail.example.com", 587, SENDER)


@pytest.mark.parametrize("host", [None, ""])
def test_make_mailer_falls_back_to_the_outbox(tmp_path: Path, host: str | None) -> None:
    mailer = make_mailer(smtp_host=host, smtp_port=25, sender=SENDER, outbox_dir=tmp_path)
    assert isinstance(mailer, OutboxMailer)
    assert mailer.directory == tmp_path


def test_the_queue_sends_after_its_delay_and_decoys_are_never_delivered(
    smtp_sink: tuple[Sink, int],
) -> None:
    sink, port = smtp_sink
    queued = QueuedMailer(SmtpMailer("127.0.0.1", port, SENDER), delay=0.2)
    try:
        started = time.monotonic()
        queued.send_decoy(Email(to="nobody@example.com", subject="decoy", text="x\n"))
        queued.send(MESSAGE)
        while not sink.envelopes and time.monotonic() - started < 10:
            time.sleep(0.01)
        # Not before the delay: delivery never competes with the request that queued it.
        assert time.monotonic() - started >= 0.2
    finally:
        queued.close()
    assert [e.rcpt_tos for e in sink.envelopes] == [["alice@example.com"]]


def test_a_decoy_is_rendered_like_a_real_email_but_goes_nowhere(tmp_path: Path) -> None:
    queued = QueuedMailer(OutboxMailer(tmp_path, SENDER), delay=0)
    queued.send_decoy(MESSAGE)
    queued.close()  # the queue is drained first
    assert list(tmp_path.iterdir()) == []
