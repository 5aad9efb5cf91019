"""Typed access to custom proto options (extensions) on descriptors.

The generated .pyi files type our extensions as plain FieldDescriptors, which the
protobuf stubs do not accept as extension handles; this one helper absorbs that.
"""

from __future__ import annotations

from typing import Any


def option(options: Any, extension: Any) -> Any | None:
    """The extension's value when set on `options` (e.g. a MethodOptions), else None."""
    if options.HasExtension(extension):
        return options.Extensions[extension]
    return None
