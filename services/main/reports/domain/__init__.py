"""The accounting reports' rules, pure: filters, the GL detail's balances and the
export files."""
