"""Text clean-up shared by the parsers."""

from __future__ import annotations

NO_DESCRIPTION = "(no description)"


def collapse(text: str | None) -> str:
    """Whitespace runs (newlines of wrapped fields included) become one space."""
    return " ".join(text.split()) if text else ""


def first_text(*candidates: str | None) -> str | None:
    """The first candidate that is not blank, collapsed; None when all are."""
    for candidate in candidates:
        if candidate and (text := " ".join(candidate.split())):
            return text
    return None


def describe(*candidates: str | None) -> str:
    """A row's description: the first non-blank candidate, else a placeholder."""
    return first_text(*candidates) or NO_DESCRIPTION


def name_and_memo(name: str | None, memo: str | None) -> str:
    """OFX NAME / QIF P with MEMO / M: both, unless the memo already holds the name."""
    name, memo = first_text(name), first_text(memo)
    if name and memo and name.casefold() not in memo.casefold():
        return f"{name} {memo}"
    return describe(memo, name)
