"""Reconciliation's rules, pure: which accounts take statements and what a statement
holds (`statements`), how lines are scored and paired (`matching`), matches and
adjusting entries (`matches`), the report (`report`)."""
