"""The analytics backend: a user's statements, transactions and categories, and the
insights computed from them (spec 2)."""
