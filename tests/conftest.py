"""Shared fixtures: real PostgreSQL and Redis servers started by the tests themselves."""

pytest_plugins = [
    "tests.support.postgres",
    "tests.support.redis",
    "tests.support.databases",
    "tests.support.clamd",
]
