"""google.api.http path templates and the router that matches request paths to them.

Template grammar (google/api/http.proto):
    Template = "/" Segments [ Verb ] ;  Segments = Segment { "/" Segment } ;
    Segment  = "*" | "**" | LITERAL | Variable ;  Variable = "{" FieldPath [ "=" Segments ] "}" ;
    Verb     = ":" LITERAL ;
Matching walks a segment trie. At each position a literal child is tried before `*`, and
`*` before `**`, so `/a/special` beats `/a/{id}` whatever the declaration order. The
HTTP method is part of the match (a DELETE on `/a/special` may still reach
`DELETE /a/{id}`); only when no template with that method matches do we tell 405 from 404.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Generic, TypeVar
from urllib.parse import unquote

T = TypeVar("T")

STAR = "\x00*"  # sentinels that cannot collide with a literal segment
DOUBLE_STAR = "\x00**"


class TemplateError(ValueError):
    """A malformed path template in a proto annotation (a start-up error)."""


@dataclass(frozen=True, slots=True)
class PathVariable:
    """A variable bound to request segments [start, end); end None means "to the end"."""

    field_path: str
    start: int
    end: int | None


@dataclass(frozen=True, slots=True)
class PathTemplate:
    source: str
    segments: tuple[str, ...]
    verb: str
    variables: tuple[PathVariable, ...]

    def bind(self, segments: list[str]) -> dict[str, str]:
        """Variable values of a request path this template matched."""
        return {
            v.field_path: segments[v.start]
            if v.end == v.start + 1
            else "/".join(segments[v.start : v.end])
            for v in self.variables
        }


def parse_template(source: str) -> PathTemplate:
    if not source.startswith("/"):
        raise TemplateError(f"template must start with '/': {source!r}")
    body, verb = source[1:], ""
    colon = body.rfind(":")
    if colon > body.rfind("/") and colon > body.rfind("}"):
        body, verb = body[:colon], body[colon + 1 :]
        if not verb:
            raise TemplateError(f"empty verb in {source!r}")
    segments: list[str] = []
    variables: list[PathVariable] = []
    i = 0
    while i <= len(body):
        if i < len(body) and body[i] == "{":
            close = body.find("}", i)
            if close < 0:
                raise TemplateError(f"unclosed variable in {source!r}")
            name, _, pattern = body[i + 1 : close].partition("=")
            if not name:
                raise TemplateError(f"unnamed variable in {source!r}")
            start = len(segments)
            for part in (pattern or "*").split("/"):
                segments.append(_segment(part, source))
            end: int | None = None if segments[-1] == DOUBLE_STAR else len(segments)
            variables.append(PathVariable(name.strip(), start, end))
            i = close + 1
        else:
            slash = body.find("/", i)
            slash = len(body) if slash < 0 else slash
            segments.append(_segment(body[i:slash], source))
            i = slash
        if i < len(body) and body[i] != "/":
            raise TemplateError(f"unexpected {body[i]!r} in {source!r}")
        i += 1
    if DOUBLE_STAR in segments[:-1]:
        raise TemplateError(f"'**' must be the last segment in {source!r}")
    return PathTemplate(source, tuple(segments), verb, tuple(variables))


def _segment(text: str, source: str) -> str:
    if text == "*":
        return STAR
    if text == "**":
        return DOUBLE_STAR
    if not text or any(c in text for c in "{}*"):
        raise TemplateError(f"bad segment {text!r} in {source!r}")
    return text


def split_path(raw_path: str) -> list[str]:
    """Request path → percent-decoded segments (an encoded '/' stays inside its segment)."""
    parts = raw_path[1:].split("/")
    return [unquote(p) if "%" in p else p for p in parts]


@dataclass(slots=True)
class _Node(Generic[T]):
    literals: dict[str, _Node[T]] = field(default_factory=dict)
    star: _Node[T] | None = None
    # `**` is always last, so what follows it is only the verb → method table.
    rest: dict[str, dict[str, tuple[PathTemplate, T]]] | None = None
    ends: dict[str, dict[str, tuple[PathTemplate, T]]] = field(default_factory=dict)


@dataclass(frozen=True, slots=True)
class Match(Generic[T]):
    target: T
    params: dict[str, str]


@dataclass(frozen=True, slots=True)
class NoMatch:
    """No route: `allowed` is empty for 404, else the methods for the 405 Allow header."""

    allowed: tuple[str, ...]


class Router(Generic[T]):
    def __init__(self) -> None:
        self._root: _Node[T] = _Node()

    def add(self, http_method: str, template: str | PathTemplate, target: T) -> None:
        tpl = parse_template(template) if isinstance(template, str) else template
        node = self._root
        for seg in tpl.segments:
            if seg == DOUBLE_STAR:
                if node.rest is None:
                    node.rest = {}
                table = node.rest
                break
            if seg == STAR:
                if node.star is None:
                    node.star = _Node()
                node = node.star
            else:
                node = node.literals.setdefault(seg, _Node())
        else:
            table = node.ends
        by_method = table.setdefault(tpl.verb, {})
        if http_method in by_method:
            raise TemplateError(f"duplicate route {http_method} {tpl.source}")
        by_method[http_method] = (tpl, target)

    def match(self, http_method: str, raw_path: str) -> Match[T] | NoMatch:
        segments = split_path(raw_path)
        for segs, verb in _candidates(segments):
            found = _find(self._root, segs, 0, verb, http_method)
            if found is not None:
                tpl, target = found
                return Match(target, tpl.bind(segs) if tpl.variables else {})
        allowed: set[str] = set()
        for segs, verb in _candidates(segments):
            _collect(self._root, segs, 0, verb, allowed)
        return NoMatch(tuple(sorted(allowed)))


def _candidates(segments: list[str]) -> list[tuple[list[str], str]]:
    last = segments[-1]
    colon = last.rfind(":")
    if colon <= 0:
        return [(segments, "")]
    # A custom method (`/things/{id}:cancel`) first, then the segment taken literally.
    return [([*segments[:-1], last[:colon]], last[colon + 1 :]), (segments, "")]


def _find(
    node: _Node[T], segs: list[str], i: int, verb: str, method: str
) -> tuple[PathTemplate, T] | None:
    if i == len(segs):
        hit = node.ends.get(verb)
        if hit is not None and method in hit:
            return hit[method]
    else:
        child = node.literals.get(segs[i])
        if child is not None:
            found = _find(child, segs, i + 1, verb, method)
            if found is not None:
                return found
            if _claims(child, segs, i + 1, verb):
                return None  # 405: see _claims
        if node.star is not None:
            found = _find(node.star, segs, i + 1, verb, method)
            if found is not None:
                return found
    if node.rest is not None:
        hit = node.rest.get(verb)
        if hit is not None and method in hit:
            return hit[method]
    return None


def _claims(node: _Node[T], segs: list[str], i: int, verb: str) -> bool:
    """Whether the literal `node` completes the path for some method. Then the path is the
    literal's: a method it lacks is 405 with its methods, never a variable sibling's match
    (`PUT /scenarios/compare` is not `PUT /scenarios/{id}` with id "compare", which could
    only fail as a malformed id — path variables are ids, and a literal never is one)."""
    methods: set[str] = set()
    _collect(node, segs, i, verb, methods)
    return bool(methods)


def _collect(node: _Node[T], segs: list[str], i: int, verb: str, out: set[str]) -> None:
    if i == len(segs):
        out.update(node.ends.get(verb, ()))
    else:
        child = node.literals.get(segs[i])
        if child is not None:
            claimed: set[str] = set()
            _collect(child, segs, i + 1, verb, claimed)
            if claimed:  # the literal claims the path (see _claims)
                out.update(claimed)
                return
        if node.star is not None:
            _collect(node.star, segs, i + 1, verb, out)
    if node.rest is not None:
        out.update(node.rest.get(verb, ()))
