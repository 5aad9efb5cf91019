"""An OpenAPI 3.0 rendering of a 3.1 document, for Swagger UI releases before 5.

Swagger UI 4 (what the installed swagger-ui-bundle ships) refuses any document whose
`openapi` is not 3.0.x. The 3.1 documents stay the published contract; this rewrite,
served only to the UI, maps the few 3.1 constructs our documents use (and FastAPI's)
to their 3.0 spelling:

- `type: [T, "null"]` and `anyOf/oneOf [..., {type: null}]` → `nullable: true`
- `const` → a one-value `enum`; `examples: [...]` → `example`
- `contentEncoding: base64` → `format: byte`; `contentMediaType` dropped
- numeric `exclusiveMinimum/Maximum` → `minimum/maximum` + boolean flag
- `$ref` with sibling keywords → `allOf: [$ref]` + the siblings (3.0 ignores siblings)
- roles listed in security requirements of non-OAuth schemes → `[]`
"""

from __future__ import annotations

import copy
from typing import Any

_NULL = {"type": "null"}


def as_openapi_30(document: dict[str, Any]) -> dict[str, Any]:
    out: dict[str, Any] = _walk(copy.deepcopy(document))
    out["openapi"] = "3.0.3"
    out.pop("jsonSchemaDialect", None)
    out.pop("webhooks", None)
    for path_item in out.get("paths", {}).values():
        for operation in path_item.values():
            if isinstance(operation, dict) and "security" in operation:
                operation["security"] = [_no_roles(r) for r in operation["security"]]
    if "security" in out:
        out["security"] = [_no_roles(r) for r in out["security"]]
    return out


def _no_roles(requirement: dict[str, list[str]]) -> dict[str, list[str]]:
    return {name: [] for name in requirement}


def _walk(node: Any) -> Any:
    if isinstance(node, list):
        return [_walk(item) for item in node]
    if not isinstance(node, dict):
        return node
    node = {key: _walk(value) for key, value in node.items()}
    return _schema(node)


def _schema(node: dict[str, Any]) -> dict[str, Any]:
    kind = node.get("type")
    if isinstance(kind, list):
        others = [k for k in kind if k != "null"]
        if len(others) < len(kind):
            node["nullable"] = True
        if len(others) == 1:
            node["type"] = others[0]
        else:
            node.pop("type")
            node["anyOf"] = [{"type": k} for k in others]
    for combiner in ("anyOf", "oneOf"):
        options = node.get(combiner)
        if isinstance(options, list) and _NULL in options:
            rest = [o for o in options if o != _NULL]
            node["nullable"] = True
            if len(rest) == 1:
                node.pop(combiner)
                node["allOf"] = rest
            else:
                node[combiner] = rest
    if "const" in node:
        node["enum"] = [node.pop("const")]
    if isinstance(node.get("examples"), list):
        examples = node.pop("examples")
        if examples:
            node["example"] = examples[0]
    if node.pop("contentEncoding", None) == "base64":
        node["format"] = "byte"
    node.pop("contentMediaType", None)
    for bound, plain in (("exclusiveMinimum", "minimum"), ("exclusiveMaximum", "maximum")):
        value = node.get(bound)
        if isinstance(value, int | float) and not isinstance(value, bool):
            node[plain], node[bound] = value, True
    if "$ref" in node and len(node) > 1:
        ref = node.pop("$ref")
        node["allOf"] = [{"$ref": ref}, *node.get("allOf", [])]
    return node
