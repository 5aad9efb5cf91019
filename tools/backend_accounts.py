"""The service accounts a local stack's backends act with (`finplat up`, the tests' and
the benchmarks' stacks).

A backend that acts for users with nobody calling — projectfinance resuming an invoice
saga through main's token exchange (docs/project-finance-milestones.md, "Whose token")
— needs client credentials of its own. Production creates them with `finplat
service-accounts create NAME` and sets FINPLAT_SERVICE_CLIENT_ID / _SECRET; a local stack
gets them here: created in main's database the first time and kept in the var dir (mode
0600), so restarting the stack reuses the account instead of piling up new ones.
"""

from __future__ import annotations

import json
import os
from pathlib import Path
from typing import Final

from db.engine import make_engine
from db.session import make_sessionmaker
from db.unit_of_work import unit_of_work_factory
from services.main.repositories import repositories
from services.main.service_accounts import domain
from services.main.service_accounts import usecases as service_accounts

# The backends that act for users unattended; the others need no account.
ACTING_BACKENDS: Final = frozenset({"projectfinance"})
CLIENT_ID: Final = "FINPLAT_SERVICE_CLIENT_ID"
CLIENT_SECRET: Final = "FINPLAT_SERVICE_CLIENT_SECRET"


def _kept(path: Path) -> tuple[str, str] | None:
    try:
        data = json.loads(path.read_text())
        return str(data["client_id"]), str(data["client_secret"])
    except (OSError, ValueError, KeyError, TypeError):
        return None


def _keep(path: Path, client_id: str, client_secret: str) -> None:
    path.parent.mkdir(parents=True, exist_ok=True)
    # Created private: the secret is a credential.
    fd = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o600)
    with os.fdopen(fd, "w") as out:
        json.dump({"client_id": client_id, "client_secret": client_secret}, out)


def credentials_env(backend: str, main_database_url: str, var_dir: Path) -> dict[str, str]:
    """The environment giving `backend` its service account: the kept one while main's
    database still admits it, else a new one (a fresh database, or revoked)."""
    path = var_dir / "service-accounts" / f"{backend}.json"
    engine = make_engine(main_database_url)
    try:
        uow = unit_of_work_factory(make_sessionmaker(engine), repositories)
        kept = _kept(path)
        if kept is not None:
            with uow() as work:
                stored = work.repos.service_accounts.credentials(kept[0])
            if stored is not None and domain.admits(stored, kept[1]):
                return {CLIENT_ID: kept[0], CLIENT_SECRET: kept[1]}
        issued = service_accounts.create(uow(), f"{backend} backend (local stack)")
    finally:
        engine.dispose()
    _keep(path, issued.account.client_id, issued.client_secret)
    return {CLIENT_ID: issued.account.client_id, CLIENT_SECRET: issued.client_secret}
