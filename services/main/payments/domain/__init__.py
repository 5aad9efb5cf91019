"""The payments' pure rules: fields and their checks, and what a payment posts."""
