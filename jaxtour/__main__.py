"""``python -m jaxtour``: the same command as ``jaxtour`` (lab, doctor, progress, reset),
for a machine whose scripts folder is not on PATH (Colab, Kaggle, a TPU VM's user pip)."""

from jaxtour.cli import main

if __name__ == "__main__":
    raise SystemExit(main())
