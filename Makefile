# The two commands (see README):
#   make up     install into .venv, migrate, run every backend + the edge on :8080 (SQLite)
#   make test   install everything (system packages included) and run the whole check suite
PYTHON ?= python3
VENV   := .venv
BIN    := $(VENV)/bin

.PHONY: up install install-dev system-deps test lint typecheck codegen codegen-check bench clean

up: install
	$(BIN)/finplat up

install: $(VENV)/.installed
$(VENV)/.installed: pyproject.toml
	$(PYTHON) -m venv $(VENV)
	$(BIN)/pip install -q --upgrade pip
	$(BIN)/pip install -q -e .
	touch $@

install-dev: $(VENV)/.installed-dev
$(VENV)/.installed-dev: pyproject.toml
	$(PYTHON) -m venv $(VENV)
	$(BIN)/pip install -q --upgrade pip
	$(BIN)/pip install -q -e '.[dev]'
	touch $@ $(VENV)/.installed

system-deps:
	bash tools/setup_system.sh

test: system-deps install-dev
	buf lint
	buf format -d --exit-code
	$(BIN)/python -m tools.codegen --check
	$(BIN)/ruff check .
	$(BIN)/ruff format --check .
	$(BIN)/mypy
	$(BIN)/pytest -q

lint: install-dev
	buf lint
	$(BIN)/ruff check .
	$(BIN)/ruff format --check .

typecheck: install-dev
	$(BIN)/mypy

codegen: install-dev
	$(BIN)/python -m tools.codegen

codegen-check: install-dev
	$(BIN)/python -m tools.codegen --check

bench: install-dev
	$(BIN)/python -m tools.bench.expense_edge
	$(BIN)/python -m tools.bench.gateway_stack
	$(BIN)/python -m tools.bench.ratelimit

clean:
	rm -rf $(VENV) var build *.egg-info .pytest_cache .mypy_cache .ruff_cache
