"""What a decimal string looks like on the wire, for every service and the edge: an
optional sign, digits with an optional fraction, an optional exponent — no spaces,
no "NaN" or "Infinity", no thousands separators. Checked before `Decimal(text)`, which
would accept more ("nan", " 1", "1_000")."""

from __future__ import annotations

import re

DECIMAL_TEXT = re.compile(r"[+-]?(\d+(\.\d*)?|\.\d+)([eE][+-]?\d+)?\Z")
