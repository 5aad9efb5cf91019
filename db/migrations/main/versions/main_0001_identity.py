"""Main backend: identity (tenants, users, sessions, tokens, devices, events, keys).

Revision ID: main_0001
Revises:
Create Date: 2026-11-21
"""

from __future__ import annotations

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

import db.types

revision: str = "main_0001"
down_revision: str | None = None
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def upgrade() -> None:
    op.create_table(
        "signing_keys",
        sa.Column("kid", sa.String(length=64), nullable=False),
        sa.Column("private_key_pem", sa.Text(), nullable=False),
        sa.Column("created_at", db.types.UTCDateTime(timezone=True), nullable=False),
        sa.Column("retired_at", db.types.UTCDateTime(timezone=True), nullable=True),
        sa.PrimaryKeyConstraint("kid", name=op.f("pk_signing_keys")),
    )
    op.create_table(
        "tenants",
        sa.Column("id", sa.Uuid(), nullable=False),
        sa.Column("name", sa.String(length=200), nullable=False),
        sa.Column("created_at", db.types.UTCDateTime(timezone=True), nullable=False),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_tenants")),
    )
    op.create_table(
        "users",
        sa.Column("id", sa.Uuid(), nullable=False),
        sa.Column("tenant_id", sa.Uuid(), nullable=False),
        sa.Column("email", sa.String(length=320), nullable=False),
        sa.Column("username", sa.String(length=32), nullable=False),
        sa.Column("full_name", sa.String(length=100), nullable=False),
        sa.Column("password_hash", sa.String(length=200), nullable=False),
        sa.Column("email_verified_at", db.types.UTCDateTime(timezone=True), nullable=True),
        sa.Column("roles", db.types.StringList(), nullable=False),
        sa.Column("tenant_role", sa.String(length=16), nullable=False),
        sa.Column("extra_scopes", db.types.StringList(), nullable=False),
        sa.Column("mfa_secret", sa.String(length=64), nullable=True),
        sa.Column("mfa_pending_secret", sa.String(length=64), nullable=True),
        sa.Column("mfa_enabled_at", db.types.UTCDateTime(timezone=True), nullable=True),
        sa.Column("mfa_last_step", sa.BigInteger(), nullable=True),
        sa.Column("created_at", db.types.UTCDateTime(timezone=True), nullable=False),
        sa.Column("updated_at", db.types.UTCDateTime(timezone=True), nullable=False),
        sa.Column("last_login_at", db.types.UTCDateTime(timezone=True), nullable=True),
        sa.ForeignKeyConstraint(
            ["tenant_id"], ["tenants.id"], name=op.f("fk_users_tenant_id_tenants")
        ),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_users")),
        sa.UniqueConstraint("email", name=op.f("uq_users_email")),
        sa.UniqueConstraint("username", name=op.f("uq_users_username")),
    )
    op.create_table(
        "action_tokens",
        sa.Column("id", sa.Uuid(), nullable=False),
        sa.Column("user_id", sa.Uuid(), nullable=False),
        sa.Column("purpose", sa.String(length=32), nullable=False),
        sa.Column("token_hash", sa.String(length=64), nullable=False),
        sa.Column("created_at", db.types.UTCDateTime(timezone=True), nullable=False),
        sa.Column("expires_at", db.types.UTCDateTime(timezone=True), nullable=False),
        sa.Column("used_at", db.types.UTCDateTime(timezone=True), nullable=True),
        sa.ForeignKeyConstraint(
            ["user_id"],
            ["users.id"],
            name=op.f("fk_action_tokens_user_id_users"),
            ondelete="CASCADE",
        ),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_action_tokens")),
        sa.UniqueConstraint("token_hash", name=op.f("uq_action_tokens_token_hash")),
    )
    with op.batch_alter_table("action_tokens", schema=None) as batch_op:
        batch_op.create_index(
            "ix_action_tokens_user_id_purpose", ["user_id", "purpose"], unique=False
        )

    op.create_table(
        "recovery_codes",
        sa.Column("id", sa.Uuid(), nullable=False),
        sa.Column("user_id", sa.Uuid(), nullable=False),
        sa.Column("code_hash", sa.String(length=200), nullable=False),
        sa.Column("pending", sa.Boolean(), nullable=False),
        sa.Column("used_at", db.types.UTCDateTime(timezone=True), nullable=True),
        sa.Column("created_at", db.types.UTCDateTime(timezone=True), nullable=False),
        sa.ForeignKeyConstraint(
            ["user_id"],
            ["users.id"],
            name=op.f("fk_recovery_codes_user_id_users"),
            ondelete="CASCADE",
        ),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_recovery_codes")),
    )
    with op.batch_alter_table("recovery_codes", schema=None) as batch_op:
        batch_op.create_index("ix_recovery_codes_user_id", ["user_id"], unique=False)

    op.create_table(
        "security_events",
        sa.Column("id", sa.Uuid(), nullable=False),
        sa.Column("user_id", sa.Uuid(), nullable=True),
        sa.Column("kind", sa.String(length=32), nullable=False),
        sa.Column("result", sa.String(length=64), nullable=False),
        sa.Column("at", db.types.UTCDateTime(timezone=True), nullable=False),
        sa.Column("ip_address", sa.String(length=64), nullable=False),
        sa.Column("user_agent", sa.String(length=512), nullable=False),
        sa.Column("device", sa.String(length=256), nullable=False),
        sa.Column("session_id", sa.Uuid(), nullable=True),
        sa.Column("subject_hash", sa.String(length=64), nullable=True),
        sa.Column("country_code", sa.String(length=2), nullable=True),
        sa.Column("country", sa.String(length=100), nullable=True),
        sa.Column("city", sa.String(length=100), nullable=True),
        sa.Column("latitude", sa.Float(), nullable=True),
        sa.Column("longitude", sa.Float(), nullable=True),
        sa.ForeignKeyConstraint(
            ["user_id"],
            ["users.id"],
            name=op.f("fk_security_events_user_id_users"),
            ondelete="CASCADE",
        ),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_security_events")),
    )
    with op.batch_alter_table("security_events", schema=None) as batch_op:
        batch_op.create_index(
            "ix_security_events_ip_address_kind_at", ["ip_address", "kind", "at"], unique=False
        )
        batch_op.create_index(
            "ix_security_events_subject_hash_at", ["subject_hash", "at"], unique=False
        )
        batch_op.create_index("ix_security_events_user_id_at", ["user_id", "at"], unique=False)

    op.create_table(
        "sessions",
        sa.Column("id", sa.Uuid(), nullable=False),
        sa.Column("user_id", sa.Uuid(), nullable=False),
        sa.Column("created_at", db.types.UTCDateTime(timezone=True), nullable=False),
        sa.Column("last_seen_at", db.types.UTCDateTime(timezone=True), nullable=False),
        sa.Column("expires_at", db.types.UTCDateTime(timezone=True), nullable=False),
        sa.Column("revoked_at", db.types.UTCDateTime(timezone=True), nullable=True),
        sa.Column("revoked_reason", sa.String(length=32), nullable=True),
        sa.Column("ip_address", sa.String(length=64), nullable=False),
        sa.Column("user_agent", sa.String(length=512), nullable=False),
        sa.Column("device", sa.String(length=256), nullable=False),
        sa.Column("amr", db.types.StringList(), nullable=False),
        sa.Column("mfa_verified_at", db.types.UTCDateTime(timezone=True), nullable=True),
        sa.ForeignKeyConstraint(
            ["user_id"], ["users.id"], name=op.f("fk_sessions_user_id_users"), ondelete="CASCADE"
        ),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_sessions")),
    )
    with op.batch_alter_table("sessions", schema=None) as batch_op:
        batch_op.create_index(
            "ix_sessions_user_id_revoked_at", ["user_id", "revoked_at"], unique=False
        )

    op.create_table(
        "trusted_devices",
        sa.Column("id", sa.Uuid(), nullable=False),
        sa.Column("user_id", sa.Uuid(), nullable=False),
        sa.Column("fingerprint_hash", sa.String(length=256), nullable=False),
        sa.Column("nickname", sa.String(length=100), nullable=False),
        sa.Column("created_at", db.types.UTCDateTime(timezone=True), nullable=False),
        sa.Column("expires_at", db.types.UTCDateTime(timezone=True), nullable=False),
        sa.Column("revoked_at", db.types.UTCDateTime(timezone=True), nullable=True),
        sa.Column("last_used_at", db.types.UTCDateTime(timezone=True), nullable=True),
        sa.ForeignKeyConstraint(
            ["user_id"],
            ["users.id"],
            name=op.f("fk_trusted_devices_user_id_users"),
            ondelete="CASCADE",
        ),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_trusted_devices")),
        sa.UniqueConstraint(
            "user_id", "fingerprint_hash", name=op.f("uq_trusted_devices_user_id_fingerprint_hash")
        ),
    )
    op.create_table(
        "refresh_tokens",
        sa.Column("id", sa.Uuid(), nullable=False),
        sa.Column("session_id", sa.Uuid(), nullable=False),
        sa.Column("token_hash", sa.String(length=64), nullable=False),
        sa.Column("created_at", db.types.UTCDateTime(timezone=True), nullable=False),
        sa.Column("rotated_at", db.types.UTCDateTime(timezone=True), nullable=True),
        sa.ForeignKeyConstraint(
            ["session_id"],
            ["sessions.id"],
            name=op.f("fk_refresh_tokens_session_id_sessions"),
            ondelete="CASCADE",
        ),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_refresh_tokens")),
        sa.UniqueConstraint("token_hash", name=op.f("uq_refresh_tokens_token_hash")),
    )
    with op.batch_alter_table("refresh_tokens", schema=None) as batch_op:
        batch_op.create_index("ix_refresh_tokens_session_id", ["session_id"], unique=False)


def downgrade() -> None:
    with op.batch_alter_table("refresh_tokens", schema=None) as batch_op:
        batch_op.drop_index("ix_refresh_tokens_session_id")

    op.drop_table("refresh_tokens")
    op.drop_table("trusted_devices")
    with op.batch_alter_table("sessions", schema=None) as batch_op:
        batch_op.drop_index("ix_sessions_user_id_revoked_at")

    op.drop_table("sessions")
    with op.batch_alter_table("security_events", schema=None) as batch_op:
        batch_op.drop_index("ix_security_events_user_id_at")
        batch_op.drop_index("ix_security_events_subject_hash_at")
        batch_op.drop_index("ix_security_events_ip_address_kind_at")

    op.drop_table("security_events")
    with op.batch_alter_table("recovery_codes", schema=None) as batch_op:
        batch_op.drop_index("ix_recovery_codes_user_id")

    op.drop_table("recovery_codes")
    with op.batch_alter_table("action_tokens", schema=None) as batch_op:
        batch_op.drop_index("ix_action_tokens_user_id_purpose")

    op.drop_table("action_tokens")
    op.drop_table("users")
    op.drop_table("tenants")
    op.drop_table("signing_keys")
