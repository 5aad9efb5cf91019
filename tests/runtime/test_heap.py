"""The start-up heap handling shared by the backends and the edge."""

from __future__ import annotations

import gc

from services.runtime.heap import freeze_startup_heap


def test_the_startup_heap_is_frozen_out_of_the_collectors_sight() -> None:
    before = gc.get_freeze_count()
    try:
        kept = [[n] for n in range(1000)]  # start-up objects: they live on
        freeze_startup_heap()
        assert gc.get_freeze_count() >= before + len(kept)
        # Frozen objects are not tracked by any generation the collector walks.
        assert not any(obj is kept for obj in gc.get_objects())
    finally:
        gc.unfreeze()
