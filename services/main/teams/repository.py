"""Persistence of invitations, every statement scoped by tenant through db.scoping
except finding one by its token (the bearer proves which one it holds). Accepting and
revoking are conditional UPDATEs (`… WHERE accepted_at IS NULL …`), so two requests
racing with one token cannot both win."""

from __future__ import annotations

import uuid
from datetime import datetime

from sqlalchemy import ColumnElement, func, select
from sqlalchemy.orm import Session

from db.scoping import across_owners, owner_is, scoped, select_owned, update_owned
from services.main.kernel.hashing import token_hash
from services.main.teams.domain.invitations import INVITATION_LIFETIME, Invitation, NewInvitation
from services.main.teams.tables import InvitationRow


def _invitation(row: InvitationRow) -> Invitation:
    return Invitation(
        id=row.id,
        tenant_id=row.tenant_id,
        email=row.email,
        tenant_role=row.tenant_role,
        invited_by=row.invited_by,
        created_at=row.created_at,
        expires_at=row.expires_at,
        accepted_at=row.accepted_at,
        revoked_at=row.revoked_at,
    )


def _pending(now: datetime) -> tuple[ColumnElement[bool], ...]:
    return (
        InvitationRow.accepted_at.is_(None),
        InvitationRow.revoked_at.is_(None),
        InvitationRow.expires_at > now,
    )


class InvitationRepository:
    def __init__(self, session: Session) -> None:
        self._session = session

    def add(self, new: NewInvitation, token: str, now: datetime) -> Invitation:
        """Store a new invitation; it replaces the address's pending ones in the tenant
        (revoked: their tokens stop working)."""
        self._session.execute(
            update_owned(
                InvitationRow, new.tenant_id, InvitationRow.email == new.email, *_pending(now)
            ).values(revoked_at=now)
        )
        row = InvitationRow(
            id=uuid.uuid4(),
            tenant_id=new.tenant_id,
            email=new.email,
            tenant_role=new.tenant_role,
            token_hash=token_hash(token),
            invited_by=new.invited_by,
            created_at=now,
            expires_at=now + INVITATION_LIFETIME,
        )
        self._session.add(row)
        self._session.flush()
        return _invitation(row)

    def get(self, tenant_id: uuid.UUID, invitation_id: uuid.UUID) -> Invitation | None:
        row = self._session.scalar(
            select_owned(InvitationRow, tenant_id, InvitationRow.id == invitation_id)
        )
        return None if row is None else _invitation(row)

    def pending(
        self, tenant_id: uuid.UUID, now: datetime, limit: int, offset: int
    ) -> tuple[list[Invitation], int]:
        """A page of the tenant's pending invitations, newest first, and how many there are."""
        rows = self._session.scalars(
            select_owned(InvitationRow, tenant_id, *_pending(now))
            .order_by(InvitationRow.created_at.desc(), InvitationRow.id)
            .limit(limit)
            .offset(offset)
        )
        total = self._session.scalar(
            scoped(
                select(func.count())
                .select_from(InvitationRow)
                .where(owner_is(InvitationRow, tenant_id), *_pending(now))
            )
        )
        return [_invitation(r) for r in rows], int(total or 0)

    def by_token(self, token: str) -> Invitation | None:
        """The invitation of that token, whatever its tenant and state."""
        row = self._session.scalar(
            across_owners(
                select(InvitationRow).where(InvitationRow.token_hash == token_hash(token)),
                "an invitation is found by its token's hash: the bearer proves which it is",
            )
        )
        return None if row is None else _invitation(row)

    def accept(self, invitation: Invitation, user_id: uuid.UUID, now: datetime) -> bool:
        """Mark accepted; False if a concurrent request used or revoked it first."""
        result = self._session.execute(
            update_owned(
                InvitationRow,
                invitation.tenant_id,
                InvitationRow.id == invitation.id,
                *_pending(now),
            ).values(accepted_at=now, accepted_by=user_id)
        )
        return bool(getattr(result, "rowcount", 0))

    def revoke(self, invitation: Invitation, now: datetime) -> bool:
        """Revoke a pending invitation; False when it is not pending (any more)."""
        result = self._session.execute(
            update_owned(
                InvitationRow,
                invitation.tenant_id,
                InvitationRow.id == invitation.id,
                *_pending(now),
            ).values(revoked_at=now)
        )
        return bool(getattr(result, "rowcount", 0))
