"""The system programs the tests need (tests/support/system.py, postgres.py): a missing
one skips outside CI and fails under CI=true; PostgreSQL is always major version 15.

The CI behaviour is checked on the real fixtures, in a pytest run of its own whose
environment points every program somewhere empty (the fixtures are session-scoped and
this session's may already be running)."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

from tests.support.postgres import (
    POSTGRES_MAJOR,
    PostgresServer,
    find_bin_dir,
    server_major_version,
)

REPO = Path(__file__).resolve().parents[2]

PROBE = """
def test_needs_postgres(postgres_server): pass
def test_needs_redis(redis_server): pass
def test_needs_clamd(clamd_server): pass
"""
PLUGINS = ("tests.support.postgres", "tests.support.redis", "tests.support.clamd")


def run_probe(tmp_path: Path, *, ci: str | None) -> subprocess.CompletedProcess[str]:
    """pytest on PROBE with no PostgreSQL, Redis or clamd to be found."""
    probe = tmp_path / "test_probe.py"
    probe.write_text(PROBE)
    empty = tmp_path / "empty-bin"
    empty.mkdir(exist_ok=True)
    env = {
        key: value
        for key, value in os.environ.items()
        if key != "CI" and not key.startswith(("FINPLAT_TEST_", "PYTEST_"))
    }
    env |= {
        "PATH": str(empty),
        "PYTHONPATH": str(REPO),
        "FINPLAT_TEST_POSTGRES_BIN": str(empty),
        "FINPLAT_TEST_REDIS_SERVER": str(empty / "redis-server"),
        "FINPLAT_TEST_CLAMD": str(empty / "clamd"),
    }
    if ci is not None:
        env["CI"] = ci
    plugins = [arg for plugin in PLUGINS for arg in ("-p", plugin)]
    # -c /dev/null and a rootdir of its own: none of the repository's pytest settings.
    isolated = ["-c", os.devnull, "--rootdir", str(tmp_path), "-p", "no:cacheprovider"]
    return subprocess.run(
        [sys.executable, "-m", "pytest", *plugins, *isolated, "-q", "-rs", str(probe)],
        cwd=tmp_path,
        env=env,
        capture_output=True,
        text=True,
        timeout=120,
        check=False,
    )


def test_missing_programs_fail_the_run_under_ci(tmp_path: Path) -> None:
    result = run_probe(tmp_path, ci="true")
    output = result.stdout + result.stderr
    assert result.returncode == pytest.ExitCode.TESTS_FAILED, output
    assert "3 errors" in output and "skipped" not in output, output
    assert "CI=true: a missing test dependency fails the run" in output
    for message in ("PostgreSQL 15 server programs", "redis-server not found", "clamd not found"):
        assert message in output


def test_missing_programs_skip_with_how_to_install_outside_ci(tmp_path: Path) -> None:
    result = run_probe(tmp_path, ci=None)
    output = result.stdout + result.stderr
    assert result.returncode == pytest.ExitCode.OK, output
    assert "3 skipped" in output, output
    assert output.count("tools/setup_system.sh installs") == 3, output


def fake_initdb(directory: Path, version: str) -> Path:
    directory.mkdir(parents=True)
    initdb = directory / "initdb"
    initdb.write_text(f"#!/bin/sh\necho 'initdb (PostgreSQL) {version}'\n")
    initdb.chmod(0o755)
    return directory


def test_only_postgresql_15_server_programs_are_accepted(tmp_path: Path) -> None:
    newer = fake_initdb(tmp_path / "pg16", "16.4")
    older = fake_initdb(tmp_path / "pg14", "14.12 (Debian 14.12-1)")
    right = fake_initdb(tmp_path / "pg15", "15.18 (Debian 15.18-0+deb12u1)")
    assert find_bin_dir([newer, older, tmp_path / "absent"]) is None
    assert find_bin_dir([newer, older, right]) == right


def test_the_test_server_is_postgresql_15(postgres_server: PostgresServer) -> None:
    assert server_major_version(postgres_server) == POSTGRES_MAJOR
