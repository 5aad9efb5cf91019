"""Rules learned from a user's corrections, and finding the one that applies.

Correcting a transaction's category teaches a rule: "transactions of this merchant (or
with this description) belong to that category". The pattern is the merchant key of the
transaction's merchant name, else of its description (`rule_pattern`). A `RuleBook` holds
one user's rules — the caller never passes anyone else's — and answers the best one for
a transaction: the exact key first, else the longest pattern found as whole words in it.
"""

from __future__ import annotations

import uuid
from collections.abc import Iterable
from dataclasses import dataclass

from services.analytics.learning.merchants import MAX_NAME, merchant_key


@dataclass(frozen=True, slots=True)
class Rule:
    pattern: str  # a merchant_key, or a normalized description (see rule_pattern)
    category_id: uuid.UUID
    hits: int = 1  # corrections this rule was learned or confirmed from


def rule_pattern(description: str, merchant_name: str | None) -> str:
    """The pattern a correction of this transaction teaches; never empty.

    The merchant's key when it has one, else the description's key, else (a description
    that is all bank wording and numbers) the description itself, case- and space-folded.
    Raises ValueError for a blank description: there is nothing to learn from it.
    """
    key = merchant_key(merchant_name) if merchant_name else ""
    key = key or merchant_key(description) or _folded(description)
    if not key:
        raise ValueError("a blank description teaches no rule")
    return key


def _folded(description: str) -> str:
    return " ".join(description.casefold().split())[:MAX_NAME]


class RuleBook:
    """One user's rules, indexed for matching."""

    def __init__(self, rules: Iterable[Rule]) -> None:
        self._by_pattern: dict[str, Rule] = {}
        for rule in rules:
            held = self._by_pattern.get(rule.pattern)
            if held is None or _better(rule, held):
                self._by_pattern[rule.pattern] = rule
        # The longest pattern in words bounds which spans of a key are looked up.
        self._longest = max((len(p.split()) for p in self._by_pattern), default=0)

    def __len__(self) -> int:
        return len(self._by_pattern)

    def match(self, description: str, merchant_name: str | None) -> Rule | None:
        """The rule for a transaction, or None.

        1. Exact: the merchant's key, the description's key or the folded description
           equals a pattern (what `rule_pattern` would teach from this transaction).
        2. Contained: the longest pattern that appears as whole words in the description's
           or the merchant's key ("tesco" in "tesco express"); equal lengths → more hits.
        """
        if not self._by_pattern:
            return None
        merchant = merchant_key(merchant_name) if merchant_name else ""
        described = merchant_key(description)
        for key in (merchant, described, _folded(description)):
            if key and (rule := self._by_pattern.get(key)) is not None:
                return rule
        best: Rule | None = None
        for key in {merchant, described}:
            for rule in self._contained(key):
                if best is None or _longer(rule, best):
                    best = rule
        return best

    def _contained(self, key: str) -> Iterable[Rule]:
        # Every run of up to `_longest` consecutive words is one dict lookup: cost grows
        # with the key's length, not with the number of rules.
        tokens = key.split()
        for start in range(len(tokens)):
            for end in range(start + 1, min(start + self._longest, len(tokens)) + 1):
                rule = self._by_pattern.get(" ".join(tokens[start:end]))
                if rule is not None:
                    yield rule


def _longer(rule: Rule, other: Rule) -> bool:
    if len(rule.pattern) != len(other.pattern):
        return len(rule.pattern) > len(other.pattern)
    return _better(rule, other)


def _better(rule: Rule, other: Rule) -> bool:
    """More hits wins; the pattern, then the category, break a tie so a match never
    depends on the order the rules were loaded in."""
    return (rule.hits, rule.pattern, str(rule.category_id)) > (
        other.hits,
        other.pattern,
        str(other.category_id),
    )
