# gloam — two commands on a fresh machine:
#   make play   # creates .venv, installs gloam, starts a terminal game of Nightmarium against bots
#   make test   # creates .venv, installs gloam with test and optional extras, runs the whole test suite
PYTHON ?= python3
VENV   := .venv
BIN    := $(VENV)/bin

.PHONY: play test bench clean

$(BIN)/activate:
	$(PYTHON) -m venv $(VENV)

$(VENV)/.installed: $(BIN)/activate pyproject.toml
	$(BIN)/pip install --quiet -e '.[test,research,ray,web]'
	touch $@

play: $(VENV)/.installed
	$(BIN)/gloam play nightmarium --seats you,greedy,random

test: $(VENV)/.installed
	$(BIN)/python -m pytest -n 2 -q src tests

bench: $(VENV)/.installed
	$(BIN)/python benchmarks/nightmarium_speed.py

clean:
	rm -rf $(VENV) build src/*.egg-info .pytest_cache
