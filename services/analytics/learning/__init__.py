"""Merchant names and categories for transactions: a pure library.

Shared by the analytics capabilities that create transactions (statement imports, manual
entries, category corrections). It owns no tables and no servicer and does no I/O: the
caller passes one user's known merchant names, learned rules and categorized examples, and
gets names and categories back. Nothing is kept between users. docs/categorization.md
describes the behaviour.
"""

from services.analytics.learning.categorizer import Categorization, Categorizer
from services.analytics.learning.classifier import (
    MIN_CONFIDENCE,
    MIN_EXAMPLES,
    CategoryModel,
    example_text,
)
from services.analytics.learning.merchants import MerchantNormalizer, merchant_key
from services.analytics.learning.rules import Rule, RuleBook, rule_pattern

__all__ = [
    "MIN_CONFIDENCE",
    "MIN_EXAMPLES",
    "Categorization",
    "Categorizer",
    "CategoryModel",
    "MerchantNormalizer",
    "Rule",
    "RuleBook",
    "example_text",
    "merchant_key",
    "rule_pattern",
]
