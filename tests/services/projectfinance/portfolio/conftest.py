"""The portfolio's tests' fixtures (tests.services.projectfinance.portfolio.support)."""

import pytest

from tests.services.projectfinance.portfolio.support import MainDirectory


@pytest.fixture
def main() -> MainDirectory:
    return MainDirectory()
