"""`finplat migrate` and `finplat apikey` through their argparse registration."""

from __future__ import annotations

import argparse
import re
import uuid
from pathlib import Path

import pytest

from db import migrate as db_migrate
from services.expense.api_keys import usecases
from tests.services.expense.conftest import UowFactory
from tools.cli import apikey, migrate


def cli(*argv: str) -> int:
    parser = argparse.ArgumentParser(prog="finplat")
    sub = parser.add_subparsers(dest="command", required=True)
    migrate.add_parser(sub)
    apikey.add_parser(sub)
    args = parser.parse_args(argv)
    return int(args.func(args))


def test_migrate_a_backend_at_a_url(postgres_url: str, capsys: pytest.CaptureFixture[str]) -> None:
    assert cli("migrate", "--backend", "expense", "--url", postgres_url) == 0
    assert "expense: at expense_0001" in capsys.readouterr().out
    db_migrate.require_current("expense", postgres_url)
    assert cli("migrate", "--url", postgres_url) == 2  # a URL names one backend's database


def test_migrate_defaults_to_every_backend_at_its_settings_url(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("FINPLAT_VAR_DIR", str(tmp_path / "var"))
    monkeypatch.delenv("FINPLAT_EXPENSE_DATABASE_URL", raising=False)
    assert cli("migrate") == 0
    db_migrate.require_current("expense", f"sqlite:///{tmp_path}/var/expense.db")


def test_apikey_create_list_revoke(
    expense_url: str, uow: UowFactory, capsys: pytest.CaptureFixture[str]
) -> None:
    assert cli("apikey", "--url", expense_url, "create", "--name", "ops", "--role", "admin") == 0
    out = capsys.readouterr()
    key_id = re.search(r"id:\s+(\S+)", out.out)
    secret = re.search(r"secret:\s+(fpk_\S+)", out.out)
    assert key_id and secret
    assert "will not be shown again" in out.err
    principal = usecases.authenticate_api_key(uow(), secret[1])
    assert principal.subject == key_id[1] and principal.roles == frozenset({"admin"})

    assert cli("apikey", "--url", expense_url, "list") == 0
    listing = capsys.readouterr().out
    assert key_id[1] in listing and "ops [admin]" in listing and "active" in listing
    assert secret[1] not in listing

    assert cli("apikey", "--url", expense_url, "revoke", key_id[1]) == 0
    assert f"revoked {key_id[1]}" in capsys.readouterr().out
    assert cli("apikey", "--url", expense_url, "list") == 0
    assert key_id[1] not in capsys.readouterr().out
    assert cli("apikey", "--url", expense_url, "list", "--all") == 0
    assert "revoked" in capsys.readouterr().out


def test_apikey_errors(
    expense_url: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    assert cli("apikey", "--url", expense_url, "revoke", "nope") == 2
    assert cli("apikey", "--url", expense_url, "revoke", str(uuid.uuid4())) == 1
    assert "not found" in capsys.readouterr().err
    assert cli("apikey", "--url", expense_url, "create", "--name", " ") == 1
    assert "name: is required" in capsys.readouterr().err
    empty = f"sqlite:///{tmp_path}/empty.db"
    assert cli("apikey", "--url", empty, "list") == 2
    assert "finplat migrate" in capsys.readouterr().err
