"""Persistence of reconciliation, every statement scoped by tenant through db.scoping:
another tenant's statement, line or match is indistinguishable from a missing one.

The matching reads join the ledger's journal tables (read only: lines are posted and
immutable) to the matches, so "unmatched" is one anti-join in the database rather than
a set built in Python. One to one is the database's: a match that would pair a line
already paired is not inserted (INSERT … ON CONFLICT DO NOTHING), so two concurrent
matches of one line end as one match and one refusal.
"""

from __future__ import annotations

from services.main.recon.repository.ledger_lines import LedgerLines
from services.main.recon.repository.matches import MatchRows
from services.main.recon.repository.statements import StatementRows


class ReconRepository(StatementRows, LedgerLines, MatchRows):
    """Reconciliation's repository in the unit of work (`uow.repos.recon`)."""
