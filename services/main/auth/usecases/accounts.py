"""Account use cases: register, verify the email, resend the verification, password reset.

Enumeration safety: register, resend-verification and forgot-password answer the same
way whether or not the address is registered, and do the same work on both paths so the
response time does not tell either: register hashes the password and queues an email
either way; resend-verification and forgot-password mint, hash and store a token and
queue an email either way, for the decoy account when no email is due
(auth.domain.decoy).
"""

from __future__ import annotations

from datetime import datetime, timedelta

from services.main.auth.domain import decoy, messages, names, passwords
from services.main.auth.domain.grants import (
    REGISTERED,
    RESENT,
    RESET_LIFETIME,
    RESET_PASSWORD,
    RESET_SENT,
    VERIFICATION_LIFETIME,
    VERIFY_EMAIL,
    ActionToken,
    Registration,
    new_token,
)
from services.main.auth.domain.users import AccountTaken, NewUser, User
from services.main.kernel import events
from services.main.kernel.dependencies import Kernel, Uow
from services.main.kernel.events import ClientInfo
from services.main.kernel.mail import Email
from services.main.sessions import domain as sessions
from services.runtime.clock import Clock, utcnow
from services.runtime.errors import AlreadyExists, FieldViolation, InvalidArgument, NotFound


def _username_taken() -> AlreadyExists:
    return AlreadyExists("username is taken", violations=[FieldViolation("username", "is taken")])


def register(kernel: Kernel, form: Registration) -> str:
    full_name = names.validate_full_name(form.full_name)
    email = names.normalise_email(form.email)
    username = names.validate_username(form.username)
    passwords.validate_password(form.password, username=username, email=email, full_name=full_name)
    # Hash before looking anything up: both outcomes below pay the same price.
    password_hash = kernel.hasher.hash(form.password)
    new = NewUser(email=email, username=username, full_name=full_name, password_hash=password_hash)
    try:
        outgoing = _register_in_db(kernel, new, kernel.clock())
    except AccountTaken:
        # A concurrent registration took the username or the email between our reads
        # and our insert: answer as if we had seen it first.
        with kernel.unit_of_work() as uow:
            if uow.repos.users.username_taken(username):
                raise _username_taken() from None
        outgoing = messages.registration_attempt_email(email, kernel.public_url)
    kernel.mailer.send(outgoing)
    return REGISTERED


def _register_in_db(kernel: Kernel, new: NewUser, now: datetime) -> Email:
    with kernel.unit_of_work() as uow:
        users = uow.repos.users
        # The username first, for every email: usernames are public handles, so a 409
        # leaks nothing private, and checking it only for new emails would tell which
        # emails are registered.
        if users.username_taken(new.username):
            raise _username_taken()
        if users.by_email(new.email) is not None:
            return messages.registration_attempt_email(new.email, kernel.public_url)
        user = users.add(new, now)
        token = new_token()
        uow.repos.action_tokens.issue(user.id, VERIFY_EMAIL, token, now, VERIFICATION_LIFETIME)
        return messages.verification_email(new.email, new.full_name, token, kernel.public_url)


def _usable(uow: Uow, token: str, purpose: str, now: datetime) -> ActionToken | None:
    found = uow.repos.action_tokens.find(token.strip(), purpose) if token else None
    return found if found is not None and found.usable(now) else None


def _user(uow: Uow, token: ActionToken) -> User:
    user = uow.repos.users.by_id(token.user_id)
    if user is None:
        raise NotFound("user not found")
    return user


def verify_email(kernel: Kernel, token: str, client: ClientInfo) -> None:
    now = kernel.clock()
    with kernel.unit_of_work() as uow:
        found = _usable(uow, token, VERIFY_EMAIL, now)
        if found is None or not uow.repos.action_tokens.spend(found, now):
            raise InvalidArgument.for_field("token", "is invalid or expired")
        user = _user(uow, found)
        uow.repos.users.verify_email(user.id, now)
        uow.repos.events.record(
            kind=events.EMAIL_VERIFIED, result="ok", at=now, client=client, user_id=user.id
        )


