"""`finplat service-accounts create|list|revoke` against a real main database."""

from __future__ import annotations

import pytest

from db import migrate
from tools.cli.main import main as finplat


def _run(capsys: pytest.CaptureFixture[str], *args: str) -> tuple[int, str, str]:
    code = finplat(["service-accounts", *args])
    out, err = capsys.readouterr()
    return code, out, err


def _created(out: str) -> tuple[str, str]:
    fields = dict(line.split(":", 1) for line in out.splitlines())
    return fields["client_id"].strip(), fields["client_secret"].strip()


def test_create_list_revoke(database_url: str, capsys: pytest.CaptureFixture[str]) -> None:
    migrate.upgrade("main", database_url)
    code, out, err = _run(capsys, "create", "expense-backend", "--url", database_url)
    assert code == 0
    client_id, secret = _created(out)
    assert secret.startswith("fps_") and "not be shown again" in err

    code, out, _ = _run(capsys, "list", "--url", database_url)
    assert code == 0
    assert client_id in out and "expense-backend" in out and "active" in out
    assert secret not in out

    code, out, _ = _run(capsys, "revoke", client_id, "--url", database_url)
    assert (code, out.strip()) == (0, f"revoked {client_id} (expense-backend)")
    assert client_id not in _run(capsys, "list", "--url", database_url)[1]
    listing = _run(capsys, "list", "--all", "--url", database_url)[1]
    assert client_id in listing and "revoked" in listing


def test_errors_are_one_line_and_a_nonzero_exit(
    database_url: str, capsys: pytest.CaptureFixture[str]
) -> None:
    migrate.upgrade("main", database_url)
    code, _, err = _run(capsys, "revoke", "fpc_nope", "--url", database_url)
    assert (
        code == 1 and err.strip() == "finplat service-accounts: service account fpc_nope not found"
    )
    code, _, err = _run(capsys, "create", "  ", "--url", database_url)
    assert code == 1 and "name: is required" in err


def test_an_unmigrated_database_is_refused(
    database_url: str, capsys: pytest.CaptureFixture[str]
) -> None:
    code, _, err = _run(capsys, "list", "--url", database_url)
    assert code == 2 and "finplat service-accounts:" in err
