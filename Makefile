# tactica: the two README commands and what stands behind them.
PY      ?=
VENV    ?= .venv
BIN     := $(VENV)/bin
SERVE   := $(VENV)/.installed-serve
STAMP   := $(VENV)/.installed
GAME    ?= great_war
SCENARIO ?=
SEATS   ?= human,random
PORT    ?= 8000
DATA    ?= $(CURDIR)/.data
CHROMIUM ?= /usr/bin/chromium

.PHONY: setup compile play play-terminal browser postgresql test lint typecheck unit bench clean

## Serving needs only the package itself (a few small wheels); pip shows its progress. The venv's
## Python is the fastest 3.11+ installed (tools/pick_python.py says why), or PY=… if given.
$(SERVE): pyproject.toml
	@echo "== installing what serving needs into $(VENV) =="
	py="$(PY)"; [ -n "$$py" ] || py=$$(python3 tools/pick_python.py --verbose) || py=python3; \
	  echo "== $(VENV) from $$py =="; "$$py" -m venv $(VENV)
	$(BIN)/pip install --progress-bar on --upgrade pip
	$(BIN)/pip install --progress-bar on -e .
	touch $(SERVE)

## Tests, simulation and the OpenSpiel/PettingZoo adapters: the rest (a large download).
$(STAMP): $(SERVE)
	@echo "== installing the test, simulation and interop extras into $(VENV) (large: takes minutes) =="
	$(BIN)/pip install --progress-bar on -e '.[dev,sim,interop,compile]'
	touch $(STAMP)

setup: $(STAMP) postgresql compile

## The compiled build: Cython compiles the engine, AI and rules modules beside their sources (the
## same play for less CPU; docs/architecture.md, "The compiled build"). Rebuilt when a source
## changes; until then that module loads from its source. Debian's gcc is installed when missing
## and we are root; without a C compiler tactica simply runs from its sources.
COMPILED := src/tactica/_compiled.json
HEADERS  := $(BIN)/python -c "import os, sysconfig; raise SystemExit(not os.path.isfile(os.path.join(sysconfig.get_paths()['include'], 'Python.h')))"
$(COMPILED): $(STAMP) src/tactica/compiled.py $(shell find src/tactica/core src/tactica/ai src/tactica/games -name '*.py')
	@if ! command -v cc >/dev/null 2>&1 && [ "$$(id -u)" = 0 ]; then \
	  export DEBIAN_FRONTEND=noninteractive; apt-get update -qq && apt-get install -y -qq gcc; fi
	@if ! $(HEADERS) && [ "$$(id -u)" = 0 ]; then \
	  export DEBIAN_FRONTEND=noninteractive; apt-get update -qq && apt-get install -y -qq python3-dev; fi
	@if command -v cc >/dev/null 2>&1 && $(HEADERS); then \
	  echo "== compiling the engine, AI and rules modules (minutes the first time) =="; \
	  $(BIN)/python -m tactica.compiled build; \
	else echo "note: no C compiler or no Python headers (apt-get install gcc python3-dev):" \
	  "tactica runs from its sources"; fi

compile: $(COMPILED)

## The main job: serve the web app (lobby and table) on localhost, games kept in SQLite in this
## checkout's .data folder (DATA=… to keep them elsewhere).
play: $(SERVE)
	@echo "== serving http://127.0.0.1:$(PORT)/ (games in $(DATA)) =="
	$(BIN)/tactica serve --host 127.0.0.1 --port $(PORT) --data $(DATA)

## Play one game in the terminal against the AI.
play-terminal: $(SERVE)
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
test: $(STAMP) browser postgresql compile lint typecheck unit

lint: $(STAMP)
	$(BIN)/ruff check src tests bench tools

typecheck: $(STAMP)
	$(BIN)/mypy

unit: $(STAMP)
	$(BIN)/pytest -n 2

bench: $(STAMP)
	$(BIN)/python bench/bench_los.py
	$(BIN)/python bench/bench_core.py
	$(BIN)/python bench/bench_sim.py

clean:
	rm -rf $(VENV) .pytest_cache .mypy_cache .ruff_cache .hypothesis build/compiled $(COMPILED)
	find src/tactica -name '*.so' -delete
