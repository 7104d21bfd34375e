"""The classroom guide's commands, as written in classroom/README.md, where they can run
without a hub: each shell block is valid bash; the Python version line stops a Python
too old for the pins with its message, and lets a new enough one through; every
``useradd`` of the service's user is the line the real-hub least-privilege test runs; the
hub line's environment variables are the ones the example config reads, and its store
template is where a student's server writes (as the Kubernetes values are); the hub's
environment that TLJH's ``pip install --no-deps . platformdirs`` gives runs the service
without JAX, NumPy or JupyterLab. What needs a hub, root and users is
tests/paths/test_classroom_least_privilege.py; TLJH's installer and ``systemctl`` need
systemd and downloads, Kubernetes a cluster: neither runs here.
"""

from __future__ import annotations

import json
import os
import re
import shlex
import subprocess
import sys
from pathlib import Path

import pytest

from tests.helpers import ROOT

GUIDE = ROOT / "classroom" / "README.md"
EXAMPLE = ROOT / "classroom" / "jupyterhub_config.py"
TEXT = GUIDE.read_text()


def blocks(language: str) -> list[str]:
    return re.findall(rf"^```{language}\n(.*?)^```$", TEXT, re.S | re.M)


def section(heading: str) -> str:
    """The guide's text under ``heading`` up to the next heading of any level."""
    start = TEXT.index(heading)
    rest = TEXT[start + len(heading) :]
    found = re.search(r"^#{2,3} ", rest, re.M)
    return rest[: found.start()] if found else rest


def commands(block: str) -> list[list[str]]:
    """The block's command lines as words: continuation lines and quotes that span lines
    joined, comments dropped."""
    found, pending = [], ""
    for line in re.sub(r"\\\n\s*", " ", block).splitlines():
        pending = f"{pending}\n{line}" if pending else line
        try:
            words = shlex.split(pending, comments=True)
        except ValueError:  # a quote still open: the next line goes on
            continue
        if words:
            found.append(words)
        pending = ""
    assert not pending, pending
    return found


def test_every_shell_block_of_the_guide_is_valid_bash():
    found = blocks("bash")
    assert len(found) >= 4  # least privilege, TLJH, any Linux server, repo2docker
    for block in found:
        done = subprocess.run(["bash", "-n"], input=block, capture_output=True, text=True)
        assert done.returncode == 0, (block, done.stderr)


def _version_line() -> str:
    (block,) = re.findall(r"```bash\n(.*?)```", section("### Any Linux server"), re.S)
    lines = block.splitlines()
    start = next(i for i, line in enumerate(lines) if line.startswith("$PYTHON -c"))
    return "\n".join(lines[start : start + 2])  # the line and its continuation


@pytest.mark.parametrize(
    ("version", "said"),
    [
        (None, ""),  # this Python (the pins need 3.11.5 or newer: it is one)
        ((3, 11, 2), "Python 3.11.2 is too old: set PYTHON to a 3.11.5 or newer\n"),  # Debian 12
        ((3, 11, 5), ""),
        ((3, 10, 12), "Python 3.10.12 is too old: set PYTHON to a 3.11.5 or newer\n"),
    ],
    ids=["this Python", "3.11.2", "3.11.5", "3.10.12"],
)
def test_the_python_version_line_runs_as_written(tmp_path, version, said):
    env = {"PATH": os.environ["PATH"], "PYTHON": sys.executable}
    if version is not None:  # the same Python, telling the line another version
        (tmp_path / "sitecustomize.py").write_text(f"import sys\nsys.version_info = {version!r}\n")
        env["PYTHONPATH"] = str(tmp_path)
    done = subprocess.run(
        ["bash", "-c", _version_line()], env=env, capture_output=True, text=True, timeout=60
    )
    assert (done.returncode, done.stdout, done.stderr) == (1 if said else 0, "", said)


def test_every_useradd_of_the_service_user_is_the_line_the_real_hub_test_runs():
    from tests.paths.test_classroom_least_privilege import GUIDE_SERVICE_USER

    made = [
        [word for word in command if word != "sudo"]
        for block in blocks("bash")
        for command in commands(block)
        if "--system" in command
    ]
    # "Least privilege", TLJH and "Any Linux server" (after `apt-get install -y acl &&`)
    made = [command[command.index("useradd") :] for command in made]
    assert made == [GUIDE_SERVICE_USER] * 3
    config = EXAMPLE.read_text()
    assert f'"JAXTOUR_CLASSROOM_USER", "{GUIDE_SERVICE_USER[-1]}"' in config


def _hub_line() -> list[str]:
    (block,) = re.findall(r"```bash\n(.*?)```", section("### Any Linux server"), re.S)
    (line,) = [c for c in commands(block) if "jupyterhub" in c]
    return line


def _assigned(line: list[str]) -> list[tuple[str, str]]:
    """The environment variables a command line sets before its command."""
    return [tuple(w.split("=", 1)) for w in line if re.fullmatch(r"[A-Z_]+=.*", w)]


