"""The milestones' tables (migration pf_0004): milestones under a record and the
invoice sagas started for them, every row owned by a tenant (`OwnedBy`).

A record's deletion takes its milestones and their sagas with it (ON DELETE CASCADE);
the API refuses to delete a milestone whose saga has started, the cascade only keeps
the database consistent whatever deletes first.
"""

from __future__ import annotations

import uuid
from datetime import datetime
from decimal import Decimal

from sqlalchemy import BigInteger, ForeignKey, Index, Integer, String
from sqlalchemy.orm import Mapped, mapped_column

from db.scoping import OwnedBy
from db.types import GUID, Amount, Percent, UTCDateTime
from services.projectfinance.kernel.base import Base


class MilestoneRow(Base, OwnedBy):
    __tablename__ = "milestones"
    __owner__ = "tenant_id"
    __table_args__ = (
        # A record's milestones in their order (the list and the figures read them so).
        Index("ix_milestones_tenant_id_record_id_sequence", "tenant_id", "record_id", "sequence"),
    )

    id: Mapped[uuid.UUID] = mapped_column(GUID, primary_key=True)
    tenant_id: Mapped[uuid.UUID] = mapped_column(GUID)
    record_id: Mapped[uuid.UUID] = mapped_column(
        GUID, ForeignKey("project_finances.id", ondelete="CASCADE")
    )
    name: Mapped[str] = mapped_column(String(200))
    description: Mapped[str | None] = mapped_column(String(2000), nullable=True)
    amount: Mapped[Decimal] = mapped_column(Amount())
    currency: Mapped[str] = mapped_column(String(3))
    due_date: Mapped[datetime | None] = mapped_column(UTCDateTime(timezone=True), nullable=True)
    sequence: Mapped[int] = mapped_column(Integer)
    status: Mapped[str] = mapped_column(String(16))
    completion_percent: Mapped[Decimal] = mapped_column(Percent())
    completed_at: Mapped[datetime | None] = mapped_column(UTCDateTime(timezone=True), nullable=True)
    billed_at: Mapped[datetime | None] = mapped_column(UTCDateTime(timezone=True), nullable=True)
    invoice_id: Mapped[int | None] = mapped_column(BigInteger, nullable=True)
    invoice_number: Mapped[str | None] = mapped_column(String(64), nullable=True)
    created_at: Mapped[datetime] = mapped_column(UTCDateTime(timezone=True))
    updated_at: Mapped[datetime] = mapped_column(UTCDateTime(timezone=True))


class InvoiceSagaRow(Base, OwnedBy):
    __tablename__ = "invoice_sagas"
    __owner__ = "tenant_id"
    __table_args__ = (
        # A record has billing when any of its milestones has a saga.
        Index("ix_invoice_sagas_tenant_id_record_id", "tenant_id", "record_id"),
        # The runner's scan: unfinished sagas whose next attempt is due (pf_0009).
        Index("ix_invoice_sagas_status_next_attempt_at", "status", "next_attempt_at"),
    )

    id: Mapped[uuid.UUID] = mapped_column(GUID, primary_key=True)
    tenant_id: Mapped[uuid.UUID] = mapped_column(GUID)
    # One saga per milestone: the unique key settles two invoicing calls at once.
    milestone_id: Mapped[uuid.UUID] = mapped_column(
        GUID, ForeignKey("milestones.id", ondelete="CASCADE"), unique=True
    )
    record_id: Mapped[uuid.UUID] = mapped_column(
        GUID, ForeignKey("project_finances.id", ondelete="CASCADE")
    )
    saga_type: Mapped[str] = mapped_column(String(40))
    status: Mapped[str] = mapped_column(String(20))
    correlation_id: Mapped[str] = mapped_column(String(64))
    request_id: Mapped[uuid.UUID] = mapped_column(GUID, unique=True)
    # What the invoice will bill: the milestone's amount when invoicing began.
    amount: Mapped[Decimal] = mapped_column(Amount())
    currency: Mapped[str] = mapped_column(String(3))
    created_at: Mapped[datetime] = mapped_column(UTCDateTime(timezone=True))
    updated_at: Mapped[datetime] = mapped_column(UTCDateTime(timezone=True))
    # -- its run (pf_0009; domain.sagas) --
    # The next step to run (or `done`); the status says where the saga stands.
    step: Mapped[str] = mapped_column(String(20), server_default="check_approval")
    attempts: Mapped[int] = mapped_column(Integer, server_default="0")
    last_error: Mapped[str | None] = mapped_column(String(1000), nullable=True)
    # Not before then (the backoff after a failed attempt); None: now.
    next_attempt_at: Mapped[datetime | None] = mapped_column(
        UTCDateTime(timezone=True), nullable=True
    )
    # Who runs it now and until when (a replica's runner or a live request).
    lease_owner: Mapped[str | None] = mapped_column(String(64), nullable=True)
    lease_until: Mapped[datetime | None] = mapped_column(UTCDateTime(timezone=True), nullable=True)
    # The approval it waits for, when the tenant's threshold asked for one.
    approval_id: Mapped[uuid.UUID | None] = mapped_column(GUID, nullable=True)
    # The line's text on the invoice: the milestone's name when invoicing began.
    description: Mapped[str] = mapped_column(String(200), server_default="")
    # Main's invoice (its UUID) and number once created and issued.
    invoice_ref: Mapped[uuid.UUID | None] = mapped_column(GUID, nullable=True)
    invoice_number: Mapped[str | None] = mapped_column(String(32), nullable=True)


class InvoiceSagaDelegationRow(Base, OwnedBy):
    """The delegation grant a saga resumes with when nobody is calling (pf_0010;
    kernel.delegation_port). Apart from the saga's row on purpose: the saga's state is
    copied into the audit log at every step, a credential must never be."""

    __tablename__ = "invoice_saga_delegations"
    __owner__ = "tenant_id"

    saga_id: Mapped[uuid.UUID] = mapped_column(
        GUID, ForeignKey("invoice_sagas.id", ondelete="CASCADE"), primary_key=True
    )
    tenant_id: Mapped[uuid.UUID] = mapped_column(GUID)
    # Main's opaque grant: worthless without this backend's service-account secret.
    delegation_grant: Mapped[str] = mapped_column(String(200))
    expires_at: Mapped[datetime] = mapped_column(UTCDateTime(timezone=True))
