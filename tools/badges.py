"""Generate the Colab and Binder badges and the Colab install cell from one setting.

    python -m tools.badges          # rewrite README.md and every lessons/NN_*.md
    python -m tools.badges --check  # exit 1 if anything disagrees with the setting

The settings are ``[tool.jaxtour] repository = "owner/name"`` and the project's
``version`` in pyproject.toml: badges and the Colab install cell point to the release tag
``v<version>``, an immutable reference, so a lesson opened on Colab installs the jaxtour
it was tested with, never a newer branch head. Before publishing a release: set the
version, ``make badges`` (it rebuilds the notebooks too), commit, tag ``v<version>``
and push the tag. After rewriting lesson sources, ``make lessons`` rebuilds the notebooks.
"""

from __future__ import annotations

import re
import sys
import tomllib
from dataclasses import dataclass
from pathlib import Path

from jaxtour import catalog

ROOT = Path(__file__).resolve().parent.parent
LESSONS = ROOT / "lessons"
COLAB_BADGE = "https://colab.research.google.com/assets/colab-badge.svg"
BINDER_BADGE = "https://mybinder.org/badge_logo.svg"
START, END = "<!-- badges:start -->", "<!-- badges:end -->"
BADGE_BLOCK = re.compile(re.escape(START) + r".*?" + re.escape(END), re.S)
INSTALL_BLOCK = re.compile(
    r"\*On Colab, the next cell.*?```\{code-cell\} ipython3\n.*?colab-install.*?\n```\n", re.S
)


@dataclass(frozen=True)
class Setting:
    repository: str  # owner/name
    branch: str  # the git reference: the release tag v<version>

    def colab(self, notebook: str) -> str:
        return (
            f"https://colab.research.google.com/github/{self.repository}/blob/{self.branch}/"
            f"lessons/{notebook}"
        )

    def binder(self, notebook: str) -> str:
        return (
            f"https://mybinder.org/v2/gh/{self.repository}/{self.branch}"
            f"?urlpath=lab/tree/lessons/{notebook}"
        )

    def install_source(self) -> str:
        return f"jaxtour @ git+https://github.com/{self.repository}@{self.branch}"


def setting() -> Setting:
    project = tomllib.loads((ROOT / "pyproject.toml").read_text())
    repository = project["tool"]["jaxtour"]["repository"]
    if not re.fullmatch(r"[\w.-]+/[\w.-]+", repository):
        raise SystemExit(f"[tool.jaxtour] repository must be owner/name, not {repository!r}")
    return Setting(repository, f"v{project['project']['version']}")


def badges(s: Setting, notebook: str) -> str:
    return (
        f"{START}\n"
        f"[![Open in Colab]({COLAB_BADGE})]({s.colab(notebook)}) "
        f"[![Launch Binder]({BINDER_BADGE})]({s.binder(notebook)})\n"
        f"{END}"
    )


def install_cell(s: Setting) -> str:
    return (
        "*On Colab, the next cell installs jaxtour and keeps Colab's own jax, numpy and "
        "ipywidgets. Anywhere else it does nothing; its code is folded.*\n"
        "\n"
        "```{code-cell} ipython3\n"
        "---\n"
        "cellView: form\n"
        "jupyter:\n"
        "  source_hidden: true\n"
        "tags: [colab-install]\n"
        "---\n"
        "#@title Colab only: install jaxtour\n"  # folded, it must fit an 800 px window
        "import subprocess\n"
        "import sys\n"
        "\n"
        f'JAXTOUR_SOURCE = "{s.install_source()}"\n'
        'if "google.colab" in sys.modules:\n'
        '    subprocess.run([sys.executable, "-m", "pip", "install", "-q", "--no-deps", '
        "JAXTOUR_SOURCE], check=True)\n"
        "```\n"
    )


def with_badges(text: str, block: str, after_title: bool) -> str:
    if BADGE_BLOCK.search(text):
        return BADGE_BLOCK.sub(lambda _: block, text, count=1)
    if after_title:  # right under the first "# " heading
        return re.sub(r"^(# .*\n)", lambda m: f"{m.group(1)}\n{block}\n", text, count=1, flags=re.M)
    return block + "\n\n" + text


def lesson_source(path: Path, s: Setting) -> str:
    text = path.read_text(encoding="utf-8")
    text = with_badges(text, badges(s, path.with_suffix(".ipynb").name), after_title=True)
    cell = install_cell(s)
    if INSTALL_BLOCK.search(text):
        return INSTALL_BLOCK.sub(lambda _: cell, text, count=1)
    # A new lesson: the install cell goes right after the title cell (the first +++).
    return text.replace("\n+++\n\n", f"\n+++\n\n{cell}\n", 1)


def readme(s: Setting) -> str:
    text = (ROOT / "README.md").read_text(encoding="utf-8")
    return with_badges(text, badges(s, "00_welcome.ipynb"), after_title=True)


def targets(s: Setting) -> dict[Path, str]:
    files = {ROOT / "README.md": readme(s)}
    for path in (LESSONS / lesson.source for lesson in catalog.LESSONS):
        files[path] = lesson_source(path, s)
    return files


def main(argv: list[str]) -> int:
    s = setting()
    stale = [p for p, text in targets(s).items() if p.read_text(encoding="utf-8") != text]
    if "--check" in argv:
        for path in stale:
            print(f"{path.relative_to(ROOT)} disagrees with [tool.jaxtour]: run `make badges`")
        return 1 if stale else 0
    for path, text in targets(s).items():
        path.write_text(text, encoding="utf-8")
    print(f"badges for {s.repository}@{s.branch}: {len(stale)} files rewritten")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
