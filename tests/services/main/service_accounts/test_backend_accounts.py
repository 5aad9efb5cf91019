"""The service accounts a local stack gives its acting backends (tools.backend_accounts,
used by `finplat up` and the tests' stacks): created in main's database once, kept in
the var dir readable by its owner only, reused while main admits them, replaced when
revoked or unknown to the database."""

from __future__ import annotations

import json
import stat
from pathlib import Path

from db import migrate
from db.engine import make_engine
from db.session import make_sessionmaker
from db.unit_of_work import unit_of_work_factory
from services.main.repositories import repositories
from services.main.service_accounts import usecases as service_accounts
from tools import backend_accounts
from tools.backend_accounts import CLIENT_ID, CLIENT_SECRET


def test_created_once_kept_private_reused_and_replaced_when_revoked(
    database_url: str, tmp_path: Path
) -> None:
    migrate.upgrade("main", database_url)
    first = backend_accounts.credentials_env("projectfinance", database_url, tmp_path)
    assert first[CLIENT_ID].startswith("fpc_") and first[CLIENT_SECRET].startswith("fps_")
    kept = tmp_path / "service-accounts" / "projectfinance.json"
    assert stat.S_IMODE(kept.stat().st_mode) == 0o600
    assert json.loads(kept.read_text())["client_id"] == first[CLIENT_ID]
    # A restart of the stack: the same account.
    assert backend_accounts.credentials_env("projectfinance", database_url, tmp_path) == first
    engine = make_engine(database_url)
    try:
        uow = unit_of_work_factory(make_sessionmaker(engine), repositories)
        names = [a.name for a in service_accounts.list_accounts(uow())]
        assert names == ["projectfinance backend (local stack)"]
        service_accounts.revoke(uow(), first[CLIENT_ID])
    finally:
        engine.dispose()
    again = backend_accounts.credentials_env("projectfinance", database_url, tmp_path)
    assert again[CLIENT_ID] != first[CLIENT_ID]
    assert json.loads(kept.read_text())["client_id"] == again[CLIENT_ID]


def test_a_damaged_file_is_replaced(database_url: str, tmp_path: Path) -> None:
    migrate.upgrade("main", database_url)
    kept = tmp_path / "service-accounts" / "projectfinance.json"
    kept.parent.mkdir(parents=True)
    kept.write_text("{not json")
    made = backend_accounts.credentials_env("projectfinance", database_url, tmp_path)
    assert json.loads(kept.read_text())["client_secret"] == made[CLIENT_SECRET]
