"""Choosing a transaction's category: the user's rules first, their classifier second."""

from __future__ import annotations

import uuid
from collections import OrderedDict
from collections.abc import Collection, Sequence
from dataclasses import dataclass
from typing import Literal

from services.analytics.learning.classifier import MIN_CONFIDENCE, CategoryModel, example_text
from services.analytics.learning.rules import RuleBook

Item = tuple[str, str | None]  # (description, merchant name)
# Decisions remembered across calls (an import calls once per batch, and its batches repeat
# the same descriptions); bounded so a huge file does not grow it without end.
CACHE_SIZE = 65_536


@dataclass(frozen=True, slots=True)
class Categorization:
    category_id: uuid.UUID | None
    method: Literal["rule", "classifier", "none"]
    confidence: float  # rule: 1.0; classifier: its probability; none: 0.0


UNDECIDED = Categorization(None, "none", 0.0)


class Categorizer:
    """One user's categorization during one import or request.

    `allowed` is the user's existing category ids: a rule or prediction for a category
    that no longer exists is ignored (the transaction falls through to the next method,
    or stays uncategorized). None means every category is allowed. Not thread-safe.
    """

    def __init__(
        self,
        rules: RuleBook,
        model: CategoryModel | None,
        allowed: Collection[uuid.UUID] | None = None,
    ) -> None:
        self._rules = rules
        self._model = model
        self._allowed = frozenset(allowed) if allowed is not None else None
        self._decided: OrderedDict[Item, Categorization] = OrderedDict()

    def categorize(self, items: Sequence[Item]) -> list[Categorization]:
        """The category of each (description, merchant name), in order. Each distinct
        pair is decided once; the classifier sees the undecided ones as one batch."""
        answers: dict[Item, Categorization] = {}
        pending: list[Item] = []
        for item in dict.fromkeys(items):
            decision = self._recalled(item) or self._by_rule(item)
            if decision is None:
                pending.append(item)
            else:
                answers[item] = decision
        if pending:
            for item, decision in zip(pending, self._classify(pending), strict=True):
                answers[item] = decision
                self._remember(item, decision)
        return [answers[item] for item in items]

    def _recalled(self, item: Item) -> Categorization | None:
        decision = self._decided.get(item)
        if decision is not None:
            self._decided.move_to_end(item)
        return decision

    def _by_rule(self, item: Item) -> Categorization | None:
        rule = self._rules.match(*item)
        if rule is None or not self._permits(rule.category_id):
            return None
        decision = Categorization(rule.category_id, "rule", 1.0)
        self._remember(item, decision)
        return decision

    def _classify(self, items: list[Item]) -> list[Categorization]:
        if self._model is None:
            return [UNDECIDED] * len(items)
        predictions = self._model.predict([example_text(d, m) for d, m in items])
        return [
            Categorization(category, "classifier", confidence)
            if confidence >= MIN_CONFIDENCE and self._permits(category)
            else UNDECIDED
            for category, confidence in predictions
        ]

    def _permits(self, category: uuid.UUID) -> bool:
        return self._allowed is None or category in self._allowed

    def _remember(self, item: Item, decision: Categorization) -> None:
        self._decided[item] = decision
        if len(self._decided) > CACHE_SIZE:
            self._decided.popitem(last=False)
