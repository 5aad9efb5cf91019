"""The audit log's hash chain: entries are numbered and linked per tenant, and a
rewritten or removed entry — even one rewritten by someone who recomputed its hash, or
the newest one removed — is found (audit.chain.verify)."""

from __future__ import annotations

import uuid
from datetime import timedelta

from sqlalchemy import Engine

from services.projectfinance.audit.chain import ALTERED, GENESIS, REMOVED, Integrity, entry_hash
from services.projectfinance.audit.chain import verify as verify_chain
from services.projectfinance.audit.usecases import record_change
from services.projectfinance.kernel.actor import Actor
from services.projectfinance.kernel.dependencies import UowFactory
from tests.services.projectfinance.audit.tampering import behind_the_log
from tests.services.projectfinance.support import NOW


def write(uow: UowFactory, tenant: uuid.UUID, actor: Actor, count: int) -> list[uuid.UUID]:
    """`count` entries of the tenant, one per transaction, a second apart; their ids."""
    ids = []
    for i in range(count):
        entity = uuid.uuid4()
        with uow() as unit:
            record_change(
                unit,
                tenant,
                actor,
                NOW + timedelta(seconds=i),
                action="update",
                entity_type="phase",
                entity_id=entity,
                project_id=uuid.uuid4(),
                before={"name": f"before {i}", "budget": "1.00"},
                after={"name": f"after {i}", "budget": "2.00"},
            )
        ids.append(entity)
    with uow() as unit:
        return [c.entry.id for c in unit.repos.audit.chain(tenant)]


def verify(uow: UowFactory, tenant: uuid.UUID) -> Integrity:
    with uow() as unit:
        return verify_chain(unit.repos.audit.chain(tenant), unit.repos.audit.head(tenant))


def test_entries_are_numbered_and_linked_per_tenant(
    uow: UowFactory, tenant: uuid.UUID, actor: Actor
) -> None:
    other = uuid.uuid4()
    write(uow, tenant, actor, 3)
    write(uow, other, actor, 2)
    with uow() as unit:
        chain = unit.repos.audit.chain(tenant)
        head = unit.repos.audit.head(tenant)
    assert [c.link.seq for c in chain] == [1, 2, 3]
    assert chain[0].link.prev_hash == GENESIS
    assert [c.link.prev_hash for c in chain[1:]] == [c.link.entry_hash for c in chain[:-1]]
    assert all(
        entry_hash(c.entry, c.link.seq, c.link.prev_hash) == c.link.entry_hash for c in chain
    )
    assert (head.seq, head.last_hash) == (3, chain[-1].link.entry_hash)
    assert verify(uow, tenant) == Integrity(True, 3, 3, ())
    assert verify(uow, other).verified and verify(uow, other).checked_entries == 2


def test_several_entries_of_one_transaction_are_chained_in_order(
    uow: UowFactory, tenant: uuid.UUID, actor: Actor
) -> None:
    with uow() as unit:
        for action in ("create", "update", "delete"):
            record_change(
                unit,
                tenant,
                actor,
                NOW,
                action=action,
                entity_type="milestone",
                entity_id=uuid.uuid4(),
                project_id=None,
            )
    with uow() as unit:
        assert [c.entry.action for c in unit.repos.audit.chain(tenant)] == [
            "create",
            "update",
            "delete",
        ]
    assert verify(uow, tenant).verified


def test_an_altered_entry_is_found(
    uow: UowFactory, engine: Engine, tenant: uuid.UUID, actor: Actor
) -> None:
    ids = write(uow, tenant, actor, 4)
    behind_the_log(
        engine,
        "UPDATE audit_entries SET action = 'approve' WHERE id = :id",
        id=ids[1],
    )
    integrity = verify(uow, tenant)
    assert not integrity.verified
    assert [(b.reason, b.entry_id, b.seq) for b in integrity.breaks] == [(ALTERED, ids[1], 2)]


def test_an_entry_rewritten_with_a_recomputed_hash_is_found(
    uow: UowFactory, engine: Engine, tenant: uuid.UUID, actor: Actor
) -> None:
    ids = write(uow, tenant, actor, 3)
    with uow() as unit:
        victim = unit.repos.audit.chain(tenant)[1]
    forged = entry_hash(
        victim.entry.__class__(**{**victim.entry.__dict__, "action": "approve"}),
        victim.link.seq,
        victim.link.prev_hash,
    )
    behind_the_log(
        engine,
        "UPDATE audit_entries SET action = 'approve', entry_hash = :hash WHERE id = :id",
        id=ids[1],
        hash=forged,
    )
    integrity = verify(uow, tenant)
    assert [(b.reason, b.entry_id) for b in integrity.breaks] == [(ALTERED, ids[1])]


def test_a_removed_entry_is_found(
    uow: UowFactory, engine: Engine, tenant: uuid.UUID, actor: Actor
) -> None:
    ids = write(uow, tenant, actor, 4)
    behind_the_log(engine, "DELETE FROM audit_entries WHERE id = :id", id=ids[1])
    integrity = verify(uow, tenant)
    assert not integrity.verified and integrity.checked_entries == 3
    assert [(b.reason, b.entry_id, b.seq) for b in integrity.breaks] == [(REMOVED, ids[2], 3)]


def test_the_newest_entry_removed_is_found(
    uow: UowFactory, engine: Engine, tenant: uuid.UUID, actor: Actor
) -> None:
    ids = write(uow, tenant, actor, 3)
    behind_the_log(engine, "DELETE FROM audit_entries WHERE id = :id", id=ids[2])
    integrity = verify(uow, tenant)
    assert [(b.reason, b.entry_id, b.seq) for b in integrity.breaks] == [(REMOVED, None, 3)]


def test_a_tenant_without_entries_verifies(uow: UowFactory, tenant: uuid.UUID) -> None:
    assert verify(uow, tenant) == Integrity(True, 0, 0, ())


def test_a_break_says_which_numbers_are_missing(
    uow: UowFactory, engine: Engine, tenant: uuid.UUID, actor: Actor
) -> None:
    ids = write(uow, tenant, actor, 6)
    behind_the_log(engine, "DELETE FROM audit_entries WHERE id IN (:a, :b)", a=ids[1], b=ids[2])
    behind_the_log(engine, "DELETE FROM audit_entries WHERE id IN (:a, :b)", a=ids[4], b=ids[5])
    details = [(b.entry_id, b.detail) for b in verify(uow, tenant).breaks]
    assert details == [
        (ids[3], "entries 2 to 3 are missing before it"),
        (None, "entries 5 to 6 are missing (the newest)"),
    ]
