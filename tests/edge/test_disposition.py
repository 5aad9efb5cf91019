"""Content-Disposition from a backend's file name (edge/downloads/disposition.py)."""

from __future__ import annotations

import pytest

from edge.downloads.disposition import clean_filename, content_disposition


def header(name: str) -> str | None:
    value = content_disposition(name)
    return None if value is None else value.decode("ascii")


def test_a_plain_name_is_sent_as_both_parameters() -> None:
    assert header("gl_detail_2026-01-01_2026-03-31.csv") == (
        'attachment; filename="gl_detail_2026-01-01_2026-03-31.csv"; '
        "filename*=UTF-8''gl_detail_2026-01-01_2026-03-31.csv"
    )


def test_quotes_and_backslashes_are_escaped_in_the_quoted_string() -> None:
    assert header('say "hi".csv') == (
        'attachment; filename="say \\"hi\\".csv"; filename*=UTF-8\'\'say%20%22hi%22.csv'
    )


def test_cr_lf_and_other_controls_never_reach_the_header() -> None:
    value = header("report.csv\r\nSet-Cookie: a=b\x00\x1b")
    assert value is not None
    assert "\r" not in value and "\n" not in value and "\x00" not in value
    assert 'filename="report.csvSet-Cookie: a=b"' in value


def test_non_ascii_names_go_in_filename_star_and_fall_back_in_filename() -> None:
    assert header("Bilanz_Österreich_€.csv") == (
        'attachment; filename="Bilanz__sterreich__.csv"; '
        "filename*=UTF-8''Bilanz_%C3%96sterreich_%E2%82%AC.csv"
    )


def test_bidi_overrides_are_dropped() -> None:
    assert clean_filename("invoice\u202egpj.exe") == "invoicegpj.exe"


@pytest.mark.parametrize("name", ["../../etc/passwd", "C:\\Users\\me\\passwd"])
def test_directories_are_dropped(name: str) -> None:
    assert clean_filename(name) == "passwd"


@pytest.mark.parametrize("name", ["", "\r\n", "..", "dir/"])
def test_nothing_usable_sends_no_header(name: str) -> None:
    assert content_disposition(name) is None


def test_a_very_long_name_is_capped() -> None:
    assert len(clean_filename("a" * 1000 + ".csv")) == 255
