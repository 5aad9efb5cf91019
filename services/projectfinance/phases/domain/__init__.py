"""Phases' rules: the fields and their checks (`phase`), the statuses and moves
(`moves`), and the update (`update`)."""
