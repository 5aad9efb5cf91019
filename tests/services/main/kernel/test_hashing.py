from __future__ import annotations

import time
from collections.abc import Callable

import pytest

from services.main.kernel.hashing import Argon2Params, PasswordHasher

# The real algorithm with cheap parameters keeps the suite fast; one test uses defaults.
FAST = Argon2Params(time_cost=1, memory_cost=1024, parallelism=1)


@pytest.fixture(scope="module")
def hasher() -> PasswordHasher:
    return PasswordHasher(FAST)


def test_defaults_are_owasp_minimum_argon2id() -> None:
    params = Argon2Params()
    assert (params.time_cost, params.memory_cost, params.parallelism) == (2, 19456, 1)
    stored = PasswordHasher().hash("correct horse battery staple")
    assert stored.startswith("$argon2id$v=19$m=19456,t=2,p=1$")


def test_hash_then_verify(hasher: PasswordHasher) -> None:
    stored = hasher.hash("correct horse battery staple")
    assert hasher.verify(stored, "correct horse battery staple")
    assert not hasher.verify(stored, "correct horse battery stapler")


def test_hashes_are_salted(hasher: PasswordHasher) -> None:
    assert hasher.hash("same password") != hasher.hash("same password")


def test_long_passwords_are_not_truncated(hasher: PasswordHasher) -> None:
    password = "x" * 127 + "a"
    stored = hasher.hash(password)
    assert hasher.verify(stored, password)
    assert not hasher.verify(stored, "x" * 127 + "b")


def test_unicode_forms_of_the_same_password_verify(hasher: PasswordHasher) -> None:
    composed, decomposed = "caf\u00e9 au lait", "cafe\u0301 au lait"
    assert hasher.verify(hasher.hash(composed), decomposed)


@pytest.mark.parametrize("stored", ["", "not a hash", "$argon2id$garbage", "$2b$12$abcdefghijk"])
def test_malformed_hashes_verify_false_without_raising(hasher: PasswordHasher, stored: str) -> None:
    assert hasher.verify(stored, "whatever") is False


def test_needs_rehash_when_parameters_change(hasher: PasswordHasher) -> None:
    stored = hasher.hash("correct horse battery staple")
    assert not hasher.needs_rehash(stored)
    stronger = PasswordHasher(Argon2Params(time_cost=2, memory_cost=1024, parallelism=1))
    assert stronger.needs_rehash(stored)
    assert stronger.verify(stored, "correct horse battery staple")  # old hashes still work


def test_needs_rehash_for_unreadable_hash(hasher: PasswordHasher) -> None:
    assert hasher.needs_rehash("not a hash")


def test_verify_dummy_costs_about_as_much_as_a_real_verify() -> None:
    hasher = PasswordHasher(Argon2Params(time_cost=2, memory_cost=8192, parallelism=1))
    stored = hasher.hash("correct horse battery staple")

    def best_of(action: Callable[[], object], runs: int = 5) -> float:
        timings = []
        for _ in range(runs):
            start = time.perf_counter()
            action()
            timings.append(time.perf_counter() - start)
        return min(timings)

    real = best_of(lambda: hasher.verify(stored, "wrong password"))
    dummy = best_of(lambda: hasher.verify_dummy("wrong password"))
    assert 0.5 < dummy / real < 2.0
