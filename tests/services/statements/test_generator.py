"""The sample generator (tools/bench/statement_gen.py): stable, overlapping, realistic."""

from __future__ import annotations

import datetime
from collections import Counter
from pathlib import Path

import pytest

from services.statements import StatementRow
from tests.services.statements.conftest import read_rows
from tools.bench.statement_gen import FORMATS, generate, main, stream


@pytest.mark.parametrize("fmt", FORMATS)
def test_the_same_seed_writes_the_same_file(tmp_path: Path, fmt: str) -> None:
    first, second, other = tmp_path / "a", tmp_path / "b", tmp_path / "c"
    generate(first, fmt, rows=200, seed=4)
    generate(second, fmt, rows=200, seed=4)
    generate(other, fmt, rows=200, seed=5)
    assert first.read_bytes() == second.read_bytes() != other.read_bytes()


@pytest.mark.parametrize("fmt", ["csv", "ofx", "camt053", "mt940"])
def test_a_later_window_overlaps_with_identical_rows(tmp_path: Path, fmt: str) -> None:
    january = generate(tmp_path / "jan", fmt, rows=300, seed=7, reference_column=True)
    assert january.first_day == datetime.date(2025, 1, 1)
    assert january.last_day is not None
    since = january.last_day - datetime.timedelta(days=20)
    later = generate(tmp_path / "later", fmt, rows=300, seed=7, since=since, reference_column=True)
    assert later.first_day == since
    first, second = read_rows(january.path), read_rows(later.path)

    def key(row: StatementRow) -> tuple[object, ...]:
        return (row.booked_on, row.amount, row.description, row.bank_reference)

    shared = [key(r) for r in first if r.booked_on >= since]
    assert 40 < len(shared) < 300
    assert [key(r) for r in second[: len(shared)]] == shared
    assert all(r.bank_reference for r in first + second)


def test_until_ends_the_file_early(tmp_path: Path) -> None:
    summary = generate(tmp_path / "a.csv", "csv", rows=10_000, until=datetime.date(2025, 1, 31))
    assert summary.last_day == datetime.date(2025, 1, 31)
    assert summary.rows == len(read_rows(summary.path)) < 10_000


def test_the_stream_looks_like_a_current_account() -> None:
    txns = [t for t, _ in zip(stream(1, per_day=5), range(5000), strict=False)]
    descriptions = Counter(t.description for t in txns)
    merchants = {t.payee for t in txns}
    assert len(merchants) > 120
    assert len({t.reference for t in txns}) == len(txns)
    # Monthly rent and salary on their days, the same text and amount every month.
    rent = [t for t in txns if t.description.endswith("RENT")]
    assert {t.booked_on.day for t in rent} == {1} and len({t.cents for t in rent}) == 1
    assert len(rent) >= 6
    salary = [t for t in txns if "SALARY" in t.description]
    assert {t.booked_on.day for t in salary} == {25} and all(t.cents > 0 for t in salary)
    # Twins: the very same purchase twice on one day.
    same_day = Counter((t.booked_on, t.cents, t.description) for t in txns)
    assert any(count >= 2 and cents < 0 for (_, cents, _), count in same_day.items())
    # Refunds, direct debits, transfers, raw card texts, accented merchants.
    assert any(d.startswith("REFUND FROM") or d.endswith(" REFUND") for d in descriptions)
    assert any(d.startswith("DIRECT DEBIT") for d in descriptions)
    assert any(d.startswith("TRANSFER TO") for d in descriptions)
    assert any(d.startswith("CARD PAYMENT TO") and " ON " in d for d in descriptions)
    assert "AMAZON MKTPLACE PMTS AMZN.COM/BILL" in descriptions
    assert any(not d.isascii() for d in descriptions)
    # The running balance is the sum of the amounts.
    assert txns[-1].balance_cents - txns[0].balance_cents == sum(t.cents for t in txns[1:])


def test_latin1_files_carry_accented_names(tmp_path: Path) -> None:
    path = tmp_path / "a.csv"
    generate(path, "csv", rows=2000, seed=2, encoding="latin-1", language="fr")
    raw = path.read_bytes()
    with pytest.raises(UnicodeDecodeError):
        raw.decode("utf-8")
    assert any(not r.description.isascii() for r in read_rows(path))


def test_bad_options_are_refused(tmp_path: Path) -> None:
    with pytest.raises(ValueError, match="format"):
        generate(tmp_path / "a", "pdf")
    with pytest.raises(ValueError, match="decimal comma"):
        generate(tmp_path / "a", "csv", decimal_comma=True, delimiter=",")


def test_command_line(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = tmp_path / "cli.csv"
    assert (
        main([str(path), "--rows", "50", "--seed", "3", "--language", "de", "--preamble", "2"]) == 0
    )
    assert "50 rows of csv" in capsys.readouterr().out
    assert len(read_rows(path)) == 50