def _loaded(env: dict[str, str], folder: Path) -> dict:
    """What the example config sets, loaded as JupyterHub loads it (as root or not)."""
    pytest.importorskip("traitlets")
    code = (
        "import json\n"
        "from traitlets.config import Config\n"
        "c = Config()\n"
        f"exec(compile(open({str(EXAMPLE)!r}).read(), 'config', 'exec'), "
        "{'get_config': lambda: c, '__name__': 'config'})\n"
        "hub = c.JupyterHub\n"
        "print(json.dumps({'allowed': sorted(c.Authenticator.allowed_users.get_value(set())),\n"
        "  'services': {s['name']: s.get('command') for s in hub.services.get_value([])},\n"
        "  'teachers': hub.load_groups['teachers']['users']}))\n"
    )
    done = subprocess.run(
        [sys.executable, "-c", code],
        env={**os.environ, **env},
        capture_output=True,
        text=True,
        cwd=folder,  # the hub's folder: its database would be there
    )
    assert done.returncode == 0, done.stderr[-2000:]
    return json.loads(done.stdout)


def test_the_hub_line_sets_what_the_example_config_reads(tmp_path):
    line = _hub_line()
    assert line[-3:] == ["jupyterhub", "-f", "$OLDPWD/classroom/jupyterhub_config.py"]
    assert (ROOT / "classroom" / "jupyterhub_config.py").is_file()
    given = dict(_assigned(line))
    del given["PATH"]
    assert sorted(given) == ["JAXTOUR_CLASSROOM_STORE", "JAXTOUR_STUDENTS"]
    loaded = _loaded(given, tmp_path)
    assert loaded["allowed"] == ["ada", "teacher"]  # the block's useradd -m: teacher, ada
    assert loaded["teachers"] == ["teacher"]
    command = loaded["services"]["jaxtour-classroom"]
    assert command[command.index("--store") + 1] == given["JAXTOUR_CLASSROOM_STORE"]
    culler = loaded["services"]["jaxtour-idle-culler"]
    assert culler[1:4] == ["-m", "jaxtour.classroom.with_hub", "-m"]  # it dies with the hub


def _store_path(env: dict[str, str]) -> str:
    """Where jaxtour in a student's server writes the store, given its environment."""
    code = "from jaxtour.learner import progress_store; print(progress_store.store_path())"
    clean = {k: v for k, v in os.environ.items() if k not in ("XDG_DATA_HOME", "JAXTOUR_DATA_DIR")}
    done = subprocess.run(
        [sys.executable, "-c", code], env={**clean, **env}, capture_output=True, text=True
    )
    assert done.returncode == 0, done.stderr
    return done.stdout.strip()


def test_the_store_templates_are_where_a_students_server_writes():
    # any Linux server: the block's template, for `useradd -m ada` (home /home/ada)
    template = dict(_assigned(_hub_line()))["JAXTOUR_CLASSROOM_STORE"]
    assert _store_path({"HOME": "/home/ada"}) == template.format(username="ada")
    # TLJH: the config's default, for the system user jupyter-ada
    config = EXAMPLE.read_text()
    default = re.search(r'"JAXTOUR_CLASSROOM_STORE", "([^"]+)"', config).group(1)
    assert _store_path({"HOME": "/home/jupyter-ada"}) == default.format(username="ada")
    # Kubernetes: the student's pod mounts its own folder at /srv/progress; the hub sees
    # every student's at /srv/progress/{username}
    kubernetes = section("## On Kubernetes")
    assert "extraEnv: {JAXTOUR_DATA_DIR: /srv/progress}" in kubernetes
    hub_sees = re.search(r'JAXTOUR_CLASSROOM_STORE: "([^"]+)"', kubernetes).group(1)
    in_pod = _store_path({"HOME": "/home/jovyan", "JAXTOUR_DATA_DIR": "/srv/progress"})
    assert hub_sees.replace("{username}/", "") == in_pod
    assert "cmd: [python3, -m, jaxtour.classroom.singleuser]" in kubernetes


def test_the_hubs_environment_of_the_tljh_block_runs_the_service_without_jax():
    """`pip install --no-deps . platformdirs` in the hub's environment: jaxtour's code
    and platformdirs, beside JupyterHub, and none of jaxtour's other dependencies."""
    pytest.importorskip("jupyterhub")
    tljh = section("### The Littlest JupyterHub")
    assert "sudo /opt/tljh/hub/bin/pip install --no-deps . platformdirs" in tljh
    absent = ["jax", "jaxlib", "numpy", "ipywidgets", "matplotlib", "jupyterlab", "IPython"]
    code = (
        "import sys\n"
        f"for name in {absent!r}:\n"
        "    sys.modules[name] = None  # import fails, as where it is not installed\n"
        "from jaxtour.classroom import service, table, with_hub\n"
        "assert table.declared_mistakes()  # read from the exercises' source, no JAX\n"
        "print(sorted(m for m in sys.modules if m.split('.')[0] in "
        f"{absent!r} and sys.modules[m] is not None))\n"
    )
    done = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, cwd=ROOT, timeout=120
    )
    assert done.returncode == 0, done.stderr[-2000:]
    assert done.stdout.strip() == "[]"
