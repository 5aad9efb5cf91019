"""The teams rules and records, pure."""
