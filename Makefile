# jaxtour's entry points. Needs only python3 (3.11+) and make; the first use of any
# target builds .venv with the exact versions in constraints.txt.
#   make lab       copy the lessons into jaxtour-lessons/ (never overwriting your copies)
#                  and open them in JupyterLab (127.0.0.1; Jupyter makes a fresh token)
#   make test      run the whole test suite (what CI runs)
#   make lessons   re-execute every lesson in place (LESSON=01 for just one)
#   make lint      ruff over the code
#   make badges    regenerate Colab/Binder badges and install cells from pyproject.toml
#   make binder    regenerate binder/requirements.txt from constraints.txt
#   make bench     the benchmarks (not tests): writes benchmarks/RESULTS.md
PYTHON ?= python3
VENV   := .venv
BIN    := $(VENV)/bin
STAMP  := $(VENV)/.jaxtour-installed
ROOT_FLAG := $(shell [ "$$(id -u)" = 0 ] && echo --allow-root)

.PHONY: lab lab-authors test lessons lint bench badges binder constraints clean

$(STAMP): pyproject.toml constraints.txt
	@test -x $(BIN)/python || $(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install --quiet --disable-pip-version-check \
		-c constraints.txt -e '.[test]'
	@touch $@

lab: $(STAMP)
	$(BIN)/jaxtour lab

# Lesson authors: the repository's lessons/ itself, .md sources hidden.
lab-authors: $(STAMP)
	$(BIN)/jupyter lab --ServerApp.ip=127.0.0.1 --ServerApp.root_dir=lessons $(ROOT_FLAG) \
		--ContentsManager.hide_globs='$(HIDDEN)'

HIDDEN := ["__pycache__", "*.pyc", ".ipynb_checkpoints", "[0-9][0-9]_*.md"]

test: $(STAMP)
	$(BIN)/python -m pytest tests lessons --nbval --nbval-sanitize-with tests/nbval-sanitize.cfg

lessons: $(STAMP)
	$(BIN)/python tools/build_lessons.py $(LESSON)

# After changing [tool.jaxtour] in pyproject.toml: regenerate the badges and Colab cells.
badges: $(STAMP)
	$(BIN)/python tools/badges.py
	$(BIN)/python tools/build_lessons.py

# After changing constraints.txt: regenerate Binder's pinned requirements.
binder: $(STAMP)
	$(BIN)/python tools/binder_requirements.py

bench: $(STAMP)
	$(BIN)/python -m pip install --quiet --disable-pip-version-check -c constraints.txt -e '.[test,bench]'
	$(BIN)/python benchmarks/run.py

lint: $(STAMP)
	$(BIN)/ruff check jaxtour tests tools benchmarks
	$(BIN)/ruff format --check jaxtour tests tools benchmarks

constraints: $(STAMP)
	@{ head -n 2 constraints.txt; $(BIN)/python -m pip freeze --exclude-editable | grep -v '^jaxtour'; } > constraints.new
	@mv constraints.new constraints.txt

clean:
	rm -rf $(VENV) .pytest_cache
