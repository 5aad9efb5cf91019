"""Persistence of transactions and of the categorization rules learned from a user's
corrections.

Every statement is scoped to the owning user through db.scoping: one user's rules,
examples and merchant names never reach another user's categorization. A transaction
asked for by id that belongs to another user is 403, a missing one 404.
"""

from __future__ import annotations

import uuid
from datetime import datetime
from typing import Any

from sqlalchemy import case, func, select
from sqlalchemy.dialects import postgresql, sqlite
from sqlalchemy.orm import Session

from db.scoping import delete_owned, owner_is, scoped, select_owned, update_owned
from services.analytics.learning.classifier import example_text
from services.analytics.learning.rules import Rule
from services.analytics.page_queries import owned_page
from services.analytics.records import find_mine
from services.analytics.transactions.domain import Method, Transaction
from services.analytics.transactions.tables import CategorizationRuleRow, TransactionRow

# Merchant names offered to the normalizer: the most recently seen ones. Enough for any
# real user's merchants; bounded so a huge history costs one bounded read.
MERCHANT_NAMES = 10_000
# Only the user's own decisions teach the classifier, never its earlier guesses.
_TAUGHT: tuple[Method, ...] = ("manual", "rule")


def _transaction(row: TransactionRow) -> Transaction:
    return Transaction(
        id=row.id,
        user_id=row.user_id,
        document_id=row.document_id,
        row_number=row.row_number,
        booked_at=row.booked_at,
        amount=row.amount,
        currency=row.currency,
        description=row.description,
        merchant_name=row.merchant_name,
        category_id=row.category_id,
        categorization_method=row.categorization_method,  # type: ignore[arg-type]
        categorization_confidence=row.categorization_confidence,
        bank_reference=row.bank_reference,
        created_at=row.created_at,
    )


