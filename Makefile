# Two commands on a fresh machine: `make run` and `make test`.
PYTHON ?= python3
VENV := .venv
BIN := $(VENV)/bin
PIP := $(BIN)/python -m pip --quiet --disable-pip-version-check
APP := $(VENV)/.installed-app
TEST := $(VENV)/.installed-test

.PHONY: run test lint format bench clean

$(BIN)/python:
	$(PYTHON) -m venv $(VENV)

$(APP): pyproject.toml | $(BIN)/python
	$(PIP) install -e .
	touch $@

$(TEST): pyproject.toml | $(BIN)/python
	$(PIP) install -e '.[test]'
	touch $(APP) $@

# Serve the app on every interface of this machine and print the URL phones should open.
run: $(APP)
	$(BIN)/scorekeeper serve

# Lint, type-check and run the whole suite (browser tests need Debian's chromium).
test: $(TEST)
	$(BIN)/ruff check .
	$(BIN)/ruff format --check .
	$(BIN)/mypy
	$(BIN)/python -m pytest

lint: $(TEST)
	$(BIN)/ruff check .
	$(BIN)/ruff format --check .
	$(BIN)/mypy

format: $(TEST)
	$(BIN)/ruff format .
	$(BIN)/ruff check --fix .

# Speed figures (medians, and ratios to a floor measured in the same run).
bench: $(TEST)
	$(BIN)/python bench/run.py

clean:
	rm -rf $(VENV) build *.egg-info .pytest_cache .ruff_cache .mypy_cache .hypothesis
