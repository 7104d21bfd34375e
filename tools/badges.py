"""Generate the Colab and Binder badges, the Colab install cell and the README's install
instructions from one setting.

    python -m tools.badges          # rewrite both READMEs and every lesson source
    python -m tools.badges --check  # exit 1 if anything disagrees with the setting

The settings are ``[tool.jaxtour] repository = "owner/name"`` and the project's
``version`` in pyproject.toml: badges and the Colab install cell point to the release tag
``v<version>``, an immutable reference, so a lesson opened on Colab installs the jaxtour
it was tested with, never a newer branch head. Before publishing a release: set the
version, ``make badges`` (it rebuilds the notebooks too), commit, tag ``v<version>``
and push the tag. After rewriting lesson sources, ``make lessons`` rebuilds the notebooks.

Every edition (``tools.editions``: English in ``lessons/`` and README.md, Russian in
``lessons/ru/`` and README.ru.md) gets badges that open its own notebooks, and its own
words around the install cell and the install instructions.

``[tool.jaxtour] published`` says whether that repository and tag exist yet. Until they
do, the README says beside its badges that they open nothing yet, each lesson's note
above its Colab install cell says the cell and the badges work once the project is
published there, and the README's install instructions name a clone and a wheel only.
jaxtour is not on PyPI: no instruction says ``pip install jaxtour`` (someone else could
publish that name).
"""

from __future__ import annotations

import re
import sys
import tomllib
from dataclasses import dataclass
from pathlib import Path

from jaxtour import catalog
from tools.editions import EDITIONS, ENGLISH, Edition

ROOT = Path(__file__).resolve().parent.parent
COLAB_BADGE = "https://colab.research.google.com/assets/colab-badge.svg"
BINDER_BADGE = "https://mybinder.org/badge_logo.svg"
START, END = "<!-- badges:start -->", "<!-- badges:end -->"
BADGE_BLOCK = re.compile(re.escape(START) + r".*?" + re.escape(END), re.S)
README_INSTALL = re.compile(r"<!-- install:start -->.*?<!-- install:end -->", re.S)
# The install cell and the note above it, in any edition: the note is the paragraph
# right above the cell tagged colab-install.
INSTALL_BLOCK = re.compile(
    r"^\*[^\n]*\*\n\n```\{code-cell\} ipython3\n---\n(?:(?!```).)*?colab-install.*?\n```\n",
    re.S | re.M,
)


@dataclass(frozen=True)
class Setting:
    repository: str  # owner/name
    branch: str  # the git reference: the release tag v<version>
    published: bool = False  # whether that repository and tag exist
    jax: str = ""  # the JAX range a plain install takes, e.g. ">=0.7.2,<0.11"

    @property
    def version(self) -> str:
        return self.branch.removeprefix("v")

    def colab(self, notebook: str, folder: str = "lessons") -> str:
        """Colab's link to ``folder/notebook`` (a folder of the repository)."""
        return (
            f"https://colab.research.google.com/github/{self.repository}/blob/{self.branch}/"
            f"{folder}/{notebook}"
        )

    def binder(self, notebook: str, folder: str = "lessons") -> str:
        return (
            f"https://mybinder.org/v2/gh/{self.repository}/{self.branch}"
            f"?urlpath=lab/tree/{folder}/{notebook}"
        )

    def install_source(self) -> str:
        return f"jaxtour @ git+https://github.com/{self.repository}@{self.branch}"


def setting() -> Setting:
    project = tomllib.loads((ROOT / "pyproject.toml").read_text())
    ours = project["tool"]["jaxtour"]
    repository = ours["repository"]
    if not re.fullmatch(r"[\w.-]+/[\w.-]+", repository):
        raise SystemExit(f"[tool.jaxtour] repository must be owner/name, not {repository!r}")
    jax = next(
        dependency.removeprefix("jax")
        for dependency in project["project"]["dependencies"]
        if re.match(r"jax[<>=!~ ]", dependency)
    )
    return Setting(
        repository, f"v{project['project']['version']}", bool(ours.get("published")), jax
    )


def badges(s: Setting, notebook: str, folder: str = "lessons") -> str:
    return (
        f"{START}\n"
        f"[![Open in Colab]({COLAB_BADGE})]({s.colab(notebook, folder)}) "
        f"[![Launch Binder]({BINDER_BADGE})]({s.binder(notebook, folder)})\n"
        f"{END}"
    )


def install_note(s: Setting, edition: Edition = ENGLISH) -> str:
    """The italic line above the install cell; until the project is published, it says
    that the cell and the badges work only once it is."""
    if s.published:
        return edition.install_note
    later = edition.unpublished_note.format(repository=s.repository)
    return f"{edition.install_note.removesuffix('*')} {later}*"


def install_cell(s: Setting, edition: Edition = ENGLISH) -> str:
    return (
        f"{install_note(s, edition)}\n"
        "\n"
        "```{code-cell} ipython3\n"
        "---\n"
        "cellView: form\n"
        "jupyter:\n"
        "  source_hidden: true\n"
        "tags: [colab-install]\n"
        "---\n"
        f"#@title {edition.install_title}\n"  # folded, it must fit an 800 px window
        "import subprocess\n"
        "import sys\n"
        "\n"
        f'JAXTOUR_SOURCE = "{s.install_source()}"\n'
        'if "google.colab" in sys.modules:\n'
        '    subprocess.run([sys.executable, "-m", "pip", "install", "-q", "--no-deps", '
        "JAXTOUR_SOURCE], check=True)\n"
        "```\n"
    )


