"""The run's compile cache (tests.helpers, ../conftest.py): an entry is whole when seen,
and writing one inside a check is not the learner's work."""

from __future__ import annotations

import os
from pathlib import Path

from jax._src import lru_cache

from tests.helpers import cache_writes_rename_into_place


def test_an_entry_appears_whole_under_its_name(tmp_path, monkeypatch):
    """Whatever is being written is under another name; the entry's own name appears at
    once, by a rename, with every byte in it."""
    cache_writes_rename_into_place()
    cache = lru_cache.LRUCache(str(tmp_path), max_size=-1)
    written = []
    write_bytes = Path.write_bytes

    def watched(path, data):
        written.append(path.name)
        return write_bytes(path, data)

    monkeypatch.setattr(Path, "write_bytes", watched)
    cache.put("key", b"x" * 1_000_000)
    assert len(written) == 1 and written[0] != "key-cache", "written under the entry's name"
    assert os.listdir(tmp_path) == ["key-cache"]
    assert cache.get("key") == b"x" * 1_000_000
    cache.put("key", b"other")  # an entry once there stays, as with JAX's own put
    assert cache.get("key") == b"x" * 1_000_000


def test_a_cache_write_inside_a_check_is_no_step_of_the_learners(tmp_path):
    """mistakes.PythonSteps counts the learner's lines and calls: a cache write that a
    compile inside a check makes counts as JAX's own put does (the one call to it), none
    of its lines."""
    from jaxtour.grader.mistakes import PythonSteps

    cache_writes_rename_into_place()
    cache = lru_cache.LRUCache(str(tmp_path), max_size=-1)
    jax_put = lru_cache.LRUCache.put.__globals__["_jax_put"]
    with PythonSteps() as renamed:
        cache.put("renamed", b"value")
    with PythonSteps() as jaxs:
        jax_put(cache, "jaxs", b"value")
    assert (tmp_path / "renamed-cache").exists() and (tmp_path / "jaxs-cache").exists()
    assert renamed.count == jaxs.count
