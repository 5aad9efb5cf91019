"""Streaming bank-statement parsers: CSV, OFX/QFX, QIF, CAMT.053 and MT940.

Backend-neutral (no grpc, no SQLAlchemy, no backend imports), shared by the analytics
imports and the main backend's bank reconciliation. Behaviour and rules:
docs/statements.md.

    statement = open_statement(path)      # StatementError if the format is unknown
    for row in statement.rows():          # streamed; StatementError names the row
        ...
    read_balances(statement)              # opening/closing, where the format has them
"""

from services.statements.balances import StatementBalances, read_balances
from services.statements.detect import detect_format
from services.statements.model import StatementError, StatementFormat, StatementRow
from services.statements.statement import Statement, open_statement

__all__ = [
    "Statement",
    "StatementBalances",
    "StatementError",
    "StatementFormat",
    "StatementRow",
    "detect_format",
    "open_statement",
    "read_balances",
]
