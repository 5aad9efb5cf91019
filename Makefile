# The two commands (see README):
#   make up     install the runtime lock into .venv and the dashboard's Chart.js (npm), migrate,
#               run every backend + the edge (SQLite)
#   make test   install everything (system packages, the dev lock) and run the whole check suite
# Dependencies: ranges in pyproject.toml, exact versions with hashes in the lock files
# (requirements.txt: runtime + ops; requirements-dev.txt: + dev). `make lock` refreshes
# them; docs/setup.md explains why they are uv-compiled requirements files.
SHELL  := bash
PYTHON ?= python3
VENV   ?= .venv
BIN    := $(VENV)/bin
PIP    := $(BIN)/python -m pip

LOCK     := requirements.txt
DEV_LOCK := requirements-dev.txt
# pytest-xdist workers of `make test` (each file runs whole on one worker, with its own
# session servers; at most 4, each starts PostgreSQL, Redis and clamd); tests marked
# `serial` (timings) run alone afterwards.
TEST_WORKERS ?= auto
# The machines' interpreter and platform (CPython 3.11, x86-64 Linux): resolved for them,
# not for whoever runs `make lock`.
LOCK_PYTHON   := 3.11
LOCK_PLATFORM := x86_64-unknown-linux-gnu
UV_COMPILE = $(BIN)/uv pip compile pyproject.toml - --quiet --generate-hashes \
	--python-version $(LOCK_PYTHON) --python-platform $(LOCK_PLATFORM) \
	--custom-compile-command "make lock"
# [build-system].requires go into the locks too (read from stdin above): the project is
# installed without build isolation, so building it fetches nothing unpinned.
BUILD_REQUIRES = $(BIN)/python -c 'import tomllib; \
	print(*tomllib.load(open("pyproject.toml", "rb"))["build-system"]["requires"], sep="\n")'
# $(call compile_dev,OUT[,FLAGS]) / $(call compile_runtime,OUT): the runtime lock is
# constrained by the dev lock, so both pin the same version of every shared package.
compile_dev     = $(BUILD_REQUIRES) | $(UV_COMPILE) --extra ops --extra dev $(2) -o $(1)
compile_runtime = $(BUILD_REQUIRES) | $(UV_COMPILE) --extra ops -c $(DEV_LOCK) -o $(1)
# $(call pins,LOCKFILE): its `name==version` lines.
pins = grep -E '^[^ \#]' $(1) | sed 's/ *\\$$//'

# The dashboard page's browser dependencies (Chart.js), pinned with integrity hashes in
# its package-lock.json and installed from the npm registry into its node_modules/.
DASHBOARD := edge/dashboard

.PHONY: up install install-dev dashboard-assets system-deps test lint typecheck codegen \
	codegen-check bench lock lock-upgrade lock-check clean

up: install dashboard-assets
	$(BIN)/finplat up

# $(call install_lock,LOCKFILE): the venv, the locked packages (hashes checked), then the
# project itself, editable and without dependencies (they all come from the lock).
define install_lock
	$(PYTHON) -m venv $(VENV)
	@$(BIN)/python -c 'import platform as p; p.python_version().startswith("$(LOCK_PYTHON).") \
		or print("warning: the lock files are resolved for Python $(LOCK_PYTHON), not", \
		p.python_version())'
	$(PIP) install -q --require-hashes -r $(1)
	$(PIP) install -q --no-deps --no-build-isolation -e .
endef

install: $(VENV)/.installed
$(VENV)/.installed: $(LOCK) pyproject.toml
	$(call install_lock,$(LOCK))
	touch $@

install-dev: $(VENV)/.installed-dev
$(VENV)/.installed-dev: $(DEV_LOCK) pyproject.toml
	$(call install_lock,$(DEV_LOCK))
	touch $@ $(VENV)/.installed

# `npm ci` installs exactly the lock (hashes checked), runs no package scripts, and only
# when the lock changed since the last install.
dashboard-assets: $(DASHBOARD)/node_modules/.installed
$(DASHBOARD)/node_modules/.installed: $(DASHBOARD)/package.json $(DASHBOARD)/package-lock.json
	@command -v npm >/dev/null 2>&1 || { echo "npm not found: the dashboard's Chart.js comes" \
		"from the npm registry. Install Node.js and npm (Debian: apt-get install nodejs npm," \
		"or bash tools/setup_system.sh), then run make again." >&2; exit 1; }
	npm ci --prefix $(DASHBOARD) --no-audit --no-fund --ignore-scripts
	touch $@

system-deps:
	bash tools/setup_system.sh

test: system-deps install-dev lock-check dashboard-assets
	buf lint
	buf format -d --exit-code
	$(BIN)/python -m tools.codegen --check
	$(BIN)/ruff check .
	$(BIN)/ruff format --check .
	$(BIN)/lint-imports
	$(BIN)/mypy
	$(BIN)/pytest -q -n $(TEST_WORKERS) --maxprocesses 4 --dist loadfile -m "not serial"
	$(BIN)/pytest -q -m serial

# Re-resolve after editing pyproject.toml's dependencies: pins that still satisfy the
# ranges are kept; `make lock-upgrade` moves everything to the newest allowed versions.
lock: install-dev
	$(call compile_dev,$(DEV_LOCK))
	$(call compile_runtime,$(LOCK))

lock-upgrade: install-dev
	$(call compile_dev,$(DEV_LOCK),--upgrade)
	$(call compile_runtime,$(LOCK))

# Fails when pyproject.toml and the lock files disagree (someone forgot `make lock`).
# Only the pins are compared: a wheel uploaded later for a pinned version adds a hash
# without making the lock wrong.
lock-check: install-dev
	@tmp=$$(mktemp -d); trap 'rm -rf "$$tmp"' EXIT; \
	cp $(LOCK) $(DEV_LOCK) "$$tmp"/ \
	&& $(call compile_dev,"$$tmp"/$(DEV_LOCK)) \
	&& $(call compile_runtime,"$$tmp"/$(LOCK)) \
	&& diff <($(call pins,$(DEV_LOCK))) <($(call pins,"$$tmp"/$(DEV_LOCK))) \
	&& diff <($(call pins,$(LOCK))) <($(call pins,"$$tmp"/$(LOCK))) \
	|| { echo "the lock files do not match pyproject.toml: run make lock" >&2; exit 1; }

lint: install-dev
	buf lint
	$(BIN)/ruff check .
	$(BIN)/ruff format --check .
	$(BIN)/lint-imports

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
	rm -rf $(VENV) var build *.egg-info .pytest_cache .mypy_cache .ruff_cache \
		$(DASHBOARD)/node_modules
