"""Alembic environment of the main backend."""

import services.main.identity.service_accounts_tables  # registers its table
import services.main.identity.tables  # noqa: F401  (registers the identity tables)
from db.migrations.environment import run
from services.main.base import metadata

# The metadata only serves `alembic revision --autogenerate`; upgrades run the scripts.
run(metadata)
