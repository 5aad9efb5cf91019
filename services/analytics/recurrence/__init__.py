"""Recurrence rules (RFC 5545 RRULE): validation, plain-English descriptions and instances (issue 13; being built)."""
