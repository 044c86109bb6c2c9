# Two commands on a fresh machine: `make run` and `make test`.
PYTHON ?= python3
VENV := .venv
BIN := $(VENV)/bin
PIP := $(BIN)/python -m pip --quiet --disable-pip-version-check
APP := $(VENV)/.installed-app
TEST := $(VENV)/.installed-test
CATALOGS := scorekeeper/translations
MO := $(CATALOGS)/ja/LC_MESSAGES/messages.mo

.PHONY: run test check lint format bench translations clean

$(BIN)/python:
	$(PYTHON) -m venv $(VENV)

$(APP): pyproject.toml | $(BIN)/python
	$(PIP) install -e .
	touch $@
	rm -f $(MO)

$(TEST): pyproject.toml | $(BIN)/python
	$(PIP) install -e '.[test]'
	touch $(APP) $@

# Compiled message catalogs are built here, never committed.
$(MO): $(CATALOGS)/ja/LC_MESSAGES/messages.po | $(APP)
	$(BIN)/pybabel compile -d $(CATALOGS)

# After changing user-facing strings: extract them and update the catalogs to translate.
translations: $(TEST)
	$(BIN)/pybabel extract -F babel.cfg -k _l -k N_ -k Nn_:1,2 --no-location --sort-output --omit-header -o messages.pot .
	$(BIN)/pybabel update -N --ignore-obsolete -w 100 -i messages.pot -d $(CATALOGS)
	rm messages.pot

# Serve the app on every interface of this machine and print the URL phones should open
# (another port: make run PORT=8080).
PORT ?= 8000
run: $(APP) $(MO)
	@$(BIN)/scorekeeper serve --port $(PORT)

# Lint, type-check and run the whole suite (browser tests need Debian's chromium).
test: $(TEST) $(MO)
	$(BIN)/ruff check .
	$(BIN)/ruff format --check .
	$(BIN)/mypy
	$(BIN)/python -m pytest

# The fast loop while working: lint, types and every test but the real browser's.
check: $(TEST) $(MO)
	$(BIN)/ruff check .
	$(BIN)/ruff format --check .
	$(BIN)/mypy
	$(BIN)/python -m pytest --ignore=tests/browser -q

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
