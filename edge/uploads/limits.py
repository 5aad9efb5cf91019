"""How large a streamed upload may be: the file part's limit and the whole body's.

The file part's limit is the proto's `MultipartField.max_bytes`, overridden at run time by
FINPLAT_EDGE_UPLOAD_LIMITS under the declaration's `max_bytes_setting` name (0 and no
override: the gateway's body limit). The body may exceed it only by the form's other
parts and the part headers, which are small: FORM_OVERHEAD_BYTES.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field

from finplat.api.v1 import annotations_pb2

# The form's text parts, part headers and boundaries, beyond the file itself.
FORM_OVERHEAD_BYTES = 64 * 1024
# A text part (a form field) longer than this is refused: form fields are short values.
TEXT_PART_BYTES = 16 * 1024
# Parts in one body (unknown ones included): a form has a handful.
MAX_PARTS = 64


@dataclass(frozen=True, slots=True)
class UploadLimits:
    default: int  # for a declaration without max_bytes: the gateway's body limit
    overrides: Mapping[str, int] = field(default_factory=dict)

    def file_limit(self, rules: annotations_pb2.MultipartField) -> int:
        """Largest accepted file part in bytes."""
        override = self.overrides.get(rules.max_bytes_setting) if rules.max_bytes_setting else None
        return override or int(rules.max_bytes) or self.default


def body_limit(file_limit: int) -> int:
    """Largest accepted multipart body carrying a file of at most `file_limit` bytes."""
    return file_limit + FORM_OVERHEAD_BYTES
