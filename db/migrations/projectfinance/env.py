"""Alembic environment of the project-finance backend: its tables are the ones its capabilities
declare."""

from db.migrations.environment import run
from services.projectfinance.capabilities import CAPABILITIES
from services.runtime.capability import declared_metadata

# The metadata only serves `alembic revision --autogenerate`; upgrades run the scripts.
run(declared_metadata(CAPABILITIES))
