"""The caller's profile: read it, rename, change the password, start or stop MFA."""

from __future__ import annotations

import uuid
from dataclasses import dataclass

from services.main.identity import access, emails, events, mfa, passwords
from services.main.identity.context import IdentityContext
from services.main.identity.tables import UserRow
from services.runtime.errors import InvalidArgument, Unauthenticated


@dataclass(frozen=True)
class Profile:
    user: UserRow
    scopes: list[str]


@dataclass(frozen=True)
class ProfileChange:
    name: str | None = None
    password: str | None = None
    current_password: str | None = None
    setup_mfa: bool = False
    disable_mfa: bool = False
    mfa_code: str | None = None


def _validate_name(raw: str) -> str:
    """The registration rule for full names, reported under this request's field `name`."""
    try:
        return emails.validate_full_name(raw)
    except InvalidArgument as exc:
        reason = exc.violations[0].description if exc.violations else exc.message
        raise InvalidArgument.for_field("name", reason) from None


def get(ctx: IdentityContext, user_id: uuid.UUID) -> Profile:
    with ctx.unit_of_work() as uow:
        user = uow.repos.users.by_id(user_id)
        if user is None:
            raise Unauthenticated("user no longer exists")
        uow.session.expunge(user)
    return Profile(user, access.scopes_for(user.tenant_role, user.extra_scopes))


def update(
    ctx: IdentityContext,
    user_id: uuid.UUID,
    session_id: uuid.UUID | None,
    change: ProfileChange,
    client: events.ClientInfo,
) -> tuple[Profile, mfa.MfaSetup | None]:
    if change.setup_mfa and change.disable_mfa:
        raise InvalidArgument.for_field("setup_mfa", "cannot be combined with disable_mfa")
    name = _validate_name(change.name) if change.name is not None else None
    now = ctx.clock()
    new_hash: str | None = None
    with ctx.unit_of_work() as uow:
        user = uow.repos.users.by_id(user_id)
        if user is None:
            raise Unauthenticated("user no longer exists")
        if change.password is not None:
            passwords.validate_password(
                change.password,
                username=user.username,
                email=user.email,
                full_name=name or user.full_name,
            )
            if not change.current_password:
                raise InvalidArgument.for_field(
                    "current_password", "is required to change the password"
                )
            if not ctx.hasher.verify(user.password_hash, change.current_password):
                raise InvalidArgument.for_field("current_password", "does not match")
            new_hash = ctx.hasher.hash(change.password)
        if name is not None:
            user.full_name = name
        if new_hash is not None:
            user.password_hash = new_hash
            # Someone who learnt the old password is signed out everywhere else.
            uow.repos.sessions.revoke_all(user.id, now, "password_changed", keep=session_id)
            events.record(
                uow.session,
                kind=events.PASSWORD_CHANGED,
                result="ok",
                at=now,
                client=client,
                user_id=user.id,
                session_id=session_id,
            )
        setup: mfa.MfaSetup | None = None
        if change.disable_mfa:
            mfa.disable_in(
                ctx,
                uow,
                user,
                change.current_password or "",
                (change.mfa_code or "").strip(),
                client,
                password_field="current_password",
                code_field="mfa_code",
            )
        if change.setup_mfa:
            setup = mfa.setup_in(uow, user)
        user.updated_at = now
        uow.session.flush()
        uow.session.expunge(user)
    return Profile(user, access.scopes_for(user.tenant_role, user.extra_scopes)), setup
