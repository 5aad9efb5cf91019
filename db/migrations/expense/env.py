"""Alembic environment of the expense backend."""

from db.migrations.environment import run
from services.expense.tables import metadata

# The metadata only serves `alembic revision --autogenerate`; upgrades run the scripts.
run(metadata)
