"""Every write that changes a user's transactions marks their days stale in its own
unit of work, so the next read's roll-ups are right: one test per write, and random
mixes of writes whose lazily refreshed roll-ups must equal both a full rebuild and an
oracle computed here from the transactions themselves."""

from __future__ import annotations

import hashlib
import io
import random
import uuid
from collections import defaultdict
from datetime import UTC, date, datetime, time, timedelta
from decimal import Decimal
from typing import Any

import pytest
from sqlalchemy import Engine, select

from services.analytics.categories.usecases import delete_category
from services.analytics.documents import usecases as documents
from services.analytics.rollups.tables import CategoryDayRow, MerchantDayRow, MerchantMonthRow
from services.analytics.transactions import usecases as transactions
from services.analytics.transactions.domain import ManualDraft
from services.analytics.transactions.tables import TransactionRow
from tests.services.analytics.categories.support import ALICE, BOB, clock
from tests.services.analytics.conftest import UowFactory
from tests.services.analytics.rollups.support import Tx, category, store

WORKER = "test-worker"
Snapshot = dict[str, set[tuple[Any, ...]]]


# -- the roll-ups as stored, and as they should be --------------------------------------


def stored(engine: Engine, user: uuid.UUID) -> Snapshot:
    figures = ("income", "expenses", "income_count", "expense_count")
    tables: dict[str, tuple[Any, tuple[str, ...]]] = {
        "category_days": (CategoryDayRow, ("currency", "day", "category_id")),
        "merchant_days": (MerchantDayRow, ("currency", "day", "merchant_key", "merchant_name")),
        "merchant_months": (
            MerchantMonthRow,
            ("currency", "month", "merchant_key", "merchant_name"),
        ),
    }
    found: Snapshot = {}
    with engine.connect() as connection:
        for name, (row, keys) in tables.items():
            columns = [getattr(row, c) for c in (*keys, *figures)]
            found[name] = {
                tuple(r) for r in connection.execute(select(*columns).where(row.user_id == user))
            }
    return found


def oracle(engine: Engine, user: uuid.UUID) -> Snapshot:
    """The roll-ups computed in Python from the user's transactions."""
    t = TransactionRow
    with engine.connect() as connection:
        rows = connection.execute(
            select(t.booked_at, t.amount, t.currency, t.merchant_name, t.category_id).where(
                t.user_id == user
            )
        ).all()
    groups: dict[str, dict[tuple[Any, ...], list[Any]]] = defaultdict(
        lambda: defaultdict(lambda: [Decimal(0), Decimal(0), 0, 0])
    )
    names: dict[tuple[Any, ...], str] = {}
    for booked_at, amount, currency, merchant, category_id in rows:
        day = booked_at.astimezone(UTC).date()
        keys: list[tuple[str, tuple[Any, ...]]] = [("category_days", (currency, day, category_id))]
        if merchant:
            keys.append(("merchant_days", (currency, day, merchant.lower())))
            keys.append(("merchant_months", (currency, day.replace(day=1), merchant.lower())))
        for table, key in keys:
            figures = groups[table][key]
            if amount >= 0:
                figures[0] += amount
                figures[2] += 1
            else:
                figures[1] -= amount
                figures[3] += 1
            if merchant:
                names[(table, *key)] = max(names.get((table, *key), ""), merchant)
    result: Snapshot = {}
    for table in ("category_days", "merchant_days", "merchant_months"):
        result[table] = {
            (*key, *(() if table == "category_days" else (names[(table, *key)],)),
             f[0].quantize(Decimal("0.0001")), f[1].quantize(Decimal("0.0001")), f[2], f[3])
            for key, f in groups[table].items()
        }  # fmt: skip
    return result


def fresh(uow: UowFactory, user: uuid.UUID) -> None:
    with uow() as unit:
        unit.repos.rollups.ensure_fresh(user)


def version(uow: UowFactory, user: uuid.UUID) -> int:
    with uow() as unit:
        return unit.repos.rollups.version(user)


def spent_on(uow: UowFactory, user: uuid.UUID, day: date) -> dict[uuid.UUID | None, Decimal]:
    with uow() as unit:
        unit.repos.rollups.ensure_fresh(user)
        totals = unit.repos.rollups.category_totals(user, "EUR", day, day)
    return {t.category_id: t.expenses for t in totals}


# -- one test per write --------------------------------------------------------------------

D = date(2026, 2, 3)


def manual(day: date, amount: str, **more: Any) -> ManualDraft:
    return ManualDraft(
        booked_at=datetime.combine(day, time(12), UTC), description="Shop", amount=amount, **more
    )


