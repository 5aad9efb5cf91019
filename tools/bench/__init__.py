"""Benchmarks: each prints its figures; the latest are recorded in docs/benchmarks.md."""
