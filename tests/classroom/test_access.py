"""Least privilege: what a student's server grants the classroom service's user as it
starts, and the hub's database kept 0600. ``setfacl`` is replaced by a recorder
(the real one needs root and the acl package: tests/paths/test_classroom_least_privilege.py)."""

from __future__ import annotations

import os
import stat
import sys
from pathlib import Path

import pytest

from jaxtour.classroom import access, reader

STORE = Path(".local", "share", "jaxtour", "progress.sqlite3")


@pytest.fixture
def setfacl(tmp_path) -> tuple[str, Path]:
    """A setfacl that writes its arguments, one call a line, and changes nothing."""
    calls = tmp_path / "calls.txt"
    script = tmp_path / "setfacl"
    script.write_text(
        f"#!{sys.executable}\nimport sys\n"
        f"open({str(calls)!r}, 'a').write(' '.join(sys.argv[1:]) + '\\n')\n"
    )
    script.chmod(0o755)
    return str(script), calls


def test_the_service_may_pass_through_the_home_and_read_the_store_folder_only(tmp_path, setfacl):
    program, calls = setfacl
    home = tmp_path / "ada"
    home.mkdir(mode=0o700)
    (home / ".local").mkdir(mode=0o755)  # the student's own; the rest is made
    (home / STORE).parent.mkdir(parents=True)
    (home / STORE).write_bytes(b"")
    access.grant_store(home / STORE, home, "svc", setfacl=program)
    lines = calls.read_text().splitlines()
    folders = [home, home / ".local", home / ".local" / "share"]
    assert lines[: len(folders)] == [f"-P -m u:svc:x {f}" for f in folders]
    assert lines[len(folders)] == f"-P -m u:svc:rx,d:u:svc:r,d:m::r {(home / STORE).parent}"
    assert lines[len(folders) + 1 :] == [f"-P -m u:svc:r {home / STORE}"]


def test_a_folder_made_by_the_grant_is_the_students(tmp_path, setfacl):
    program, calls = setfacl
    home = tmp_path / "ben"
    home.mkdir()
    access.grant_store(home / STORE, home, "svc", setfacl=program)
    for folder in [home / ".local", home / ".local" / "share", (home / STORE).parent]:
        info = folder.lstat()
        assert stat.S_ISDIR(info.st_mode) and info.st_uid == home.stat().st_uid
        assert stat.S_IMODE(info.st_mode) == 0o700  # private until the ACL says more
    assert not (home / STORE).exists()  # the store itself is the student's to create
    assert len(calls.read_text().splitlines()) == 4


@pytest.mark.parametrize("link", [".local", ".local/share", ".local/share/jaxtour"])
def test_a_link_on_the_way_stops_the_grant(tmp_path, setfacl, link):
    program, calls = setfacl
    home = tmp_path / "mal"
    elsewhere = tmp_path / "elsewhere"
    elsewhere.mkdir()
    (home / link).parent.mkdir(parents=True, exist_ok=True)
    (home / link).symlink_to(elsewhere)
    with pytest.raises(access.NotGranted, match="link"):
        access.grant_store(home / STORE, home, "svc", setfacl=program)
    assert not calls.exists()  # nothing granted, anywhere
    assert list(elsewhere.iterdir()) == []


def test_the_hubs_database_is_taken_back_to_0600(tmp_path):
    db = tmp_path / "jupyterhub.sqlite"
    db.write_bytes(b"")
    db.chmod(0o644)
    assert access.private_database("sqlite:///jupyterhub.sqlite", tmp_path) == db
    assert stat.S_IMODE(db.stat().st_mode) == 0o600
    assert access.private_database("postgresql://hub@db/hub", tmp_path) is None
    assert access.private_database("sqlite:///missing.sqlite", tmp_path) is None
    assert not (tmp_path / "missing.sqlite").exists()


def test_the_example_config_makes_the_hubs_files_private(tmp_path):
    """Loading classroom/jupyterhub_config.py sets the hub's umask to 077 (a database it
    then creates is 0600)."""
    config = Path(__file__).resolve().parents[2] / "classroom" / "jupyterhub_config.py"
    code = (
        "import os, sqlite3\n"
        "from traitlets.config import Config\n"
        "c = Config()\n"
        f"exec(compile(open({str(config)!r}).read(), 'config', 'exec'), "
        "{'get_config': lambda: c, '__name__': 'config'})\n"
        "sqlite3.connect('hub.sqlite').execute('CREATE TABLE t (x)')\n"
        "print(oct(os.stat('hub.sqlite').st_mode & 0o777))\n"
    )
    pytest.importorskip("traitlets")
    import subprocess

    done = subprocess.run(
        [sys.executable, "-c", code], cwd=tmp_path, capture_output=True, text=True, check=True
    )
    assert done.stdout.strip() == "0o600"
    assert os.path.exists(tmp_path / "hub.sqlite")


@pytest.mark.parametrize(
    ("store", "home"),
    [
        (
            "/home/jupyter-{username}/.local/share/jaxtour/progress.sqlite3",
            "/home/jupyter-{username}",
        ),
        ("/srv/progress/{username}/progress.sqlite3", "/srv/progress/{username}"),
    ],
)
def test_the_students_folder_is_the_store_template_up_to_the_user_name(store, home):
    assert reader.home_template(store) == home


def test_the_students_server_grants_the_service_on_its_own_store(tmp_path, setfacl, monkeypatch):
    """jaxtour.classroom.singleuser, as the student, where the hub names the service's
    user: the same grant on the store the kernel will write (at TLJH's first start too)."""
    from jaxtour.classroom import singleuser

    program, calls = setfacl
    home = tmp_path / "cy"
    home.mkdir(mode=0o700)
    monkeypatch.setenv("HOME", str(home))
    monkeypatch.delenv("XDG_DATA_HOME", raising=False)
    monkeypatch.delenv("JAXTOUR_DATA_DIR", raising=False)
    monkeypatch.delenv(singleuser.SERVICE_USER_VARIABLE, raising=False)
    singleuser.grant_the_classroom(setfacl=program)
    assert not calls.exists()  # no service user named: nothing granted
    monkeypatch.setenv(singleuser.SERVICE_USER_VARIABLE, "svc")
    singleuser.grant_the_classroom(setfacl=program)
    folders = [home, home / ".local", home / ".local" / "share"]
    assert calls.read_text().splitlines() == [
        *(f"-P -m u:svc:x {f}" for f in folders),
        f"-P -m u:svc:rx,d:u:svc:r,d:m::r {(home / STORE).parent}",
    ]


def test_a_grant_that_fails_is_one_line_and_the_server_starts(tmp_path, monkeypatch, capsys):
    from jaxtour.classroom import singleuser

    home = tmp_path / "dee"
    home.mkdir()
    monkeypatch.setenv("HOME", str(home))
    monkeypatch.delenv("XDG_DATA_HOME", raising=False)
    monkeypatch.delenv("JAXTOUR_DATA_DIR", raising=False)
    monkeypatch.setenv(singleuser.SERVICE_USER_VARIABLE, "svc")
    singleuser.grant_the_classroom(setfacl=str(tmp_path / "no-setfacl-here"))
    err = capsys.readouterr().err
    assert err.startswith("jaxtour: the classroom service (svc) cannot read ")
    assert err.count("\n") == 1
