from __future__ import annotations

from urllib.parse import parse_qs, urlparse

from services.main.auth.domain.messages import (
    extract_token,
    password_reset_email,
    registration_attempt_email,
    verification_email,
)

TOKEN = "abc+/=DEF_-xyz"  # characters that need URL encoding


def link_in(text: str) -> str:
    return next(line for line in text.splitlines() if line.startswith("http"))


def test_verification_email() -> None:
    mail = verification_email("alice@example.com", "Alice Smith", TOKEN, "https://api.example.com/")
    assert mail.to == "alice@example.com"
    assert mail.subject
    assert mail.text.startswith("Hello Alice Smith,")
    link = urlparse(link_in(mail.text))
    assert f"{link.scheme}://{link.netloc}{link.path}" == (
        "https://api.example.com/api/auth/verify-email"
    )
    assert parse_qs(link.query) == {"token": [TOKEN]}
    assert "token=abc%2B%2F%3DDEF_-xyz" in link.query
    assert "24 hours" in mail.text
    assert extract_token(mail.text) == TOKEN


def test_password_reset_email() -> None:
    mail = password_reset_email("bob@example.com", "Bob", TOKEN, "http://localhost:8000")
    assert mail.to == "bob@example.com"
    assert "1 hour" in mail.text
    assert f"\nToken: {TOKEN}\n" in mail.text
    assert parse_qs(urlparse(link_in(mail.text)).query) == {"token": [TOKEN]}
    assert extract_token(mail.text) == TOKEN


def test_registration_attempt_email_carries_no_token() -> None:
    mail = registration_attempt_email("carol@example.com", "https://api.example.com")
    assert mail.to == "carol@example.com"
    assert "already has an" in mail.text
    assert "https://api.example.com" in mail.text
    assert extract_token(mail.text) is None


def test_greeting_without_a_name_and_with_line_breaks_in_it() -> None:
    assert verification_email("a@example.com", "", "t", "http://x").text.startswith("Hello,\n")
    text = verification_email("a@example.com", "Eve\nBcc: x", "t", "http://x").text
    assert text.startswith("Hello Eve Bcc: x,\n")


def test_extract_token_reads_crlf_text_and_ignores_other_lines() -> None:
    assert extract_token("Hi\r\nToken: zZ9-_\r\nBye\r\n") == "zZ9-_"
    assert extract_token("No token here") is None
    assert extract_token("The Token: inline is not a token line") is None
