"""`python -m services.expense`: run the expense backend."""

import sys

from services.expense.main import run

sys.exit(run())
