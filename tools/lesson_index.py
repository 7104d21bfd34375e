"""Write the lesson index tables (README.md, lessons/README.md) from jaxtour.catalog.

    python -m tools.lesson_index           # rewrite both tables
    python -m tools.lesson_index --check   # exit 1 if either is out of date

The tables sit between ``<!-- index:start -->`` and ``<!-- index:end -->``; the rest
of each file is prose and is left as it is.
"""

from __future__ import annotations

import re
import sys
from pathlib import Path

from jaxtour import catalog

ROOT = Path(__file__).resolve().parent.parent
BLOCK = re.compile(r"(<!-- index:start -->\n).*?(\n<!-- index:end -->)", re.S)

# Each file that carries the index, and the path from it to the notebooks.
TARGETS = {ROOT / "README.md": "lessons/", ROOT / "lessons" / "README.md": ""}


def rendered(path: Path, link_prefix: str) -> str:
    text = path.read_text(encoding="utf-8")
    if not BLOCK.search(text):
        raise SystemExit(f"{path}: no <!-- index:start --> ... <!-- index:end --> block")
    table = catalog.index_table(link_prefix)
    return BLOCK.sub(lambda m: m.group(1) + table + m.group(2), text)


def main(argv: list[str]) -> int:
    stale = []
    for path, prefix in TARGETS.items():
        new = rendered(path, prefix)
        if new != path.read_text(encoding="utf-8"):
            stale.append(path.relative_to(ROOT))
            if "--check" not in argv:
                path.write_text(new, encoding="utf-8")
    if stale and "--check" in argv:
        print("out of date (run `make index`): " + ", ".join(map(str, stale)))
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
