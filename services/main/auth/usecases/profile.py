"""The caller's profile: read it, rename, change the password, start or stop MFA."""

from __future__ import annotations

import uuid
from dataclasses import replace

from services.main.auth.domain import names, passwords
from services.main.auth.domain.grants import MfaSetup, ProfileChange
from services.main.auth.domain.users import Profile, User, profile_of
from services.main.auth.usecases import mfa
from services.main.kernel import events
from services.main.kernel.dependencies import Kernel, Uow
from services.main.kernel.events import ClientInfo
from services.main.sessions import domain as sessions
from services.runtime.errors import InvalidArgument, Unauthenticated


def _validate_name(raw: str) -> str:
    """The registration rule for full names, reported under this request's field `name`."""
    try:
        return names.validate_full_name(raw)
    except InvalidArgument as exc:
        reason = exc.violations[0].description if exc.violations else exc.message
        raise InvalidArgument.for_field("name", reason) from None


def _profile(uow: Uow, user: User, tenant_id: uuid.UUID | None) -> Profile:
    """`user`'s profile in the calling token's tenant (its default one for a token
    without a tenant, or when it left that tenant since)."""
    membership = uow.repos.memberships.get(tenant_id, user.id) if tenant_id else None
    if membership is None:
        return profile_of(user, user.tenant_id, user.tenant_role or "")
    return profile_of(user, membership.tenant_id, membership.tenant_role)


def get(kernel: Kernel, user_id: uuid.UUID, tenant_id: uuid.UUID | None) -> Profile:
    with kernel.unit_of_work() as uow:
        user = uow.repos.users.by_id(user_id)
        if user is None:
            raise Unauthenticated("user no longer exists")
        return _profile(uow, user, tenant_id)


def update(
    kernel: Kernel,
    user_id: uuid.UUID,
    session_id: uuid.UUID | None,
    tenant_id: uuid.UUID | None,
    change: ProfileChange,
    client: ClientInfo,
) -> tuple[Profile, MfaSetup | None]:
    if change.setup_mfa and change.disable_mfa:
        raise InvalidArgument.for_field("setup_mfa", "cannot be combined with disable_mfa")
    name = _validate_name(change.name) if change.name is not None else None
    now = kernel.clock()
    with kernel.unit_of_work() as uow:
        users = uow.repos.users
        user = users.by_id(user_id)
        if user is None:
            raise Unauthenticated("user no longer exists")
        new_hash: str | None = None
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
            if not kernel.hasher.verify(user.password_hash, change.current_password):
                raise InvalidArgument.for_field("current_password", "does not match")
            new_hash = kernel.hasher.hash(change.password)
        if name is not None:
            users.rename(user.id, name, now)
            user = replace(user, full_name=name)
        if new_hash is not None:
            users.set_password(user.id, new_hash, now)
            # The MFA change below checks the current password against the new hash, as
            # a change made in this same request.
            user = replace(user, password_hash=new_hash)
            # Someone who learnt the old password is signed out everywhere else.
            uow.repos.sessions.revoke_all(user.id, now, sessions.PASSWORD_CHANGED, keep=session_id)
            uow.repos.events.record(
                kind=events.PASSWORD_CHANGED,
                result="ok",
                at=now,
                client=client,
                user_id=user.id,
                session_id=session_id,
            )
        setup: MfaSetup | None = None
        if change.disable_mfa:
            mfa.disable_in(
                kernel,
                uow,
                user,
                change.current_password or "",
                (change.mfa_code or "").strip(),
                client,
                password_field="current_password",
                code_field="mfa_code",
            )
        if change.setup_mfa:
            setup = mfa.setup_in(uow, user, now)
        users.touch(user.id, now)
        updated = users.by_id(user.id)
        assert updated is not None  # read in this transaction
        return _profile(uow, updated, tenant_id), setup
