"""`python -m services.projectfinance`: run the project-finance backend."""

import sys

from services.projectfinance.main import run

sys.exit(run())
