from tests.runtime.harness import servers

__all__ = ["servers"]
