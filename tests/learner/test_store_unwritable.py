"""Each kind of store that cannot be written is named with the fix for that kind (not
"chmod u+w" for all): a folder where the store belongs, mode 000, a read-only file, a
read-only folder, another user's file, a full disk. Each case ends with the records
counted: what was on disk is as it was, nothing moved or hidden."""

from __future__ import annotations

import os
import shlex
from pathlib import Path

import pytest

from jaxtour.learner import progress_store


@pytest.fixture
def store(tmp_path, monkeypatch) -> Path:
    monkeypatch.setenv(progress_store.ENV_DIR, str(tmp_path / "my data"))
    monkeypatch.setenv(progress_store.ENV_SWITCH, "on")
    assert progress_store.record("01.arange", "correct")
    assert progress_store.record("03.gradient", "incorrect")
    return progress_store.store_path()


def fix(sentence: str) -> str:
    """The part of the sentence after 'To fix it:'."""
    return sentence.split("To fix it:", 1)[1]


def test_a_folder_where_the_store_belongs_is_named_and_left_as_it_is(tmp_path, monkeypatch):
    monkeypatch.setenv(progress_store.ENV_DIR, str(tmp_path / "my data"))
    monkeypatch.setenv(progress_store.ENV_SWITCH, "on")
    path = progress_store.store_path()
    path.mkdir(parents=True)
    (path / "notes.txt").write_text("mine")
    assert progress_store.record("01.arange", "correct") is False
    said = progress_store.take_problem()
    assert said is not None and "is a folder" in said and "chmod" not in said
    (command,) = [part for part in said.split("(") if part.startswith("mv ")]
    words = shlex.split(command.split(")")[0])
    assert words == ["mv", str(path), f"{path}.folder"]  # the path quoted whole
    assert [p.name for p in path.iterdir()] == ["notes.txt"]
    assert (path / "notes.txt").read_text() == "mine"


@pytest.mark.parametrize(
    ("mode", "command"),
    [(0o000, "chmod u+rw"), (0o444, "chmod u+w"), (0o400, "chmod u+w")],
    ids=["mode 000", "read-only", "read-only for the owner"],
)
def test_a_file_that_cannot_be_written_is_named_with_its_own_fix(store, mode, command):
    before = store.read_bytes()
    old = store.stat().st_mode
    store.chmod(mode)
    try:
        said = progress_store._why("read-only", store)
    finally:
        store.chmod(old)
    assert f"{mode:03o}" in said
    assert shlex.split(fix(said).strip(" .")) == [*command.split(), str(store)]
    assert store.read_bytes() == before and progress_store.count() == 2


def test_a_read_only_folder_is_named_not_the_file(store):
    folder = store.parent
    before = store.read_bytes()
    folder.chmod(0o555)
    try:
        said = progress_store._why("read-only", store)
    finally:
        folder.chmod(0o755)
    assert "folder" in said
    assert shlex.split(fix(said).strip(" .")) == ["chmod", "u+w", str(folder)]
    assert store.read_bytes() == before and progress_store.count() == 2


def test_another_users_store_names_its_owner(store, monkeypatch):
    owner = store.stat().st_uid + 1
    monkeypatch.setattr(progress_store.os, "geteuid", lambda: owner)  # we are someone else
    said = progress_store._why("read-only", store)
    assert "another user" in said and "chown" in fix(said) and "chmod" not in said
    assert progress_store.count() == 2


def test_a_full_disk_is_still_a_full_disk(store):
    said = progress_store._why("full", store)
    assert "full" in said and "chmod" not in said
    assert progress_store.count() == 2


def test_a_store_with_nothing_wrong_on_disk_keeps_the_general_sentence(store):
    said = progress_store._why("read-only", store)  # immutable flag, ACL: no mode says
    assert "read-only" in said and str(store) in said
    assert progress_store.count() == 2
    assert os.access(store, os.R_OK)
