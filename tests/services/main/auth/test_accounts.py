"""Forgot-password and resend-verification do the same work whether or not an email is
due (issue 10, C2): a token stored (the decoy account's when nobody gets mail) and an
email queued (rendered and dropped when nobody gets mail). The backend is built by its
composition root, mail going to the file outbox."""

from __future__ import annotations

import uuid
from collections.abc import Iterator
from pathlib import Path

import pytest
from sqlalchemy import select
from sqlalchemy.orm import Session

from services.main.auth.domain import decoy
from services.main.auth.domain.grants import (
    RESENT,
    RESET_PASSWORD,
    RESET_SENT,
    VERIFY_EMAIL,
    Registration,
)
from services.main.auth.tables import ActionTokenRow
from services.main.auth.usecases import accounts
from services.main.main import MainBackend
from tests.services.main.support import build_main

PASSWORD = "violet-harbour-kettle-42"


@pytest.fixture
def main(tmp_path: Path) -> Iterator[MainBackend]:
    backend = build_main(f"sqlite:///{tmp_path}/main.db", tmp_path)
    yield backend
    backend.close()


def purposes_of(main: MainBackend, owner: uuid.UUID) -> list[tuple[str, bool]]:
    """(purpose, spent) of the tokens `owner` holds."""
    with Session(main.engine) as session:
        rows = session.scalars(
            select(ActionTokenRow)
            .where(ActionTokenRow.user_id == owner)
            .order_by(ActionTokenRow.created_at)
        )
        return [(r.purpose, r.used_at is not None) for r in rows]


def outbox(main: MainBackend) -> list[str]:
    main.kernel.mailer.close()  # delivers what is queued
    return sorted(p.read_text() for p in main.settings.outbox_dir.glob("*.eml"))


def test_an_unknown_address_gets_a_decoy_token_and_no_email(main: MainBackend) -> None:
    kernel = main.kernel
    assert accounts.forgot_password(kernel, "nobody@example.com") == RESET_SENT
    assert accounts.resend_verification(kernel, "nobody@example.com") == RESENT
    assert purposes_of(main, decoy.DECOY_ACCOUNT_ID) == [
        (RESET_PASSWORD, True),
        (VERIFY_EMAIL, True),
    ]
    assert outbox(main) == []


def test_a_registered_address_gets_a_token_and_an_email(main: MainBackend) -> None:
    kernel = main.kernel
    accounts.register(kernel, Registration("Ada Lovelace", "ada@example.com", "ada", PASSWORD))
    accounts.resend_verification(kernel, "ada@example.com")
    accounts.forgot_password(kernel, "ada@example.com")
    with kernel.unit_of_work() as uow:
        ada = uow.repos.users.by_email("ada@example.com")
    assert ada is not None
    # The resent verification token replaced the first; the reset token is its own.
    assert purposes_of(main, ada.id) == [(VERIFY_EMAIL, False), (RESET_PASSWORD, False)]
    assert purposes_of(main, decoy.DECOY_ACCOUNT_ID) == []
    mails = outbox(main)
    assert len(mails) == 3
    assert sum("Subject: Reset your password" in m for m in mails) == 1


def test_a_verified_address_asking_for_verification_gets_the_decoy(main: MainBackend) -> None:
    kernel = main.kernel
    accounts.register(kernel, Registration("Ada Lovelace", "ada@example.com", "ada", PASSWORD))
    with kernel.unit_of_work() as uow:
        ada = uow.repos.users.by_email("ada@example.com")
        assert ada is not None
        uow.repos.users.verify_email(ada.id, kernel.clock())
    accounts.resend_verification(kernel, "ada@example.com")
    assert purposes_of(main, decoy.DECOY_ACCOUNT_ID) == [(VERIFY_EMAIL, True)]
    assert len(outbox(main)) == 1  # the registration's only
