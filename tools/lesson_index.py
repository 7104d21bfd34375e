"""Write everything that links the lessons into a tour, from jaxtour.catalog.

    python -m tools.lesson_index           # rewrite (make index)
    python -m tools.lesson_index --check   # exit 1 if anything is out of date

Every edition (``tools.editions``), in its own words and titles:

- The lesson tables of its README (README.md, README.ru.md) and of its lessons' folder
  (lessons/README.md, lessons/ru/README.md), between
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
from tools.editions import EDITIONS, ENGLISH, Edition

ROOT = Path(__file__).resolve().parent.parent
INDEX = re.compile(r"(<!-- index:start -->\n).*?(\n<!-- index:end -->)", re.S)
TOUR = re.compile(r"(<!-- tour:start -->\n).*?(\n<!-- tour:end -->)", re.S)
BADGES_END = "<!-- badges:end -->\n"
NEXT = "<!-- next:start -->"


def targets(edition: Edition) -> dict[Path, str]:
    """Each file that carries the edition's index, and the path from it to the notebooks."""
    return {edition.readme_path: f"{edition.folder}/", edition.path / "README.md": ""}


def tour_line(lesson: catalog.Lesson, edition: Edition = ENGLISH) -> str:
    """Where the lesson stands: its number, the lessons before and after it, the index."""
    position = catalog.LESSONS.index(lesson)
    first, last = catalog.LESSONS[0].number, catalog.LESSONS[-1].number
    parts = [edition.tour.format(number=lesson.number, first=first, last=last)]
    if position > 0:
        before = catalog.LESSONS[position - 1]
        name = edition.link_text(before)
        parts.append(edition.previous.format(name=name, notebook=before.notebook))
    if position + 1 < len(catalog.LESSONS):
        after = catalog.LESSONS[position + 1]
        name = edition.link_text(after)
        parts.append(edition.next.format(name=name, notebook=after.notebook))
    parts.append(edition.all_lessons)
    return " · ".join(parts)


def ending(lesson: catalog.Lesson, edition: Edition = ENGLISH) -> str:
    position = catalog.LESSONS.index(lesson)
    last = position + 1 == len(catalog.LESSONS)
    target = catalog.LESSONS[0] if last else catalog.LESSONS[position + 1]
    words = edition.last if last else edition.onward
    onward = words.format(
        name=edition.link_text(target),
        notebook=target.notebook,
        colab=setting().colab(target.notebook, edition.folder),
    )
    return f"""{NEXT}
{edition.progress_heading}

{edition.progress_text}

```{{code-cell}} ipython3
:tags: [progress, nbval-ignore-output]

checks.progress("{lesson.number}")
```

{onward}
"""


def lesson_source(lesson: catalog.Lesson, edition: Edition = ENGLISH) -> tuple[Path, str]:
    path = edition.path / lesson.source
    text = path.read_text(encoding="utf-8")
    line = tour_line(lesson, edition)
    if text.count("<!-- tour:start -->") > 1:
        raise SystemExit(f"{path}: more than one tour block; keep the one under the badges")
    if TOUR.search(text):
        text = TOUR.sub(lambda m: m.group(1) + line + m.group(2), text)
    elif BADGES_END in text:
        text = text.replace(
            BADGES_END, BADGES_END + f"\n<!-- tour:start -->\n{line}\n<!-- tour:end -->\n", 1
        )
    else:
        raise SystemExit(f"{path}: no badges block to put the tour line under")
    head = text.split(NEXT)[0].rstrip("\n+ ")
    return path, f"{head}\n\n+++\n\n{ending(lesson, edition)}"


def rendered() -> dict[Path, str]:
    files = {}
    for edition in EDITIONS:
        for path, prefix in targets(edition).items():
            text = path.read_text(encoding="utf-8")
            if not INDEX.search(text):
                raise SystemExit(f"{path}: no <!-- index:start --> ... <!-- index:end --> block")
            table = edition.index_table(prefix)
            files[path] = INDEX.sub(lambda m, t=table: m.group(1) + t + m.group(2), text)
        for lesson in catalog.LESSONS:
            path, text = lesson_source(lesson, edition)
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