def test_a_manual_transaction(uow: UowFactory) -> None:
    fresh(uow, ALICE)
    transactions.create_transaction(uow(), ALICE, manual(D, "-12.3456"), clock)
    assert version(uow, ALICE) == 1
    assert spent_on(uow, ALICE, D) == {None: Decimal("12.3456")}


def test_a_category_change_and_a_category_delete(uow: UowFactory) -> None:
    food = category(uow, ALICE, "Food")
    rent = category(uow, ALICE, "Rent")
    made = transactions.create_transaction(
        uow(), ALICE, manual(D, "-5.00", category_id=food), clock
    )
    assert spent_on(uow, ALICE, D) == {food: Decimal("5.00")}
    before = version(uow, ALICE)
    transactions.update_transaction_category(uow(), ALICE, made.id, rent, False, clock)
    assert version(uow, ALICE) == before + 1
    assert spent_on(uow, ALICE, D) == {rent: Decimal("5.00")}
    # Setting the category it already has changes nothing derived.
    transactions.update_transaction_category(uow(), ALICE, made.id, rent, False, clock)
    assert version(uow, ALICE) == before + 1
    delete_category(uow(), ALICE, rent, clock)
    assert version(uow, ALICE) == before + 2
    assert spent_on(uow, ALICE, D) == {None: Decimal("5.00")}
    transactions.update_transaction_category(uow(), ALICE, made.id, food, False, clock)
    transactions.update_transaction_category(uow(), ALICE, made.id, None, False, clock)
    assert version(uow, ALICE) == before + 4
    assert spent_on(uow, ALICE, D) == {None: Decimal("5.00")}


def test_deleting_an_unused_category_still_bumps_the_version(uow: UowFactory) -> None:
    # Its subcategories become top-level: per-category figures derived from the roll-ups change.
    unused = category(uow, ALICE, "Unused")
    delete_category(uow(), ALICE, unused, clock)
    assert version(uow, ALICE) == 1


def _upload(uow: UowFactory, user: uuid.UUID, content: bytes) -> uuid.UUID:
    upload = documents.ReceivedUpload(
        data_source="personal_banking",
        file_name="statement.csv",
        content_type="text/csv",
        size_bytes=len(content),
        sha256=hashlib.sha256(content).hexdigest(),
        head=content[:8192],
        content=io.BytesIO(content),
    )
    return documents.upload_document(uow(), user, upload, clock, lambda: None).id


def _run_jobs(uow: UowFactory) -> None:
    while (job := documents.claim_next_job(uow(), WORKER, clock, timedelta(minutes=1))) is not None:
        documents.import_document(uow, job, WORKER, clock, max_attempts=1)


def _csv(*rows: tuple[date, str]) -> bytes:
    lines = ["Date,Description,Amount"] + [
        f"{d.isoformat()},Coffee {i},{a}" for i, (d, a) in enumerate(rows)
    ]
    return ("\n".join(lines) + "\n").encode()


def _orphans_of(uow: UowFactory, user: uuid.UUID, document: uuid.UUID, day: date) -> None:
    """Rows of the document on `day`, as a previous import of it would have left them."""
    with uow() as unit:
        from services.analytics.transactions.domain import Transaction

        unit.repos.transactions.add(
            Transaction(
                id=uuid.uuid4(), user_id=user, document_id=document, row_number=1,
                booked_at=datetime.combine(day, time(9), UTC), amount=Decimal("-77.00"),
                currency="EUR", description="old row", merchant_name=None, category_id=None,
                categorization_method="none", categorization_confidence=0.0,
                bank_reference=None, created_at=clock(),
            ),
            f"old:{uuid.uuid4()}",
        )  # fmt: skip
        unit.repos.rollups.invalidate(user, day, day)


def test_an_import_its_reprocessing_and_its_deletion(uow: UowFactory) -> None:
    document = _upload(uow, ALICE, _csv((date(2026, 1, 2), "-3.20"), (date(2026, 1, 5), "-1.80")))
    _run_jobs(uow)
    assert spent_on(uow, ALICE, date(2026, 1, 2)) == {None: Decimal("3.20")}
    assert spent_on(uow, ALICE, date(2026, 1, 5)) == {None: Decimal("1.80")}
    # Re-processing replaces every row of the document: the days of rows it no longer
    # has are recomputed too.
    _orphans_of(uow, ALICE, document, date(2025, 12, 24))
    assert spent_on(uow, ALICE, date(2025, 12, 24)) == {None: Decimal("77.00")}
    documents.process_document(uow(), ALICE, document, clock, lambda: None)
    before = version(uow, ALICE)
    _run_jobs(uow)
    assert version(uow, ALICE) > before
    assert spent_on(uow, ALICE, date(2025, 12, 24)) == {}
    assert spent_on(uow, ALICE, date(2026, 1, 5)) == {None: Decimal("1.80")}
    documents.delete_document(uow(), ALICE, document)
    assert spent_on(uow, ALICE, date(2026, 1, 2)) == spent_on(uow, ALICE, date(2026, 1, 5)) == {}


