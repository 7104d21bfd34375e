"""Every Colab and Binder badge, and every Colab install cell, follows the one setting."""

from __future__ import annotations

import re

from tests.helpers import LESSON_NOTEBOOKS, ROOT, read_notebook
from tools import badges

LINK = re.compile(r"\[!\[[^\]]*\]\((?P<image>[^)]+)\)\]\((?P<target>[^)]+)\)")


def _expected_links(notebook: str) -> set[str]:
    s = badges.setting()
    return {s.colab(notebook), s.binder(notebook)}


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
    for path in LESSON_NOTEBOOKS:
        first = read_notebook(path).cells[0].source
        links = {m["target"] for m in LINK.finditer(first)}
        assert links == _expected_links(path.name), path.name
        for url in links:
            assert (ROOT / _linked_file(url)).is_file(), url


def test_the_readme_badges_open_lesson_00():
    text = (ROOT / "README.md").read_text()
    links = {
        m["target"] for m in LINK.finditer(text) if "colab" in m["image"] or "binder" in m["image"]
    }
    assert links == _expected_links("00_welcome.ipynb")
    for url in links:
        assert (ROOT / _linked_file(url)).is_file(), url


def test_every_lesson_has_the_guarded_colab_install_cell():
    source = badges.setting().install_source()
    for path in LESSON_NOTEBOOKS:
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
