"""Every install instruction works as written: none names the unpublished PyPI name, the
README's follow the one setting in pyproject.toml, a plain install gets the JAX the
lessons were tested on, and every pin (uv, the build backend, other platforms') is one."""

from __future__ import annotations

import re
import subprocess
import sys
import tomllib

import pytest
from packaging.requirements import Requirement
from packaging.version import Version

from jaxtour.learner import doctor
from tests.helpers import ROOT
from tools import badges

PROJECT = tomllib.loads((ROOT / "pyproject.toml").read_text())
# `pip install jaxtour`, `pip install -U "jaxtour[cuda13]"`: the PyPI name, not a path or URL.
FROM_PYPI = re.compile(
    r"pip install\s+(?:-\S+\s+)*[\"']?jaxtour(?:\[[^\]]*\])?[\"']?(?=\s|$)(?!\s*@)"
)


def _pins() -> dict[str, str]:
    pins = {}
    for line in (ROOT / "constraints.txt").read_text().splitlines():
        if "==" in line and not line.startswith("#"):
            name, version = line.split(";")[0].strip().split("==")
            pins[re.sub(r"[-_.]+", "-", name).lower()] = version
    return pins


def _instruction_files() -> list:
    files = [ROOT / "README.md", ROOT / "CONTRIBUTING.md", ROOT / "lessons" / "README.md"]
    files += sorted((ROOT / "lessons").glob("*.md")) + sorted((ROOT / "jaxtour").rglob("*.py"))
    return files + [ROOT / "Makefile", ROOT / "tools" / "venv-install"]


def test_no_instruction_installs_jaxtour_from_pypi():
    for path in _instruction_files():
        for line in path.read_text(encoding="utf-8").splitlines():
            assert not FROM_PYPI.search(line), f"{path.relative_to(ROOT)}: {line.strip()}"
    assert FROM_PYPI.search("pip install jaxtour")  # the pattern itself works
    assert FROM_PYPI.search('pip install -U "jaxtour[cuda13]"')
    assert not FROM_PYPI.search('pip install "jaxtour @ git+https://github.com/o/n@v1"')


def test_the_readme_installs_from_a_clone_or_a_wheel_as_the_setting_says():
    s = badges.setting()
    text = (ROOT / "README.md").read_text()
    assert badges.readme_install(s) in text
    assert f"pip install dist/jaxtour-{PROJECT['project']['version']}-py3-none-any.whl" in text
    assert "pip wheel --no-deps -w dist ." in text
    published = PROJECT["tool"]["jaxtour"]["published"]
    assert (badges.not_yet_published(s) in text) == (not published)
    assert (s.install_source() in badges.readme_install(s)) == published
    # Published, the tagged release is the first instruction; never the PyPI name.
    released = badges.readme_install(badges.Setting(s.repository, s.branch, True, s.jax))
    assert f'pip install "{s.install_source()}"' in released and not FROM_PYPI.search(released)


def test_a_plain_install_takes_the_jax_the_lessons_were_tested_on():
    pins = _pins()
    requirements = [Requirement(text) for text in PROJECT["project"]["dependencies"]]
    extras = PROJECT["project"]["optional-dependencies"]
    requirements += [Requirement(text) for name in ("cuda12", "cuda13") for text in extras[name]]
    for name in ("jax", "jaxlib"):
        pinned = Version(pins[name])
        next_minor = Version(f"{pinned.major}.{pinned.minor + 1}")
        for requirement in (r for r in requirements if r.name == name):
            spec = requirement.specifier
            assert spec.contains(pinned), f"{requirement} excludes constraints' {pinned}"
            assert not spec.contains(next_minor), f"{requirement}: no upper bound below it"
            assert spec.contains("0.7.2"), f"{requirement} excludes Colab's jax 0.7.2"
    assert f"`{badges.setting().jax}`" in (ROOT / "README.md").read_text()


def test_uv_is_the_version_venv_install_bootstraps():
    script = (ROOT / "tools" / "venv-install").read_text()
    (version,) = re.findall(r"^UV_VERSION=(\S+)", script, re.M)
    assert _pins()["uv"] == version


def test_the_build_backend_is_pinned():
    requires = [Requirement(text) for text in PROJECT["build-system"]["requires"]]
    assert requires and all(
        len(r.specifier) == 1 and next(iter(r.specifier)).operator == "==" for r in requires
    ), requires


def test_other_platforms_packages_are_pinned():
    pins = _pins()
    for name in ("appnope", "colorama", "pywinpty", "pywin32"):  # macOS, Windows
        assert name in pins, f"constraints.txt has no pin for {name}"
    # `make constraints` (pip freeze on Linux) keeps them.
    make = subprocess.run(
        ["make", "-n", "constraints", "TESTING="], cwd=ROOT, capture_output=True, text=True
    )
    assert "Not installed on CI's Linux" in make.stdout, make.stdout + make.stderr


def test_doctor_says_how_to_install_the_jax_jaxtour_declares(monkeypatch):
    monkeypatch.setitem(sys.modules, "jax", None)  # import jax fails
    facts = doctor.gather(nvidia_smi="/nonexistent")
    assert facts.jax is None and "pip install jaxtour" not in facts.jax_problem
    command = doctor.jax_install_command()
    assert facts.jax_problem.endswith(f"Install it: {command}")
    assert command.startswith(f"{sys.executable} -m pip install ")
    if "<" in command:  # from jaxtour's installed metadata: pyproject.toml's range
        assert '"jax<' in command and '"jaxlib<' in command


@pytest.mark.parametrize("published", [False, True])
def test_the_badge_block_says_when_the_repository_is_not_there_yet(published):
    s = badges.setting()
    text = badges.readme(badges.Setting(s.repository, s.branch, published, s.jax))
    assert ("Not published yet" in text) == (not published)
