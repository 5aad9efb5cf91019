"""The goals of a user (issue 13; being built)."""
