"""The planned expenses of a user (issue 13; being built)."""
