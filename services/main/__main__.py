"""`python -m services.main`: run the main backend."""

from services.main.main import run

raise SystemExit(run())
