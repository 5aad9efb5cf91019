from __future__ import annotations

import pytest

from services.runtime.visible_text import has_hidden_characters


@pytest.mark.parametrize(
    "value",
    [
        "tab\there",  # Cc
        "nul\x00",  # Cc
        "evil\u202etxt.exe",  # Cf: right-to-left override
        "zero\u200bwidth",  # Cf: zero-width space
        "\ufeffbom",  # Cf: byte order mark
        "\u200dleading joiner",  # a joiner joins nothing at the edges…
        "trailing joiner\u200d",
        "spaced \u200c joiner",  # …next to a space…
        "double\u200d\u200djoiner",  # …or next to another format character
        "line\u2028separator",  # Zl
        "para\u2029separator",  # Zp
    ],
)
def test_control_format_and_separator_characters_are_hidden(value: str) -> None:
    assert has_hidden_characters(value)


@pytest.mark.parametrize(
    "value",
    [
        "Alice Smith",
        "Zoë O'Brien-Ng",
        "王小明",
        "Ünïcödé 😀",
        "",
        "Pixel 8 — 👩\u200d💻",  # ZWJ joining an emoji sequence
        "\u0645\u06cc\u200c\u062e\u0648\u0627\u0647\u0645",  # ZWNJ in a Persian word
    ],
)
def test_visible_text_and_joiners_between_characters_are_fine(value: str) -> None:
    assert not has_hidden_characters(value)
