# gloam — two commands on a fresh machine:
#   make play   # creates .venv, installs gloam with only what the web table needs, serves it on
#                 127.0.0.1 (SQLite) and prints its URL; `make play PORT=8001` picks the port
#   make test   # creates .venv, installs gloam with test and optional extras, runs ruff and mypy
#                 (configured in pyproject.toml) and then the whole test suite
#                 (the browser tests need Debian's chromium: apt-get install chromium; .ci/run does it)
#   make test-quick  # the same without the tests marked slow (sweeps, whole games over sockets/browsers)
PYTHON ?= python3
PORT   ?= 8000
VENV   := .venv
BIN    := $(VENV)/bin

.PHONY: play test test-quick bench clean

$(BIN)/activate:
	$(PYTHON) -m venv $(VENV)

# the web table alone (about 120 MB): what `make play` needs
$(VENV)/.installed-web: $(BIN)/activate pyproject.toml
	$(BIN)/pip install --quiet -e '.[web]'
	touch $@

# everything the tests, the research adapters and simulation on Ray need
$(VENV)/.installed: $(BIN)/activate pyproject.toml
	$(BIN)/pip install --quiet -e '.[test,research,ray,web]'
	touch $@

play: $(VENV)/.installed-web
	$(BIN)/gloam serve --port $(PORT)

test: $(VENV)/.installed
	$(BIN)/ruff check src tests benchmarks
	$(BIN)/mypy
	$(BIN)/python -m pytest -n 2 -q src tests

test-quick: $(VENV)/.installed
	$(BIN)/python -m pytest -n 2 -q -m "not slow" src tests

bench: $(VENV)/.installed
	$(BIN)/python benchmarks/nightmarium_speed.py

clean:
	rm -rf $(VENV) build src/*.egg-info .pytest_cache