def test_a_failed_import_drops_the_rows_it_had(uow: UowFactory) -> None:
    document = _upload(
        uow, ALICE, b"Date,Description,Amount\n2026-01-02,Coffee,-3.20\n2026-01-03,Lunch,abc\n"
    )
    _orphans_of(uow, ALICE, document, date(2025, 12, 24))
    assert spent_on(uow, ALICE, date(2025, 12, 24)) == {None: Decimal("77.00")}
    _run_jobs(uow)
    assert documents.get_document(uow(), ALICE, document).status == "failed"
    assert spent_on(uow, ALICE, date(2025, 12, 24)) == {}


# -- random mixes of writes ---------------------------------------------------------------


MERCHANTS = ["Tesco", "TESCO", "tesco", "Aldi", "Cafe Nero", None]
# Manual entries are the commonest write; a read now and then refreshes part-way.
ACTIONS = ("manual", "manual", "manual", "recategorize", "import", "delete_document",
           "reprocess", "delete_category", "read")  # fmt: skip


def _random_moment(rng: random.Random) -> datetime:
    day = date(2025, 11, 1) + timedelta(days=rng.randrange(120))
    moment = rng.choice([time(0, 0), time(23, 59, 59), time(12, 30)])
    return datetime.combine(day, moment, UTC)


def _random_amount(rng: random.Random) -> str:
    """Up to four decimals, either sign."""
    sign = rng.choice(["-", ""])
    return f"{sign}{rng.randrange(1, 10**6)}.{rng.randrange(10**4):04d}"


def _random_writes(uow: UowFactory, rng: random.Random, user: uuid.UUID, steps: int) -> None:
    categories = [category(uow, user, f"C{rng.randrange(10**9)}") for _ in range(3)]
    made: list[uuid.UUID] = []
    imported: list[uuid.UUID] = []
    for _ in range(steps):
        action = rng.choice(ACTIONS)
        if action == "manual":
            draft = ManualDraft(
                booked_at=_random_moment(rng),
                description="Payment",
                amount=_random_amount(rng),
                currency=rng.choice(["EUR", "EUR", "USD"]),
                merchant_name=rng.choice(MERCHANTS),
                category_id=rng.choice([*categories, None]),
            )
            made.append(transactions.create_transaction(uow(), user, draft, clock).id)
        elif action == "recategorize" and made:
            target = rng.choice(made)
            try:
                transactions.update_transaction_category(
                    uow(), user, target, rng.choice([*categories, None]), False, clock
                )
            except Exception as refused:  # the category was deleted meanwhile
                assert type(refused).__name__ == "InvalidArgument"
        elif action == "import":
            rows = [
                (_random_moment(rng).date(), f"-{rng.randrange(1, 500)}.{rng.randrange(100):02d}")
                for _ in range(rng.randrange(1, 6))
            ]
            imported.append(_upload(uow, user, _csv(*rows)))
            _run_jobs(uow)
        elif action == "delete_document" and imported:
            documents.delete_document(uow(), user, imported.pop(rng.randrange(len(imported))))
        elif action == "reprocess" and imported:
            document = rng.choice(imported)
            _orphans_of(uow, user, document, _random_moment(rng).date())
            documents.process_document(uow(), user, document, clock, lambda: None)
            _run_jobs(uow)
        elif action == "delete_category" and categories:
            delete_category(uow(), user, categories.pop(rng.randrange(len(categories))), clock)
        elif action == "read":
            fresh(uow, user)


@pytest.mark.parametrize("seed", [1, 2, 3])
def test_lazily_refreshed_roll_ups_equal_a_rebuild(
    uow: UowFactory, engine: Engine, seed: int
) -> None:
    rng = random.Random(seed)
    store(uow, BOB, Tx(D, "-1.00", merchant="Tesco"))  # never in Alice's roll-ups
    for _ in range(3):
        _random_writes(uow, rng, ALICE, 12)
        fresh(uow, ALICE)
        incremental = stored(engine, ALICE)
        assert incremental == oracle(engine, ALICE)
    with uow() as unit:
        unit.repos.rollups.rebuild(ALICE)
    assert stored(engine, ALICE) == incremental
    assert any(incremental.values())
