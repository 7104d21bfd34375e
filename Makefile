# jaxtour's entry points. Needs only python3 (3.11.5+) and make; the first use of any
# target builds .venv with the exact versions in constraints.txt, with uv (bootstrapped
# into .venv) or, failing that, pip: tools/venv-install, which prints one line per step
# with the time it took. make lab installs the runtime alone; every other target adds the
# test tools.
#   make lab       copy the lessons into jaxtour-lessons/ (never overwriting your copies)
#                  and open lesson 00 in JupyterLab; installs only what the lessons need.
#                  PORT=9000 picks the port, LESSON_LANG=ru the Russian edition (lessons/ru/),
#                  LAB_ARGS="--no-browser --cull-after 0" passes more
#   make lab-authors  open the repository's own lessons/, .md sources included
#   make test      `pytest`: the whole suite, tests/ and nbval over lessons/ (what CI runs;
#                  its options live in pyproject.toml: every core, ten slowest listed)
#   make test-fast the fast layer: pytest -m "not slow and not browser" tests
#   make lessons   re-execute every lesson in place (LESSON=01 for just one;
#                  LESSON_LANG=ru for the Russian edition in lessons/ru/)
#   make lint      ruff over the code
#   make messages  update the message catalogs (jaxtour/locale/) from the code and the
#                  exercises, and compile jaxtour.mo (tools/messages.py)
#   make badges    regenerate Colab/Binder badges and install cells from pyproject.toml
#   make binder    regenerate binder/requirements.txt from constraints.txt
#   make index     regenerate the lesson tables in README.md and lessons/README.md from
#                  jaxtour/catalog.py
#   make bench     the benchmarks (not tests): writes benchmarks/RESULTS.md
PYTHON ?= python3
VENV   := .venv
BIN    := $(VENV)/bin
# Two layers: what running the lessons needs (make lab), and the test tools on top.
RUNTIME := $(VENV)/.jaxtour-runtime
TESTING := $(VENV)/.jaxtour-test
INSTALL := tools/venv-install $(VENV) -c constraints.txt
ROOT_FLAG := $(shell [ "$$(id -u)" = 0 ] && echo --allow-root)
# make lab PORT=9000 LAB_ARGS="--no-browser"
LAB_ARGS ?=

.PHONY: lab lab-authors test test-fast lessons messages lint bench badges binder index constraints clean

$(BIN)/python:
	@PYTHON=$(PYTHON) tools/venv-install $(VENV)

$(RUNTIME): pyproject.toml constraints.txt | $(BIN)/python
	@JAXTOUR_STEP="Installing jaxtour and its pinned dependencies" $(INSTALL) -e .
	@touch $@

# The classroom extra (JupyterHub, its Python proxy, the idle culler) comes with the test
# tools: tests/paths/test_classroom_hub.py starts a real hub, and fails in CI without it.
$(TESTING): $(RUNTIME)
	@JAXTOUR_STEP="Installing the test tools" $(INSTALL) -e '.[test,classroom]'
	@touch $@

lab: $(RUNTIME)
	@$(BIN)/jaxtour lab $(if $(PORT),--port $(PORT)) $(if $(LESSON_LANG),--lang $(LESSON_LANG)) $(LAB_ARGS)

# Lesson authors: the repository's lessons/ itself. The .md sources stay visible (they are
# what authors edit; `make lessons` rebuilds the notebooks from them).
lab-authors: $(TESTING)
	$(BIN)/jupyter lab --ServerApp.ip=127.0.0.1 --ServerApp.root_dir=lessons $(ROOT_FLAG) \
		--ContentsManager.hide_globs='$(HIDDEN)'

HIDDEN := ["__pycache__", "*.pyc", ".ipynb_checkpoints"]

# The suite starts well over a hundred Pythons (xdist workers, every notebook's kernel,
# venvs, command lines), each importing JAX. With PYTHONDONTWRITEBYTECODE set (as on some
# machines and images) none of them keeps the bytecode it compiled, so each compiles JAX's
# source again: 3.9 s of imports instead of 2.3 s. The tests write it (to __pycache__/,
# git-ignored, and the venv) and read it back.
KEEP_BYTECODE := env -u PYTHONDONTWRITEBYTECODE

# PYTEST_ARGS (from the command line or the environment) adds options to this run's
# pytest alone, not to the pytests that tests start (PYTEST_ADDOPTS reaches those too):
# PYTEST_ARGS="-p tests.cputime" JAXTOUR_CPU_LOG=/tmp/cpu bash .ci/run (tests/cputime.py)
PYTEST_ARGS ?=

# tests/formatless.py: jsonschema, which nbval's nbformat imports, skips building an IRI
# grammar that no notebook check uses (1.3 s of CPU in each of the five pytest processes).
EARLY := -p tests.formatless

test: $(TESTING)
	$(KEEP_BYTECODE) $(BIN)/python -m pytest $(EARLY) $(PYTEST_ARGS)

test-fast: $(TESTING)
	$(KEEP_BYTECODE) $(BIN)/python -m pytest -m "not slow and not browser" tests

lessons: $(TESTING)
	$(BIN)/python -m tools.build_lessons $(if $(LESSON_LANG),--lang $(LESSON_LANG)) $(LESSON)

# After adding or changing a message (code, exercise data) or a translation.
messages: $(TESTING)
	$(BIN)/python -m tools.messages

# After changing [tool.jaxtour] in pyproject.toml: regenerate the badges and Colab cells.
badges: $(TESTING)
	$(BIN)/python -m tools.badges
	$(BIN)/python -m tools.build_lessons

# After changing constraints.txt: regenerate Binder's pinned requirements.
binder: $(TESTING)
	$(BIN)/python -m tools.binder_requirements

# After changing jaxtour/catalog.py: the lesson tables of both READMEs.
index: $(TESTING)
	$(BIN)/python -m tools.lesson_index

bench: $(TESTING)
	@JAXTOUR_STEP="Installing the benchmark tools" $(INSTALL) -e '.[test,classroom,bench]'
	$(BIN)/python -m benchmarks.run

lint: $(TESTING)
	$(BIN)/ruff check conftest.py jaxtour tests tools benchmarks binder/postBuild classroom
	$(BIN)/ruff format --check conftest.py jaxtour tests tools benchmarks binder/postBuild classroom

# Keeps the section for other platforms and uv (from "# Not installed on CI's Linux" on).
constraints: $(TESTING)
	@{ head -n 2 constraints.txt; $(BIN)/python -m pip freeze --exclude-editable | grep -v '^jaxtour\|^uv=='; \
	  sed -n "/^# Not installed on CI's Linux/,\$$p" constraints.txt; } > constraints.new
	@mv constraints.new constraints.txt

clean:
	rm -rf $(VENV) .pytest_cache
