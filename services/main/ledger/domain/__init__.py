"""The ledger's rules, pure: accounts and the default chart (`accounts`), amounts and
rates (`money`), journal entries, their balance and their transitions (`entries`), the
trial balance (`trial_balance`)."""
