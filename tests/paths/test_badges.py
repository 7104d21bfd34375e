"""Every Colab and Binder badge, and every Colab install cell, follows the one setting."""

from __future__ import annotations

import re

import pytest

from jaxtour import catalog
from tests.helpers import ROOT, read_notebook
from tools import badges
from tools.editions import EDITIONS, Edition

# Every edition's notebooks: English in lessons/, Russian in lessons/ru/.
NOTEBOOKS = [edition.path / lesson.notebook for edition in EDITIONS for lesson in catalog.LESSONS]

LINK = re.compile(r"\[!\[[^\]]*\]\((?P<image>[^)]+)\)\]\((?P<target>[^)]+)\)")


def _expected_links(path) -> set[str]:
    """The Colab and Binder links that open ``path``, a notebook of the repository."""
    s = badges.setting()
    folder = path.parent.relative_to(ROOT).as_posix()
    return {s.colab(path.name, folder), s.binder(path.name, folder)}


def _linked_file(url: str) -> str:
    """The repository path a Colab or Binder link opens."""
    s = badges.setting()
    for prefix in (
        f"https://colab.research.google.com/github/{s.repository}/blob/{s.branch}/",
        f"https://mybinder.org/v2/gh/{s.repository}/{s.branch}?urlpath=lab/tree/",
    ):
        if url.startswith(prefix):
            return url.removeprefix(prefix)
    raise AssertionError(f"{url} points to another repository or branch than [tool.jaxtour]")


def test_every_lesson_carries_badges_for_itself_in_its_first_cell():
    for path in NOTEBOOKS:  # a Russian lesson's badges open the Russian notebook
        first = read_notebook(path).cells[0].source
        links = {m["target"] for m in LINK.finditer(first)}
        assert links == _expected_links(path), path
        for url in links:
            assert (ROOT / _linked_file(url)).is_file(), url


@pytest.mark.parametrize("edition", EDITIONS, ids=lambda e: e.readme)
def test_each_readme_badges_open_its_own_lesson_00(edition: Edition):
    text = edition.readme_path.read_text()
    links = {
        m["target"] for m in LINK.finditer(text) if "colab" in m["image"] or "binder" in m["image"]
    }
    assert links == _expected_links(edition.path / catalog.LESSONS[0].notebook)
    for url in links:
        assert (ROOT / _linked_file(url)).is_file(), url


def test_the_readmes_link_each_other():
    english, russian = (edition.readme_path.read_text() for edition in EDITIONS)
    assert "](README.ru.md)" in english.split("<!-- badges:start -->")[0]
    assert "](README.md)" in russian.split("<!-- badges:start -->")[0]


def test_every_lesson_has_the_guarded_colab_install_cell():
    source = badges.setting().install_source()
    for path in NOTEBOOKS:
        cells = [
            c for c in read_notebook(path).cells if "colab-install" in c.metadata.get("tags", [])
        ]
        assert len(cells) == 1, path.name
        code = cells[0].source
        assert 'if "google.colab" in sys.modules:' in code and "--no-deps" in code
        assert f'JAXTOUR_SOURCE = "{source}"' in code
        assert cells[0].outputs == []  # outside Colab it does nothing


def test_nothing_disagrees_with_the_setting():
    assert badges.main(["--check"]) == 0, "run `make badges`"


def test_a_changed_setting_is_caught(monkeypatch):
    monkeypatch.setattr(badges, "setting", lambda: badges.Setting("someone/else", "dev"))
    assert badges.main(["--check"]) == 1


def test_colab_installs_the_tagged_release_of_this_version_not_a_branch():
    import tomllib

    version = tomllib.loads((ROOT / "pyproject.toml").read_text())["project"]["version"]
    source = badges.setting().install_source()
    assert source.endswith(f"@v{version}"), source


def _install_note(source: str) -> str:
    """The paragraph right above the cell tagged colab-install."""
    (match,) = badges.INSTALL_BLOCK.finditer(source)
    return match.group(0).split("\n\n", 1)[0]


@pytest.mark.parametrize("edition", EDITIONS, ids=lambda e: e.lang)
def test_the_install_note_says_when_the_repository_is_not_there_yet(edition: Edition, tmp_path):
    s = badges.setting()
    unpublished = badges.Setting(s.repository, s.branch, False, s.jax)
    published = badges.Setting(s.repository, s.branch, True, s.jax)
    lesson = edition.path / catalog.LESSONS[3].source
    before = badges.lesson_source(lesson, unpublished, edition)
    after = badges.lesson_source(lesson, published, edition)
    where = f"github.com/{s.repository}"
    for source, says_so in ((before, True), (after, False)):
        note = _install_note(source)
        assert re.fullmatch(r"\*[^*\n]+\*", note), note  # one italic line, as before
        assert (where in note) == says_so, note
        assert note.startswith(edition.install_note.removesuffix("*"))
    # Publishing rewrites the note in place; unpublishing again brings the sentence back.
    copy = tmp_path / lesson.name
    copy.write_text(before, encoding="utf-8")
    assert badges.lesson_source(copy, published, edition) == after
    copy.write_text(after, encoding="utf-8")
    assert badges.lesson_source(copy, unpublished, edition) == before


def test_the_shipped_lesson_sources_say_so_while_unpublished():
    s = badges.setting()
    for edition in EDITIONS:
        for lesson in catalog.LESSONS:
            text = (edition.path / lesson.source).read_text(encoding="utf-8")
            note = _install_note(text)
            assert (f"github.com/{s.repository}" in note) == (not s.published), lesson.source
