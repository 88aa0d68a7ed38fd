# tactica: the two README commands and what stands behind them.
PY      ?= python3
VENV    ?= .venv
BIN     := $(VENV)/bin
STAMP   := $(VENV)/.installed
GAME    ?= great_war
SCENARIO ?=
SEATS   ?= human,random

.PHONY: setup play test lint typecheck unit bench clean

$(STAMP): pyproject.toml
	$(PY) -m venv $(VENV)
	$(BIN)/pip install --quiet --upgrade pip
	$(BIN)/pip install --quiet -e '.[dev,sim,interop]'
	touch $(STAMP)

setup: $(STAMP)

## The main job: play a game in the terminal against the AI (the web app will replace this).
play: $(STAMP)
	$(BIN)/tactica games
	$(BIN)/tactica play $(GAME) $(if $(SCENARIO),$(SCENARIO),$$($(BIN)/python -c "from tactica.games import get_rules; print(get_rules('$(GAME)').scenarios()[0].id)")) --seats $(SEATS)

## The whole test suite: lint, types, unit/property/fuzz tests.
test: $(STAMP) lint typecheck unit

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
