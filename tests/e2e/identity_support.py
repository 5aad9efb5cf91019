"""Helpers for the identity end-to-end tests: an SMTP sink that keeps every message, and
a client that registers, verifies and logs users in through the edge."""

from __future__ import annotations

import asyncio
import email
import itertools
import logging
import random
import threading
import time
import uuid
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from email.message import Message
from typing import Any

import httpx
import jwt
import pyotp
from aiosmtpd.controller import Controller
from sqlalchemy import text

from db.engine import make_engine
from services.main.auth.domain.messages import extract_token


@dataclass
class SmtpSink:
    """A real SMTP server (aiosmtpd) that stores what it receives."""

    port: int = 0
    messages: list[Message] = field(default_factory=list)
    # Seconds each message takes to be accepted: a test can make the sink behave like a
    # mail server across a network (see `slow_mail`).
    delay_seconds: float = 0.0
    _lock: threading.Lock = field(default_factory=threading.Lock)

    async def handle_DATA(self, server: Any, session: Any, envelope: Any) -> str:
        if self.delay_seconds > 0:
            await asyncio.sleep(self.delay_seconds)
        with self._lock:
            self.messages.append(email.message_from_bytes(envelope.content))
        return "250 OK"

    def to(self, address: str) -> list[Message]:
        with self._lock:
            return [m for m in self.messages if m["To"] == address]

    def wait_for(self, address: str, count: int = 1, timeout: float = 10.0) -> list[Message]:
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            found = self.to(address)
            if len(found) >= count:
                return found
            time.sleep(0.02)
        raise AssertionError(f"expected {count} message(s) to {address}, got {self.to(address)}")

    def latest_token(self, address: str, count: int = 1) -> str:
        message = self.wait_for(address, count)[-1]
        body = message.get_payload(decode=True)
        text = body.decode() if isinstance(body, bytes) else str(message.get_payload())
        token = extract_token(text)
        assert token is not None, text
        return token

    def subjects(self, address: str) -> list[str]:
        return [str(m["Subject"]) for m in self.to(address)]

    def token_after(self, address: str, action: Callable[[], httpx.Response]) -> str:
        """The token of the email that `action` causes to be sent to `address`."""
        before = len(self.to(address))
        response = action()
        assert response.status_code == 202, response.text
        return self.latest_token(address, before + 1)


@contextmanager
def slow_mail(sink: SmtpSink, seconds: float) -> Iterator[None]:
    """The sink takes `seconds` to accept each message while the block runs."""
    sink.delay_seconds = seconds
    try:
        yield
    finally:
        sink.delay_seconds = 0.0


@contextmanager
def smtp_sink(port: int) -> Iterator[SmtpSink]:
    # aiosmtpd logs every connection at INFO on "mail.log", also after pytest has closed
    # its capture streams at teardown ("Logging error" noise): only warnings matter here.
    logging.getLogger("mail.log").setLevel(logging.WARNING)
    sink = SmtpSink(port=port)
    controller = Controller(sink, hostname="127.0.0.1", port=port)
    controller.start()
    try:
        yield sink
    finally:
        controller.stop()


PASSWORD = "violet-harbour-kettle-42"


@dataclass
class Account:
    email: str
    username: str
    password: str
    full_name: str


@dataclass
class Session:
    """A logged-in user: the access token and the refresh cookie value."""

    account: Account
    access_token: str
    refresh_token: str
    session_id: str

    @property
    def auth(self) -> dict[str, str]:
        return {"authorization": f"Bearer {self.access_token}"}


def refresh_cookie(response: httpx.Response) -> str:
    """The refresh_token value from Set-Cookie (Secure cookies are not kept by an http
    client jar, so tests read the header)."""
    for header in response.headers.get_list("set-cookie"):
        name, _, rest = header.partition("=")
        if name == "refresh_token":
            return rest.split(";", 1)[0]
    return ""


def no_server_error(response: httpx.Response) -> None:
    """httpx response hook: the identity API never answers 5xx to anything a client sends."""
    assert response.status_code < 500, (
        f"{response.request.method} {response.request.url.path} answered "
        f"{response.status_code}: {response.read().decode(errors='replace')}"
    )


def session_from(account: Account, response: httpx.Response) -> Session:
    """The Session of a login (or login/mfa) response that issued a token."""
    assert response.status_code == 200, response.text
    body = response.json()
    assert body.get("access_token"), body
    return Session(account, body["access_token"], refresh_cookie(response), body["session_id"])


def bearer(token: str) -> dict[str, str]:
    return {"authorization": f"Bearer {token}"}


def cookie(refresh_token: str) -> dict[str, str]:
    return {"cookie": f"refresh_token={refresh_token}"}


_IP_SECOND_OCTET = random.randrange(1, 250)
_ip_counter = itertools.count(1)


def unique_ip() -> str:
    """A client address no other test of the session uses (for X-Forwarded-For), so
    failed logins of one test never count towards another's per-IP throttle."""
    n = next(_ip_counter)
    return f"10.{_IP_SECOND_OCTET}.{n // 250 % 250}.{n % 250 + 1}"


def from_ip(ip: str) -> dict[str, str]:
    """Headers that make the edge (which trusts X-Forwarded-For from loopback) see `ip`."""
    return {"x-forwarded-for": ip}