def not_yet_published(s: Setting, lang: str = "en") -> str:
    if lang == "ru":
        return (
            "*Ещё не опубликовано: эти значки, Binder и ячейка установки в Colab в каждом уроке\n"
            f"открывают тег `{s.branch}` репозитория `github.com/{s.repository}`, который "
            "появится,\nкогда проект будет там опубликован; до тех пор они ничего не открывают. "
            "Клонируйте\nрепозиторий (ниже).*"
        )
    return (
        "*Not published yet: these badges, Binder and each lesson's Colab install cell open\n"
        f"the tag `{s.branch}` of `github.com/{s.repository}`, which exists only once the "
        "project\nis published there; until then they open nothing. Use a clone (below).*"
    )


def readme_install(s: Setting, lang: str = "en") -> str:
    """The README's pip instructions: a clone or a wheel; the tagged release once published."""
    wheel = f"jaxtour-{s.version}-py3-none-any.whl"
    if lang == "ru":
        release = (
            f'pip install "{s.install_source()}"   # выпуск, с GitHub\n' if s.published else ""
        )
        return (
            "<!-- install:start -->\n"
            "**pip, из клона или из wheel.** jaxtour нет в PyPI: пакет с таким именем там был бы\n"
            "чужим. Уроки входят в пакет, так что одного пакета достаточно:\n"
            "\n"
            "```sh\n"
            f"{release}"
            "pip install -c constraints.txt .    # в клоне: версии, проверенные в CI\n"
            "pip wheel --no-deps -w dist .       # или соберите там wheel и ставьте где угодно:\n"
            f"pip install dist/{wheel}\n"
            "jaxtour lab --lang ru               # копирует уроки в ./jaxtour-lessons/ru, "
            "открывает JupyterLab\n"
            "```\n"
            "\n"
            f"В обоих случаях pip ставит jax и jaxlib `{s.jax}` — те выпуски, на которых уроки "
            "проверены.\n"
            "<!-- install:end -->"
        )
    release = (
        f'pip install "{s.install_source()}"   # the release, from GitHub\n' if s.published else ""
    )
    return (
        "<!-- install:start -->\n"
        "**pip, from a clone or a wheel.** jaxtour is not on PyPI: a package of that name\n"
        "there would be someone else's. The lessons ship inside the package, so the package\n"
        "alone is enough:\n"
        "\n"
        "```sh\n"
        f"{release}"
        "pip install -c constraints.txt .    # in a clone: the versions CI tested\n"
        "pip wheel --no-deps -w dist .       # or build a wheel there, to install anywhere:\n"
        f"pip install dist/{wheel}\n"
        "jaxtour lab                         # copies the lessons into ./jaxtour-lessons, "
        "opens JupyterLab\n"
        "```\n"
        "\n"
        f"Either way pip takes jax and jaxlib `{s.jax}`, the releases the lessons were tested "
        "on.\n"
        "<!-- install:end -->"
    )


def with_badges(text: str, block: str, after_title: bool) -> str:
    if BADGE_BLOCK.search(text):
        return BADGE_BLOCK.sub(lambda _: block, text, count=1)
    if after_title:  # right under the first "# " heading
        return re.sub(r"^(# .*\n)", lambda m: f"{m.group(1)}\n{block}\n", text, count=1, flags=re.M)
    return block + "\n\n" + text


def lesson_source(path: Path, s: Setting, edition: Edition = ENGLISH) -> str:
    text = path.read_text(encoding="utf-8")
    block = badges(s, path.with_suffix(".ipynb").name, edition.folder)
    text = with_badges(text, block, after_title=True)
    cell = install_cell(s, edition)
    if INSTALL_BLOCK.search(text):
        return INSTALL_BLOCK.sub(lambda _: cell, text, count=1)
    # A new lesson: the install cell goes right after the title cell (the first +++).
    return text.replace("\n+++\n\n", f"\n+++\n\n{cell}\n", 1)


def readme(s: Setting, edition: Edition = ENGLISH) -> str:
    text = edition.readme_path.read_text(encoding="utf-8")
    block = badges(s, catalog.LESSONS[0].notebook, edition.folder)
    if not s.published:
        note = not_yet_published(s, edition.lang)
        block = block.replace(f"\n{END}", f"\n\n{note}\n{END}")
    text = with_badges(text, block, after_title=True)
    if not README_INSTALL.search(text):
        raise SystemExit(
            f"{edition.readme} has no <!-- install:start --> ... <!-- install:end --> block"
        )
    return README_INSTALL.sub(lambda _: readme_install(s, edition.lang), text, count=1)


def targets(s: Setting) -> dict[Path, str]:
    files = {}
    for edition in EDITIONS:
        files[edition.readme_path] = readme(s, edition)
        for path in (edition.path / lesson.source for lesson in catalog.LESSONS):
            files[path] = lesson_source(path, s, edition)
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
