"""Helpers for the servers the tests start themselves (Redis, clamd)."""

from tools.redis_server import terminate

__all__ = ["terminate"]
