"""Helpers for the identity end-to-end tests: an SMTP sink that keeps every message, and
a client that registers, verifies and logs users in through the edge."""

from __future__ import annotations

import email
import threading
import time
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from email.message import Message
from typing import Any

import httpx
from aiosmtpd.controller import Controller

from services.main.identity.messages import extract_token


@dataclass
class SmtpSink:
    """A real SMTP server (aiosmtpd) that stores what it receives."""

    port: int = 0
    messages: list[Message] = field(default_factory=list)
    _lock: threading.Lock = field(default_factory=threading.Lock)

    async def handle_DATA(self, server: Any, session: Any, envelope: Any) -> str:
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


@contextmanager
def smtp_sink(port: int) -> Iterator[SmtpSink]:
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


class IdentityClient:
    """Drives the documented flows through the edge."""

    def __init__(self, edge_url: str, sink: SmtpSink) -> None:
        self.http = httpx.Client(base_url=edge_url, timeout=30)
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

    def login(self, account: Account, **extra: str) -> httpx.Response:
        return self.http.post(
            "/api/auth/login",
            json={"email": account.email, "password": account.password, **extra},
        )

    def session(self, account: Account | None = None, **extra: str) -> Session:
        account = account or self.verified()
        response = self.login(account, **extra)
        assert response.status_code == 200, response.text
        body = response.json()
        assert body.get("access_token"), body
        return Session(account, body["access_token"], refresh_cookie(response), body["session_id"])

    def close(self) -> None:
        self.http.close()
