"""`python -m services.analytics`: run the analytics backend."""

import sys

from services.analytics.main import run

sys.exit(run())
