"""Alembic environment of the main backend: the tables every declared capability owns."""

from db.migrations.environment import run
from services.main.capabilities import CAPABILITIES
from services.runtime.capability import declared_metadata

# The metadata only serves `alembic revision --autogenerate`; upgrades run the scripts.
run(declared_metadata(CAPABILITIES))
