"""The texts of the account emails.

Plain text only: nothing to render wrongly, nothing remote to load, links visible before
they are clicked. A token is also printed on its own `Token: ...` line, so an API client
(and the tests reading the outbox) can use it without following the link.
"""

from __future__ import annotations

import re
from urllib.parse import quote

from services.main.kernel.mail import Email

VERIFICATION_HOURS = 24
RESET_HOURS = 1

_TOKEN_LINE = re.compile(r"^Token: (\S+)$", re.MULTILINE)


def verification_email(to: str, full_name: str, token: str, base_url: str) -> Email:
    link = f"{_base(base_url)}/api/auth/verify-email?token={quote(token, safe='')}"
    text = f"""{_greeting(full_name)}

Please confirm that this is your email address by opening this link:

{link}

Token: {token}

The link expires in {VERIFICATION_HOURS} hours. If you did not create a finplat account,
you can ignore this email.
"""
    return Email(to=to, subject="Confirm your email address", text=text)


def password_reset_email(to: str, full_name: str, token: str, base_url: str) -> Email:
    link = f"{_base(base_url)}/api/auth/verify-reset-token?token={quote(token, safe='')}"
    text = f"""{_greeting(full_name)}

Someone asked to reset the password of your finplat account. To choose a new password,
use this token with the password reset form:

Token: {token}

You can check the token at:

{link}

The token expires in {RESET_HOURS} hour and works once. If you did not ask for this,
ignore this email: your password has not been changed.
"""
    return Email(to=to, subject="Reset your password", text=text)


def registration_attempt_email(to: str, base_url: str) -> Email:
    # Registering an address that already has an account answers exactly like a new
    # registration, so the caller learns nothing; the owner learns of it here instead.
    text = f"""Hello,

Someone tried to create a finplat account with this email address, which already has an
account. No new account was created and nothing about your account has changed.

If it was you, sign in instead. If you forgot your password, you can reset it at
{_base(base_url)} (POST /api/auth/forgot-password).

If it was not you, you can ignore this email.
"""
    return Email(to=to, subject="Someone tried to register with your email address", text=text)


def extract_token(text: str) -> str | None:
    """The token printed in one of these emails, or None if it carries none."""
    match = _TOKEN_LINE.search(text.replace("\r\n", "\n"))
    return match.group(1) if match else None


def _greeting(full_name: str) -> str:
    name = " ".join(full_name.split())  # no line breaks from a stored name in the body
    return f"Hello {name}," if name else "Hello,"


def _base(base_url: str) -> str:
    return base_url.rstrip("/")
