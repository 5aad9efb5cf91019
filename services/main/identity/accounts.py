"""Account use cases: register, verify the email, password reset, profile.

Enumeration safety: register, resend-verification and forgot-password answer the same
way whether or not the address is registered, and do comparable work (a password hash,
an email) on both paths so the response time does not tell either.
"""

from __future__ import annotations

import secrets
from dataclasses import dataclass
from datetime import datetime, timedelta

from sqlalchemy.exc import IntegrityError

from services.main.identity import emails, events, messages, passwords
from services.main.identity.context import IdentityContext
from services.main.identity.mailer import Email
from services.main.identity.store import RESET_PASSWORD, VERIFY_EMAIL
from services.main.identity.tables import UserRow
from services.runtime.errors import AlreadyExists, FieldViolation, InvalidArgument, NotFound

VERIFICATION_LIFETIME = timedelta(hours=messages.VERIFICATION_HOURS)
RESET_LIFETIME = timedelta(hours=messages.RESET_HOURS)
REGISTERED = "Check your email to verify your address and finish registering."
RESENT = "If the address is registered and not yet verified, a new email is on its way."
RESET_SENT = "If the address is registered, a password-reset email is on its way."


def new_token() -> str:
    """A 256-bit URL-safe single-use token."""
    return secrets.token_urlsafe(32)


@dataclass(frozen=True)
class Registration:
    full_name: str
    email: str
    username: str
    password: str


def register(ctx: IdentityContext, form: Registration) -> str:
    full_name = emails.validate_full_name(form.full_name)
    email = emails.normalise_email(form.email)
    username = emails.validate_username(form.username)
    passwords.validate_password(form.password, username=username, email=email, full_name=full_name)
    # Hash before looking anything up: both outcomes below pay the same price.
    password_hash = ctx.hasher.hash(form.password)
    now = ctx.clock()
    try:
        outgoing = _register_in_db(ctx, full_name, email, username, password_hash, now)
    except IntegrityError:
        # A concurrent registration took the username or the email between our reads
        # and our insert: answer as if we had seen it first.
        with ctx.unit_of_work() as uow:
            if uow.repos.users.username_taken(username):
                raise AlreadyExists(
                    "username is taken", violations=[FieldViolation("username", "is taken")]
                ) from None
        outgoing = messages.registration_attempt_email(email, ctx.public_url)
    ctx.mailer.send(outgoing)
    return REGISTERED


def _register_in_db(
    ctx: IdentityContext,
    full_name: str,
    email: str,
    username: str,
    password_hash: str,
    now: datetime,
) -> Email:
    with ctx.unit_of_work() as uow:
        # The username first, for every email: usernames are public handles, so a 409
        # leaks nothing private, and checking it only for new emails would tell which
        # emails are registered.
        if uow.repos.users.username_taken(username):
            raise AlreadyExists(
                "username is taken", violations=[FieldViolation("username", "is taken")]
            )
        if uow.repos.users.by_email(email) is not None:
            outgoing = messages.registration_attempt_email(email, ctx.public_url)
        else:
            user = uow.repos.users.add(
                email=email,
                username=username,
                full_name=full_name,
                password_hash=password_hash,
                now=now,
            )
            token = new_token()
            uow.repos.action_tokens.issue(user.id, VERIFY_EMAIL, token, now, VERIFICATION_LIFETIME)
            outgoing = messages.verification_email(email, full_name, token, ctx.public_url)
    return outgoing


def verify_email(ctx: IdentityContext, token: str, client: events.ClientInfo) -> None:
    now = ctx.clock()
    with ctx.unit_of_work() as uow:
        row = uow.repos.action_tokens.usable(token.strip(), VERIFY_EMAIL, now) if token else None
        if row is None or not uow.repos.action_tokens.spend(row, now):
            raise InvalidArgument.for_field("token", "is invalid or expired")
        user = _user(uow.repos.users.by_id(row.user_id))
        if user.email_verified_at is None:
            user.email_verified_at = now
            user.updated_at = now
        events.record(
            uow.session,
            kind=events.EMAIL_VERIFIED,
            result="ok",
            at=now,
            client=client,
            user_id=user.id,
        )


def resend_verification(ctx: IdentityContext, raw_email: str) -> str:
    email = emails.normalise_email(raw_email)
    now = ctx.clock()
    outgoing: Email | None = None
    with ctx.unit_of_work() as uow:
        user = uow.repos.users.by_email(email)
        token = new_token()
        if user is not None and user.email_verified_at is None:
            uow.repos.action_tokens.issue(user.id, VERIFY_EMAIL, token, now, VERIFICATION_LIFETIME)
            outgoing = messages.verification_email(email, user.full_name, token, ctx.public_url)
    if outgoing is not None:
        ctx.mailer.send(outgoing)
    return RESENT


def forgot_password(ctx: IdentityContext, raw_email: str) -> str:
    email = emails.normalise_email(raw_email)
    now = ctx.clock()
    outgoing: Email | None = None
    with ctx.unit_of_work() as uow:
        user = uow.repos.users.by_email(email)
        token = new_token()
        if user is not None:
            uow.repos.action_tokens.issue(user.id, RESET_PASSWORD, token, now, RESET_LIFETIME)
            outgoing = messages.password_reset_email(email, user.full_name, token, ctx.public_url)
    if outgoing is not None:
        ctx.mailer.send(outgoing)
    return RESET_SENT


def reset_token_expiry(ctx: IdentityContext, token: str) -> datetime | None:
    """When a reset token stops working; None when it is not usable (now)."""
    now = ctx.clock()
    with ctx.unit_of_work() as uow:
        row = uow.repos.action_tokens.usable(token.strip(), RESET_PASSWORD, now) if token else None
        return None if row is None else row.expires_at


def reset_password(
    ctx: IdentityContext, token: str, new_password: str, client: events.ClientInfo
) -> None:
    """Set the password, revoke every session. MFA is left on: the next login asks for a
    code, so a stolen mailbox alone does not open an MFA account."""
    now = ctx.clock()
    with ctx.unit_of_work() as uow:
        row = uow.repos.action_tokens.usable(token.strip(), RESET_PASSWORD, now) if token else None
        if row is None:
            raise InvalidArgument.for_field("token", "is invalid or expired")
        user = _user(uow.repos.users.by_id(row.user_id))
        passwords.validate_password(
            new_password,
            username=user.username,
            email=user.email,
            full_name=user.full_name,
            field="new_password",
        )
        if not uow.repos.action_tokens.spend(row, now):
            raise InvalidArgument.for_field("token", "is invalid or expired")
        user.password_hash = ctx.hasher.hash(new_password)
        user.updated_at = now
        # Following the reset link proves control of the mailbox.
        if user.email_verified_at is None:
            user.email_verified_at = now
        uow.repos.sessions.revoke_all(user.id, now, "password_reset")
        uow.repos.action_tokens.spend_all(user.id, RESET_PASSWORD, now)
        events.record(
            uow.session,
            kind=events.PASSWORD_RESET,
            result="ok",
            at=now,
            client=client,
            user_id=user.id,
        )


def _user(user: UserRow | None) -> UserRow:
    if user is None:
        raise NotFound("user not found")
    return user
