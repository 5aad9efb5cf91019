"""The budgets of a user (issue 13; being built)."""
