"""Streaming bank-statement parsers: CSV, OFX/QFX, QIF, CAMT.053 and MT940.

Backend-neutral (no grpc, no SQLAlchemy, no backend imports), shared by the analytics
imports and the main backend's bank reconciliation. Behaviour and rules:
docs/statements.md.

    statement = open_statement(path)      # StatementError if the format is unknown
    for row in statement.rows():          # streamed; StatementError names the row
        ...
"""

from services.statements.detect import detect_format
from services.statements.model import StatementError, StatementFormat, StatementRow
from services.statements.statement import Statement, open_statement

__all__ = [
    "Statement",
    "StatementError",
    "StatementFormat",
    "StatementRow",
    "detect_format",
    "open_statement",
]
