#!/usr/bin/env bash
# One prepared GPU check. On a machine with an NVIDIA GPU and JAX (CUDA build) installed:
#   1. prints the devices JAX sees,
#   2. executes every lesson in its solved state (each check must say correct),
#   3. runs the dot-timing benchmark and each lesson's wall time and peak memory,
#      printing timings and GB/s against the copy bandwidth it measured there.
# Beside JAX it needs nbclient, nbformat, ipykernel, ipywidgets and matplotlib; it says
# which are missing. Results go to $OUT/jaxtour-gpu (default /tmp) and to stdout.
set -euo pipefail
cd "$(dirname "$0")/.."
PY=${PYTHON:-python3}
export PYTHONPATH="$PWD${PYTHONPATH:+:$PYTHONPATH}"  # jaxtour, tools and benchmarks

"$PY" - <<'PYCODE'
import importlib.util, sys
needed = ("jax", "numpy", "nbclient", "nbformat", "ipykernel", "ipywidgets", "matplotlib")
missing = [name for name in needed if importlib.util.find_spec(name) is None]
if missing:
    sys.exit("missing on this machine: " + " ".join(missing) + " (pip install them first)")
import jax
print("devices:", jax.devices(), "| backend:", jax.default_backend(), "| jax", jax.__version__)
if jax.default_backend() != "gpu":
    print("note: no GPU backend here; the check runs on", jax.default_backend())
PYCODE

"$PY" -m tools.solve_lessons
"$PY" -m benchmarks.run --only lessons,dot --repeats 1 --out "${OUT:-/tmp}/jaxtour-gpu"
