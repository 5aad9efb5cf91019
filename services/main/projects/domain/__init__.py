"""The projects' rules, pure: a project's fields, statuses and moves (`projects`), its
members, their roles and allocations (`members`)."""
