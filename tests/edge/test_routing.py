"""google.api.http templates and matching: literals beat variables, `**`, verbs, 404 vs 405."""

from __future__ import annotations

import pytest

from edge.routing import DOUBLE_STAR, STAR, Match, NoMatch, Router, TemplateError, parse_template


def router(*routes: tuple[str, str]) -> Router[str]:
    r: Router[str] = Router()
    for method, template in routes:
        r.add(method, template, f"{method} {template}")
    return r


def test_parse_template_variables_and_verb() -> None:
    tpl = parse_template("/v1/{name=shelves/*/books/*}:publish")
    assert tpl.segments == ("v1", "shelves", STAR, "books", STAR)
    assert tpl.verb == "publish"
    assert [(v.field_path, v.start, v.end) for v in tpl.variables] == [("name", 1, 5)]
    tpl = parse_template("/files/{path=**}")
    assert tpl.segments == ("files", DOUBLE_STAR)
    assert tpl.variables[0].end is None


@pytest.mark.parametrize("bad", ["v1/x", "/v1/{id", "/v1/**/x", "/v1/a*b", "/v1/x:", "/v1//x"])
def test_malformed_templates_are_rejected(bad: str) -> None:
    with pytest.raises(TemplateError):
        parse_template(bad)


def test_literal_segment_beats_variable_regardless_of_order() -> None:
    r = router(("GET", "/a/{id}"), ("GET", "/a/special"))
    assert r.match("GET", "/a/special") == Match("GET /a/special", {})
    assert r.match("GET", "/a/42") == Match("GET /a/{id}", {"id": "42"})


def test_method_participates_in_the_match() -> None:
    r = router(("GET", "/a/special"), ("DELETE", "/a/{id}"), ("GET", "/a/{id}/x"))
    assert r.match("DELETE", "/a/42") == Match("DELETE /a/{id}", {"id": "42"})
    # A literal that completes the path claims it: a method it lacks is 405 with its own
    # methods, not the variable sibling's match with id "special".
    assert r.match("DELETE", "/a/special") == NoMatch(("GET",))
    # A literal that does not complete the path claims nothing.
    assert r.match("GET", "/a/special/x") == Match("GET /a/{id}/x", {"id": "special"})


def test_nested_field_paths_and_multi_segment_variables() -> None:
    r = router(("GET", "/v1/{book.name=shelves/*/books/*}"))
    found = r.match("GET", "/v1/shelves/1/books/2")
    assert found == Match(
        "GET /v1/{book.name=shelves/*/books/*}", {"book.name": "shelves/1/books/2"}
    )


def test_double_star_matches_zero_or_more_segments() -> None:
    r = router(("GET", "/files/{path=**}"), ("GET", "/files/x/info"))
    assert r.match("GET", "/files/a/b/c") == Match("GET /files/{path=**}", {"path": "a/b/c"})
    assert r.match("GET", "/files") == Match("GET /files/{path=**}", {"path": ""})
    assert r.match("GET", "/files/x/info") == Match("GET /files/x/info", {})


def test_custom_verbs() -> None:
    r = router(("POST", "/v1/jobs/{id}:cancel"), ("GET", "/v1/jobs/{id}"))
    assert r.match("POST", "/v1/jobs/7:cancel") == Match("POST /v1/jobs/{id}:cancel", {"id": "7"})
    # Without a verb route the colon is just part of the id.
    assert r.match("GET", "/v1/jobs/7:cancel") == Match("GET /v1/jobs/{id}", {"id": "7:cancel"})


def test_path_segments_are_percent_decoded() -> None:
    r = router(("GET", "/a/{id}"))
    assert r.match("GET", "/a/x%20y%2Fz") == Match("GET /a/{id}", {"id": "x y/z"})


def test_404_when_no_template_matches_and_405_with_allowed_methods() -> None:
    r = router(("GET", "/a/{id}"), ("PUT", "/a/{id}"), ("POST", "/a"))
    assert r.match("GET", "/b") == NoMatch(())
    assert r.match("GET", "/a/1/2") == NoMatch(())
    assert r.match("DELETE", "/a/1") == NoMatch(("GET", "PUT"))
    assert r.match("GET", "/a") == NoMatch(("POST",))


def test_duplicate_routes_are_a_startup_error() -> None:
    r = router(("GET", "/a/{id}"))
    with pytest.raises(TemplateError):
        r.add("GET", "/a/{id}", "again")
