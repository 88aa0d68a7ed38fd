# tactica: the two README commands and what stands behind them.
PY      ?= python3
VENV    ?= .venv
BIN     := $(VENV)/bin
STAMP   := $(VENV)/.installed
GAME    ?= great_war
SCENARIO ?=
SEATS   ?= human,random
PORT    ?= 8000
CHROMIUM ?= /usr/bin/chromium

.PHONY: setup play play-terminal browser postgresql test lint typecheck unit bench clean

$(STAMP): pyproject.toml
	$(PY) -m venv $(VENV)
	$(BIN)/pip install --quiet --upgrade pip
	$(BIN)/pip install --quiet -e '.[dev,sim,interop]'
	touch $(STAMP)

setup: $(STAMP) postgresql

## The main job: serve the web app (lobby and table) on localhost, games kept in SQLite.
play: $(STAMP)
	$(BIN)/tactica serve --host 127.0.0.1 --port $(PORT)

## Play one game in the terminal against the AI.
play-terminal: $(STAMP)
	$(BIN)/tactica games
	$(BIN)/tactica play $(GAME) $(if $(SCENARIO),$(SCENARIO),$$($(BIN)/python -c "from tactica.games import get_rules; print(get_rules('$(GAME)').scenarios()[0].id)")) --seats $(SEATS)

## Debian's Chromium for the browser tests (installed when missing and we are root).
browser:
	@if [ ! -x $(CHROMIUM) ]; then \
	  if [ "$$(id -u)" = 0 ]; then \
	    export DEBIAN_FRONTEND=noninteractive; \
	    apt-get update -qq && apt-get install -y -qq chromium chromium-driver; \
	  else echo "note: $(CHROMIUM) is missing: the browser tests need Debian's chromium" \
	    "(apt-get install chromium chromium-driver)"; fi; fi

## Debian's PostgreSQL for the server tests, which start a throwaway cluster of their own
## (installed when missing and we are root; the tests skip, saying why, without it).
postgresql:
	@if ! ls /usr/lib/postgresql/*/bin/initdb >/dev/null 2>&1; then \
	  if [ "$$(id -u)" = 0 ]; then \
	    export DEBIAN_FRONTEND=noninteractive; \
	    apt-get update -qq && apt-get install -y -qq postgresql; \
	  else echo "note: PostgreSQL is missing: the server tests run on it too" \
	    "(apt-get install postgresql)"; fi; fi

## The whole test suite: lint, types, unit/property/fuzz tests.
test: $(STAMP) browser postgresql lint typecheck unit

lint: $(STAMP)
	$(BIN)/ruff check src tests bench

typecheck: $(STAMP)
	$(BIN)/mypy

unit: $(STAMP)
	$(BIN)/pytest -n 2

bench: $(STAMP)
	$(BIN)/python bench/bench_los.py
	$(BIN)/python bench/bench_core.py
	$(BIN)/python bench/bench_sim.py

clean:
	rm -rf $(VENV) .pytest_cache .mypy_cache .ruff_cache .hypothesis
