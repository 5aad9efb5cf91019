"""Migrations of the expense backend."""
