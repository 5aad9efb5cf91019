"""The records' tests' fixtures (tests.services.projectfinance.records.support)."""

from tests.services.projectfinance.records.support import main

__all__ = ["main"]
