"""Write everything that links the lessons into a tour, from jaxtour.catalog.

    python -m tools.lesson_index           # rewrite (make index)
    python -m tools.lesson_index --check   # exit 1 if anything is out of date

- The lesson tables of README.md and lessons/README.md, between
  ``<!-- index:start -->`` and ``<!-- index:end -->``.
- In each lesson source: its place in the tour under the title, between
  ``<!-- tour:start -->`` and ``<!-- tour:end -->``; and its ending, from
  ``<!-- next:start -->`` to the end of the file: the progress cell, how to free the
  kernel, and the link to the next lesson (the last one links back to the start).
  Links are relative, so they work in a workspace and on Binder; a Colab link follows
  each, since Colab opens notebooks one by one from GitHub.

After rewriting lesson sources, ``make lessons`` rebuilds the notebooks.
"""

from __future__ import annotations

import re
import sys
from pathlib import Path

from jaxtour import catalog
from tools.badges import setting

ROOT = Path(__file__).resolve().parent.parent
LESSONS = ROOT / "lessons"
INDEX = re.compile(r"(<!-- index:start -->\n).*?(\n<!-- index:end -->)", re.S)
TOUR = re.compile(r"(<!-- tour:start -->\n).*?(\n<!-- tour:end -->)", re.S)
BADGES_END = "<!-- badges:end -->\n"
NEXT = "<!-- next:start -->"

# Each file that carries the index, and the path from it to the notebooks.
TARGETS = {ROOT / "README.md": "lessons/", LESSONS / "README.md": ""}


def name(lesson: catalog.Lesson) -> str:
    return catalog.link_text(lesson)


def tour_line(lesson: catalog.Lesson) -> str:
    """Where the lesson stands: its number, the lessons before and after it, the index."""
    position = catalog.LESSONS.index(lesson)
    first, last = catalog.LESSONS[0].number, catalog.LESSONS[-1].number
    parts = [f"Lesson {lesson.number} of the tour ({first}–{last})"]
    if position > 0:
        before = catalog.LESSONS[position - 1]
        parts.append(f"previous: [{name(before)}]({before.notebook})")
    if position + 1 < len(catalog.LESSONS):
        after = catalog.LESSONS[position + 1]
        parts.append(f"**next: [{name(after)}]({after.notebook})**")
    parts.append("[all lessons](README.md)")
    return " · ".join(parts)


def ending(lesson: catalog.Lesson) -> str:
    position = catalog.LESSONS.index(lesson)
    colab = setting().colab
    if position + 1 < len(catalog.LESSONS):
        after = catalog.LESSONS[position + 1]
        onward = (
            f"**Next: [{name(after)}]({after.notebook})** "
            f"(on Colab: [open it there]({colab(after.notebook)}))."
        )
    else:
        first = catalog.LESSONS[0]
        onward = (
            "**That was the last lesson.** Back to the start: [all lessons](README.md), "
            f"or [{name(first)}]({first.notebook}) "
            f"(on Colab: [open it there]({colab(first.notebook)}))."
        )
    return f"""{NEXT}
## Your progress

This lesson's exercises and the whole tour: which you passed, and which after a hint or
the solution. Done with this lesson? *Kernel → Shut Down Kernel* frees its memory (an
idle kernel is also shut down for you after a while).

```{{code-cell}} ipython3
:tags: [progress, nbval-ignore-output]

checks.progress("{lesson.number}")
```

{onward}
"""


def lesson_source(lesson: catalog.Lesson) -> tuple[Path, str]:
    path = LESSONS / lesson.source
    text = path.read_text(encoding="utf-8")
    line = tour_line(lesson)
    if TOUR.search(text):
        text = TOUR.sub(lambda m: m.group(1) + line + m.group(2), text)
    elif BADGES_END in text:
        text = text.replace(
            BADGES_END, BADGES_END + f"\n<!-- tour:start -->\n{line}\n<!-- tour:end -->\n", 1
        )
    else:
        raise SystemExit(f"{path}: no badges block to put the tour line under")
    head = text.split(NEXT)[0].rstrip("\n+ ")
    return path, f"{head}\n\n+++\n\n{ending(lesson)}"


def rendered() -> dict[Path, str]:
    files = {}
    for path, prefix in TARGETS.items():
        text = path.read_text(encoding="utf-8")
        if not INDEX.search(text):
            raise SystemExit(f"{path}: no <!-- index:start --> ... <!-- index:end --> block")
        table = catalog.index_table(prefix)
        files[path] = INDEX.sub(lambda m, t=table: m.group(1) + t + m.group(2), text)
    for lesson in catalog.LESSONS:
        path, text = lesson_source(lesson)
        files[path] = text
    return files


def main(argv: list[str]) -> int:
    stale = []
    for path, new in rendered().items():
        if new != path.read_text(encoding="utf-8"):
            stale.append(path.relative_to(ROOT))
            if "--check" not in argv:
                path.write_text(new, encoding="utf-8")
    if stale and "--check" in argv:
        print("out of date (run `make index`, then `make lessons`): " + ", ".join(map(str, stale)))
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
