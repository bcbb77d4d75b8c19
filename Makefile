# The two commands of the README: `make demo` and `make test`. Both set up .venv first.
# `make test` also builds the docs site with --strict (CI runs `make test`, see .ci/run).
# the Python the .venv is made with: python3.11 when present (the version the tests ran with), else the
# first of python3.12, python3.13, python3; `make PYTHON=/path/to/python3.11 demo` to choose one. The
# package needs 3.11 or newer (requires-python): an older one, or a .venv made with one, stops with a
# message saying what to do.
PYTHON ?= $(firstword $(foreach p,python3.11 python3.12 python3.13 python3,$(if $(shell command -v $(p) 2>/dev/null),$(p))) python3)
VENV := .venv
PY := $(VENV)/bin/python
STAMP := $(VENV)/.toolfilter-installed
export HF_HUB_OFFLINE := 1
export TOKENIZERS_PARALLELISM := false
export NO_MKDOCS_2_WARNING := 1

# the goal to run again with another Python (a plain `make` runs setup)
GOAL = $(or $(MAKECMDGOALS),setup)
IS_3_11 = -c 'import sys; sys.exit(sys.version_info < (3, 11))'
VERSION_OF = $$($(1) -c 'import platform; print(platform.python_version())' 2>/dev/null || echo 'not found')
# a new .venv, after checking the Python is 3.11 or newer (pyproject's requires-python)
NEW_VENV = { $(PYTHON) $(IS_3_11) || { \
  echo "error: $(PYTHON) is Python $(call VERSION_OF,$(PYTHON)); toolfilter needs Python 3.11 or newer: install python3.11, or run make PYTHON=/path/to/python3.11 $(GOAL)" >&2; \
  exit 1; }; } && $(PYTHON) -m venv $(VENV)
# the .venv there is, if made with 3.11 or newer, else a new one (NEW_VENV); an older one is left for you to remove
VENV_READY = if test -x $(PY); then $(PY) $(IS_3_11) || { \
  echo "error: $(VENV) was made with Python $(call VERSION_OF,$(PY)); toolfilter needs Python 3.11 or newer: remove it (rm -rf $(VENV)), then run make PYTHON=/path/to/python3.11 $(GOAL)" >&2; \
  exit 1; }; else $(NEW_VENV); fi

.PHONY: demo test unit integration lint bench docs docs-check setup chromium clean mutation

setup: $(STAMP) chromium

# headless Chromium renders the HTML report in tests/integration/test_report_render.py: Debian's
# package, installed when missing and apt-get is at hand (as root, or with sudo); elsewhere a note
# and nothing fails (the test then skips, saying why)
chromium:
	@command -v chromium >/dev/null 2>&1 || command -v chromium-browser >/dev/null 2>&1 || { \
	  if command -v apt-get >/dev/null 2>&1; then \
	    if [ "$$(id -u)" = 0 ]; then apt-get install -y chromium || { apt-get update && apt-get install -y chromium; }; \
	    elif command -v sudo >/dev/null 2>&1; then sudo -n apt-get install -y chromium; fi \
	    || echo "note: could not install chromium; the report rendering test will skip"; \
	  else echo "note: no apt-get here; install chromium yourself to run the report rendering test"; fi; }

$(STAMP): pyproject.toml constraints.txt
	@$(VENV_READY)
	$(PY) -m pip install --quiet --upgrade "pip>=25.1"
	$(PY) -m pip install --quiet -c constraints.txt torch==2.13.0
	$(PY) -m pip install --quiet -c constraints.txt -e ".[all]" --group test --group lint --group typing --group docs --group mutation
	touch $(STAMP)

# the demo needs only the package (its default embedder ships its weights): a few hundred MB, not the
# test and docs tools; a .venv that `make test` set up already has it
DEMO_STAMP := $(VENV)/.toolfilter-demo
$(DEMO_STAMP): pyproject.toml constraints.txt
	@$(VENV_READY)
	test -f $(STAMP) || { $(PY) -m pip install --quiet --upgrade "pip>=25.1" && $(PY) -m pip install --quiet -c constraints.txt -e .; }
	touch $(DEMO_STAMP)

demo: $(DEMO_STAMP)
	$(VENV)/bin/toolfilter demo

test: $(STAMP) chromium
	$(PY) -m pytest tests
	$(MAKE) --no-print-directory docs-check

unit: $(STAMP)
	$(PY) -m pytest tests/unit

integration: $(STAMP) chromium
	$(PY) -m pytest tests/integration

lint: $(STAMP)
	$(VENV)/bin/ruff check .
	$(VENV)/bin/ruff format --check .
	$(VENV)/bin/mypy

# the full mutation run of the pipeline (about 45 minutes on one core; docs/mutation.md); `make test`
# runs only its fixed sample (tests/mutation)
mutation: $(STAMP)
	$(PY) benchmarks/mutation/run.py

# select() on the kit (bench_select.py), then by registry size from the first call after opening a
# store, with and without profiles, embedded and on a Chroma server, beside plain top-k
# (bench_latency.py, docs/scaling.md); `make bench BIG=1` adds 50,000 tools
bench: $(STAMP)
	$(PY) benchmarks/bench_select.py
	$(PY) benchmarks/bench_latency.py $(if $(BIG),--big,)

# regenerate the configuration table of docs/configuration.md, then build the site into site/
docs: $(STAMP)
	$(PY) -m toolfilter_core._config_table --write docs/configuration.md
	$(VENV)/bin/mkdocs build --strict

# the site builds strictly (every page in the nav, no broken link or anchor, the API reference
# from the docstrings), into a scratch directory: nothing in the tree changes
docs-check: $(STAMP)
	tmp=$$(mktemp -d) && trap 'rm -rf "$$tmp"' EXIT && $(VENV)/bin/mkdocs build --strict --site-dir "$$tmp"

clean:
	rm -rf .toolfilter site $(VENV)