class TransactionRepository:
    def __init__(self, session: Session) -> None:
        self._session = session

    # -- transactions ------------------------------------------------------------------

    def get(self, user_id: uuid.UUID, transaction_id: uuid.UUID) -> Transaction:
        """The caller's transaction; 403 for another user's, 404 for none."""
        return _transaction(self._row(user_id, transaction_id))

    def page_of_document(
        self, user_id: uuid.UUID, document_id: uuid.UUID, limit: int, offset: int
    ) -> tuple[list[Transaction], int]:
        """One page of a document's transactions in statement order, and their total."""
        page = owned_page(
            self._session,
            TransactionRow,
            user_id,
            [TransactionRow.document_id == document_id],
            order=(TransactionRow.row_number, TransactionRow.id),
            limit=limit,
            offset=offset,
        )
        return [_transaction(r) for r in page.items], page.total

    def add(self, transaction: Transaction, dedupe_key: str) -> Transaction:
        row = TransactionRow(
            id=transaction.id,
            user_id=transaction.user_id,
            document_id=transaction.document_id,
            row_number=transaction.row_number,
            booked_at=transaction.booked_at,
            amount=transaction.amount,
            currency=transaction.currency,
            description=transaction.description,
            merchant_name=transaction.merchant_name,
            category_id=transaction.category_id,
            categorization_method=transaction.categorization_method,
            categorization_confidence=transaction.categorization_confidence,
            bank_reference=transaction.bank_reference,
            dedupe_key=dedupe_key,
            created_at=transaction.created_at,
        )
        self._session.add(row)
        self._session.flush()
        return _transaction(row)

    def set_category(
        self,
        user_id: uuid.UUID,
        transaction_id: uuid.UUID,
        category_id: uuid.UUID | None,
        method: Method,
        confidence: float,
    ) -> Transaction:
        row = self._row(user_id, transaction_id)
        row.category_id = category_id
        row.categorization_method = method
        row.categorization_confidence = confidence
        self._session.flush()
        return _transaction(row)

    def uncategorize(self, user_id: uuid.UUID, category_id: uuid.UUID) -> None:
        """Every transaction of the category becomes uncategorized (it is being deleted)."""
        self._session.execute(
            update_owned(TransactionRow, user_id, TransactionRow.category_id == category_id)
            .values(category_id=None, categorization_method="none", categorization_confidence=0.0)
            .execution_options(synchronize_session=False)
        )

    # -- what categorization learns from -----------------------------------------------

    def training_examples(
        self, user_id: uuid.UUID, limit: int = 20_000
    ) -> list[tuple[str, uuid.UUID]]:
        """(text, category) of the user's transactions categorized by the user themselves
        (manual, or a rule they taught), newest first; the text is what the classifier
        reads (learning.example_text)."""
        rows = self._session.execute(
            scoped(
                select(
                    TransactionRow.description,
                    TransactionRow.merchant_name,
                    TransactionRow.category_id,
                )
                .where(
                    owner_is(TransactionRow, user_id),
                    TransactionRow.category_id.is_not(None),
                    TransactionRow.categorization_method.in_(_TAUGHT),
                )
                .order_by(TransactionRow.booked_at.desc(), TransactionRow.id)
                .limit(limit)
            )
        )
        return [
            (example_text(description, merchant), category)
            for description, merchant, category in rows
        ]

    def merchant_names(self, user_id: uuid.UUID) -> list[str]:
        """The user's distinct merchant names, most recently seen first (bounded)."""
        last_seen = func.max(TransactionRow.booked_at)
        names = self._session.scalars(
            scoped(
                select(TransactionRow.merchant_name)
                .where(owner_is(TransactionRow, user_id), TransactionRow.merchant_name.is_not(None))
                .group_by(TransactionRow.merchant_name)
                .order_by(last_seen.desc(), TransactionRow.merchant_name)
                .limit(MERCHANT_NAMES)
            )
        )
        return [name for name in names if name]

    # -- rules ---------------------------------------------------------------------------

    def rules_of(self, user_id: uuid.UUID) -> list[Rule]:
        rows = self._session.scalars(select_owned(CategorizationRuleRow, user_id))
        return [Rule(r.pattern, r.category_id, r.hits) for r in rows]

    def learn_rule(
        self, user_id: uuid.UUID, pattern: str, category_id: uuid.UUID, now: datetime
    ) -> Rule:
        """Teach `pattern` → `category_id`: a new rule, one more hit for the same rule, or
        (the pattern pointed elsewhere) the rule replaced with a first hit.

        One INSERT … ON CONFLICT DO UPDATE, so concurrent corrections of one merchant
        neither fail on the unique (user_id, pattern) nor lose a hit.
        """
        rules = CategorizationRuleRow.__table__.c
        insert = self._insert()
        proposed: Any = insert.excluded
        statement = (
            insert.values(
                id=uuid.uuid4(),
                user_id=user_id,
                pattern=pattern,
                category_id=category_id,
                hits=1,
                created_at=now,
                updated_at=now,
            )
            .on_conflict_do_update(
                index_elements=[rules.user_id, rules.pattern],
                set_={
                    "hits": case(
                        (rules.category_id == proposed.category_id, rules.hits + 1), else_=1
                    ),
                    "category_id": proposed.category_id,
                    "updated_at": proposed.updated_at,
                },
            )
            .returning(rules.pattern, rules.category_id, rules.hits)
        )
        learned = self._session.execute(statement).one()
        return Rule(learned.pattern, learned.category_id, learned.hits)

    def forget_rules_for(self, user_id: uuid.UUID, category_id: uuid.UUID) -> None:
        """Every rule assigning the category (it is being deleted)."""
        self._session.execute(
            delete_owned(
                CategorizationRuleRow, user_id, CategorizationRuleRow.category_id == category_id
            ).execution_options(synchronize_session=False)
        )

    def _insert(self) -> postgresql.Insert | sqlite.Insert:
        # ON CONFLICT is dialect-specific in SQLAlchemy; both supported engines have it.
        if self._session.get_bind().dialect.name == "postgresql":
            return postgresql.insert(CategorizationRuleRow)
        return sqlite.insert(CategorizationRuleRow)

    def _row(self, user_id: uuid.UUID, transaction_id: uuid.UUID) -> TransactionRow:
        return find_mine(self._session, TransactionRow, user_id, transaction_id, "transaction")