def resend_verification(kernel: Kernel, raw_email: str) -> str:
    email = names.normalise_email(raw_email)
    now = kernel.clock()
    token = new_token()
    with kernel.unit_of_work() as uow:
        user = uow.repos.users.by_email(email)
        recipient = user if user is not None and not user.email_verified else None
        _store_token(uow, recipient, VERIFY_EMAIL, token, now, VERIFICATION_LIFETIME)
    name = "" if recipient is None else recipient.full_name
    outgoing = messages.verification_email(email, name, token, kernel.public_url)
    _mail(kernel, outgoing, due=recipient is not None)
    return RESENT


def forgot_password(kernel: Kernel, raw_email: str) -> str:
    email = names.normalise_email(raw_email)
    now = kernel.clock()
    token = new_token()
    with kernel.unit_of_work() as uow:
        recipient = uow.repos.users.by_email(email)
        _store_token(uow, recipient, RESET_PASSWORD, token, now, RESET_LIFETIME)
    name = "" if recipient is None else recipient.full_name
    outgoing = messages.password_reset_email(email, name, token, kernel.public_url)
    _mail(kernel, outgoing, due=recipient is not None)
    return RESET_SENT


def _store_token(
    uow: Uow,
    recipient: User | None,
    purpose: str,
    token: str,
    now: datetime,
    lifetime: timedelta,
) -> None:
    """Issue the token to `recipient`; with nobody to write to, the same writes for the
    decoy account (auth.domain.decoy)."""
    tokens = uow.repos.action_tokens
    if recipient is not None:
        tokens.issue(recipient.id, purpose, token, now, lifetime)
    else:
        tokens.issue_decoy(decoy.DECOY_ACCOUNT_ID, purpose, token, now, lifetime)


def _mail(kernel: Kernel, outgoing: Email, *, due: bool) -> None:
    """Send `outgoing`, or when no email is due, do the same work and discard it."""
    if due:
        kernel.mailer.send(outgoing)
    else:
        kernel.mailer.send_decoy(outgoing)


def ensure_decoy_account(uow: Uow, clock: Clock = utcnow) -> None:
    """Create the decoy account when there is none (first start, fresh database)."""
    try:
        with uow:
            if uow.repos.users.by_id(decoy.DECOY_ACCOUNT_ID) is None:
                uow.repos.users.add(decoy.DECOY_ACCOUNT, clock())
    except AccountTaken:
        pass  # another process starting at the same time created it first


def reset_token_expiry(kernel: Kernel, token: str) -> datetime | None:
    """When a reset token stops working; None when it is not usable (now)."""
    now = kernel.clock()
    with kernel.unit_of_work() as uow:
        found = _usable(uow, token, RESET_PASSWORD, now)
        return None if found is None else found.expires_at


def reset_password(kernel: Kernel, token: str, new_password: str, client: ClientInfo) -> None:
    """Set the password, revoke every session. MFA is left on: the next login asks for a
    code, so a stolen mailbox alone does not open an MFA account."""
    now = kernel.clock()
    with kernel.unit_of_work() as uow:
        found = _usable(uow, token, RESET_PASSWORD, now)
        if found is None:
            raise InvalidArgument.for_field("token", "is invalid or expired")
        user = _user(uow, found)
        passwords.validate_password(
            new_password,
            username=user.username,
            email=user.email,
            full_name=user.full_name,
            field="new_password",
        )
        if not uow.repos.action_tokens.spend(found, now):
            raise InvalidArgument.for_field("token", "is invalid or expired")
        uow.repos.users.set_password(user.id, kernel.hasher.hash(new_password), now)
        # Following the reset link proves control of the mailbox.
        uow.repos.users.verify_email(user.id, now)
        uow.repos.sessions.revoke_all(user.id, now, sessions.PASSWORD_RESET)
        uow.repos.action_tokens.spend_all(user.id, RESET_PASSWORD, now)
        uow.repos.events.record(
            kind=events.PASSWORD_RESET, result="ok", at=now, client=client, user_id=user.id
        )
