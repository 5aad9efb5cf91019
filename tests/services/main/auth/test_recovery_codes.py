from __future__ import annotations

import math
import re

import pytest

from services.main.auth.domain import recovery_codes
from services.main.auth.domain.recovery_codes import (
    ALPHABET,
    COUNT,
    generate,
    hash_code,
    looks_like_recovery_code,
    normalise,
    verify,
)

FORMAT = re.compile(rf"[{ALPHABET}]{{5}}-[{ALPHABET}]{{5}}")


def test_generates_ten_distinct_well_formed_codes() -> None:
    codes = generate()
    assert len(codes) == COUNT == 10
    assert len(set(codes)) == 10
    assert all(FORMAT.fullmatch(code) for code in codes)
    assert generate() != codes


def test_each_code_carries_at_least_50_bits() -> None:
    assert len(ALPHABET) == len(set(ALPHABET)) == 32
    assert recovery_codes.LENGTH * math.log2(len(ALPHABET)) >= 50


def test_alphabet_is_lowercase_without_lookalike_letters() -> None:
    assert ALPHABET.lower() == ALPHABET
    assert not set("ilou") & set(ALPHABET)


def test_normalise() -> None:
    assert normalise(" K7M2P-9XQ4T ") == "k7m2p9xq4t"
    assert normalise("k7m2p 9xq4t") == "k7m2p9xq4t"
    # Hand-copied look-alikes read as the digits they stand for.
    assert normalise("OIL00-11abc") == "01100" + "11abc"


def test_hash_is_salted_and_verifies() -> None:
    code = generate()[0]
    first, second = hash_code(code), hash_code(code)
    assert first != second
    scheme, salt, digest = first.split("$")
    assert scheme == "sha256" and len(salt) == 32 and len(digest) == 64
    assert verify(code, first) and verify(code, second)


def test_verify_ignores_case_hyphens_and_spaces() -> None:
    stored = hash_code("k7m2p-9xq4t")
    assert verify("K7M2P9XQ4T", stored)
    assert verify("k7m2p 9xq4t", stored)
    assert verify("k7m2p-9xq4t", stored)


def test_verify_refuses_another_code() -> None:
    stored = hash_code("k7m2p-9xq4t")
    assert not verify("k7m2p-9xq4v", stored)
    assert not verify("", stored)


@pytest.mark.parametrize(
    "stored",
    ["", "sha256", "sha256$$", "sha256$zz$00", "md5$00$00", "sha256$0011$", "plain"],
)
def test_verify_of_a_malformed_stored_hash_is_false(stored: str) -> None:
    assert verify("k7m2p-9xq4t", stored) is False


def test_looks_like_recovery_code_tells_it_from_totp() -> None:
    assert looks_like_recovery_code("k7m2p-9xq4t")
    assert looks_like_recovery_code("K7M2P9XQ4T")
    assert not looks_like_recovery_code("123456")
    assert not looks_like_recovery_code("k7m2p-9xq4")
    assert not looks_like_recovery_code("k7m2p-9xq4t!")
    assert all(looks_like_recovery_code(code) for code in generate())
