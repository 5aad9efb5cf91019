"""The process heap at start-up, shared by the backends and the edge."""

from __future__ import annotations

import gc


def freeze_startup_heap() -> None:
    """Move what start-up built (modules, protobuf descriptors, SQLAlchemy's mappers and
    compiled caches: hundreds of thousands of objects that live as long as the process)
    out of the cyclic collector's sight. Without this, every full collection walks them
    all again: a request allocating many objects (a portfolio of 10,000 phases) triggers
    several, and they were half its time (docs/benchmarks.md)."""
    gc.collect()
    gc.freeze()