def gateway_error(
    response: httpx.Response, status: int, code: str, *, mentions: str | None = None
) -> dict[str, Any]:
    """Assert the documented gateway error body {error, message, request_id}; returns it."""
    assert response.status_code == status, (response.status_code, response.text)
    body: dict[str, Any] = response.json()
    assert set(body) == {"error", "message", "request_id"}, body
    assert body["error"] == code, body
    uuid.UUID(body["request_id"])
    assert body["request_id"] == response.headers["x-request-id"]
    if mentions is not None:
        assert mentions in body["message"], body
    return body


def claims_of(token: str) -> dict[str, Any]:
    """The claims of a JWT, read without verifying it (to inspect what was issued)."""
    return jwt.decode(token, options={"verify_signature": False})


def signing_key_pem(database_url: str, kid: str) -> str:
    """Main's private signing key `kid` as PEM, read from its database (to forge or
    re-sign tokens the way main would)."""
    engine = make_engine(database_url)
    try:
        with engine.connect() as conn:
            pem: str = conn.execute(
                text("SELECT private_key_pem FROM signing_keys WHERE kid = :kid"), {"kid": kid}
            ).scalar_one()
    finally:
        engine.dispose()
    return pem


@dataclass
class Mfa:
    """An authenticator app holding a TOTP secret, and the recovery codes shown at setup.

    TOTP codes are accepted for the previous, current and next 30-second step, and each
    step only once, in increasing order. `enable_mfa` spends step -1, which leaves
    `code(0)` and then `code(1)` for the test.
    """

    secret: str
    recovery_codes: list[str]

    def code(self, steps: int = 0) -> str:
        return pyotp.TOTP(self.secret).at(time.time() + 30 * steps)


def away_from_step_boundary(margin: float = 2.0) -> None:
    """Wait for the next TOTP step if the current one ends within `margin` seconds, so a
    code computed now is judged by the server in the same step."""
    left = 30 - time.time() % 30
    if left < margin:
        time.sleep(left + 0.1)


class IdentityClient:
    """Drives the documented flows through the edge."""

    def __init__(self, edge_url: str, sink: SmtpSink) -> None:
        self.http = httpx.Client(
            base_url=edge_url, timeout=30, event_hooks={"response": [no_server_error]}
        )
        self.sink = sink
        self._counter = 0

    def new_account(self, prefix: str = "user") -> Account:
        self._counter += 1
        stamp = f"{prefix}{self._counter}{time.monotonic_ns() % 10**9}"
        return Account(
            email=f"{stamp}@example.com",
            username=stamp[:32],
            password=PASSWORD,
            full_name="Grace Hopper",
        )

    def register(self, account: Account) -> httpx.Response:
        return self.http.post(
            "/api/auth/register",
            json={
                "full_name": account.full_name,
                "email": account.email,
                "username": account.username,
                "password": account.password,
            },
        )

    def verified(self, prefix: str = "user") -> Account:
        account = self.new_account(prefix)
        assert self.register(account).status_code == 202
        token = self.sink.latest_token(account.email)
        assert self.http.get("/api/auth/verify-email", params={"token": token}).status_code == 200
        return account

    def login(
        self, account: Account, *, headers: dict[str, str] | None = None, **extra: str
    ) -> httpx.Response:
        return self.http.post(
            "/api/auth/login",
            json={"email": account.email, "password": account.password, **extra},
            headers=headers,
        )

    def login_mfa(
        self,
        account: Account,
        code: str,
        *,
        headers: dict[str, str] | None = None,
        **extra: str,
    ) -> httpx.Response:
        return self.http.post(
            "/api/auth/login/mfa",
            json={
                "email": account.email,
                "password": account.password,
                "mfa_code": code,
                **extra,
            },
            headers=headers,
        )

    def session(
        self,
        account: Account | None = None,
        *,
        headers: dict[str, str] | None = None,
        **extra: str,
    ) -> Session:
        account = account or self.verified()
        return session_from(account, self.login(account, headers=headers, **extra))

    def refresh(self, refresh_token: str) -> httpx.Response:
        return self.http.post("/api/auth/refresh", headers=cookie(refresh_token))

    def profile(self, session: Session) -> httpx.Response:
        return self.http.get("/api/auth/profile", headers=session.auth)

    def enable_mfa(self, session: Session) -> Mfa:
        """Set up and enable MFA for the session's account (spends TOTP step -1)."""
        setup = self.http.post("/api/auth/mfa/setup", headers=session.auth, json={})
        assert setup.status_code == 200, setup.text
        body = setup.json()
        mfa = Mfa(body["secret"], body["recovery_codes"])
        away_from_step_boundary()
        enabled = self.http.post(
            "/api/auth/mfa/enable", headers=session.auth, json={"code": mfa.code(-1)}
        )
        assert enabled.status_code == 200, enabled.text
        assert enabled.json() == {"mfa_enabled": True}
        return mfa

    def reset_token(self, account: Account) -> str:
        """Ask for a password reset and read the token from the email."""
        return self.sink.token_after(
            account.email,
            lambda: self.http.post("/api/auth/forgot-password", json={"email": account.email}),
        )

    def close(self) -> None:
        self.http.close()
