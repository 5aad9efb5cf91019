"""Run each backend's Alembic migrations programmatically.

No alembic.ini and no reliance on the working directory: a backend's scripts are found
next to this file, so `finplat migrate` works from an installed package. Each backend
keeps its own version table, so several backends may share one PostgreSQL database.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

from alembic import command
from alembic.config import Config
from alembic.runtime.migration import MigrationContext
from alembic.script import ScriptDirectory

from db.engine import make_engine

MIGRATIONS_DIR = Path(__file__).resolve().parent / "migrations"


@dataclass(frozen=True)
class MigrationBackend:
    """A backend's migration scripts: `<MIGRATIONS_DIR>/<name>/{env.py,versions/}`."""

    name: str

    @property
    def script_location(self) -> Path:
        return MIGRATIONS_DIR / self.name

    @property
    def version_table(self) -> str:
        return f"alembic_version_{self.name}"


# Every backend with migrations; later backends add one line.
BACKENDS: dict[str, MigrationBackend] = {
    name: MigrationBackend(name) for name in ("analytics", "expense", "main", "projectfinance")
}


class SchemaNotReady(RuntimeError):
    """The database is not at the backend's latest revision: run `finplat migrate`."""


def get_backend(name: str) -> MigrationBackend:
    try:
        return BACKENDS[name]
    except KeyError:
        known = ", ".join(sorted(BACKENDS))
        raise ValueError(f"unknown backend {name!r}; known: {known}") from None


def alembic_config(backend: str, url: str) -> Config:
    """An in-memory Alembic config for `backend` against `url`.

    The URL travels in `attributes`, not in the ini options: configparser interpolation
    would mangle the `%` of percent-encoded passwords.
    """
    spec = get_backend(backend)
    config = Config()
    config.set_main_option("script_location", str(spec.script_location))
    config.attributes["url"] = url
    config.attributes["version_table"] = spec.version_table
    return config


def upgrade(backend: str, url: str, revision: str = "head") -> None:
    command.upgrade(alembic_config(backend, url), revision)


def downgrade(backend: str, url: str, revision: str) -> None:
    command.downgrade(alembic_config(backend, url), revision)


def head_revision(backend: str) -> str | None:
    return ScriptDirectory.from_config(alembic_config(backend, "")).get_current_head()


def current_revision(backend: str, url: str) -> str | None:
    """The revision the database at `url` is at; None when never migrated."""
    engine = make_engine(url)
    try:
        with engine.connect() as connection:
            context = MigrationContext.configure(
                connection, opts={"version_table": get_backend(backend).version_table}
            )
            return context.get_current_revision()
    finally:
        engine.dispose()


def require_current(backend: str, url: str) -> None:
    """Fail fast (at process start) when the schema is missing or behind the code."""
    current, head = current_revision(backend, url), head_revision(backend)
    if current != head:
        state = "has no schema" if current is None else f"is at revision {current}"
        raise SchemaNotReady(
            f"the {backend} database {state}, the code needs {head}: run `finplat migrate`"
        )
