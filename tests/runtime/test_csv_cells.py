from __future__ import annotations

import pytest

from services.runtime.csv_cells import safe_cell


@pytest.mark.parametrize(
    "text",
    ["=1+2", "+1", "-1", "@SUM(A1)", "\t=1", "\r=1", '=HYPERLINK("http://x")', "="],
)
def test_a_formula_trigger_is_quoted(text: str) -> None:
    assert safe_cell(text) == "'" + text


@pytest.mark.parametrize("text", ["", "Office rent", "a=b", " =1", "'=1", "1-2", "\n=1"])
def test_other_text_is_unchanged(text: str) -> None:
    assert safe_cell(text) == text
