"""The scans of the guarded namespaces skip reading them only where no write happened
(``grader/dict_versions.py``): every kind of write after a clean scan is still seen."""

from __future__ import annotations

import builtins
import os
import sys

import jax
import jax.numpy as jnp
import pytest

from jaxtour import checks
from jaxtour.grader import dict_versions, isolation


def test_the_version_tags_are_read_where_cpython_keeps_them():
    """On the CPython the project pins (3.11) the fast path is on: otherwise these tests
    would pass without testing it."""
    if sys.implementation.name == "cpython" and sys.version_info[:2] < (3, 14):
        assert dict_versions.available


def _clean() -> None:
    """One check, after which the guarded modules are pristine and their scan clean."""
    checks.check("01.default_dtype", "float32")
    assert isolation._all_unchanged()
    assert isolation._all_unchanged()  # answered by the fast path, where it is on


def test_a_function_rebound_after_a_clean_scan_is_seen():
    _clean()
    mean = jnp.mean
    jnp.mean = lambda *args, **kwargs: 0.0
    try:
        assert not isolation._all_unchanged()
        assert "jax.numpy" in isolation._rebound_now()
    finally:
        jnp.mean = mean
    assert isolation._all_unchanged()


def test_a_deleted_function_and_a_class_attribute_are_seen():
    _clean()
    isclose = jax.numpy.isclose
    del jax.numpy.isclose
    try:
        assert not isolation._all_unchanged()
    finally:
        jax.numpy.isclose = isclose
    assert isolation._all_unchanged()
    array_type = type(jnp.zeros(1))
    sub = array_type.__sub__
    type.__setattr__(array_type, "__sub__", lambda self, other: 0)
    try:
        assert not isolation._all_unchanged()
    finally:
        type.__setattr__(array_type, "__sub__", sub)
    assert isolation._all_unchanged()


def test_builtins_are_read_at_every_scan_and_a_session_s_own_names_pass():
    """builtins' dict is not answered from its tag (ipykernel binds input anew for every
    cell): a rebound builtin is seen, a name the session rebinds itself is not one."""
    _clean()
    length, prompt = builtins.len, builtins.input
    builtins.input = lambda *args: ""  # IGNORED: the session's own
    try:
        assert isolation._all_unchanged()
        # A stand-in that counts as rebound but answers as len does: a len that lies
        # breaks the test worker's other threads (xdist's channel reader counts the bytes
        # it reads with it, takes the channel for closed and ends the worker mid-run).
        builtins.len = lambda value: length(value)
        try:
            assert not isolation._all_unchanged()
        finally:
            builtins.len = length
        assert isolation._all_unchanged()
    finally:
        builtins.input = prompt


def test_a_module_swapped_in_sys_modules_is_seen():
    _clean()
    module = sys.modules["jax.numpy"]
    sys.modules["jax.numpy"] = type(module)("jax.numpy")
    try:
        assert not isolation._all_unchanged()
    finally:
        sys.modules["jax.numpy"] = module
    assert isolation._all_unchanged()


def test_a_rebound_grader_function_is_put_back_and_named():
    _clean()
    taken = isolation._own_snapshot()
    assert isolation._own_put_back(taken) == []
    check = checks.check
    checks.check = lambda *args: None
    try:
        assert isolation._own_put_back(taken) == ["jaxtour.checks.check"]
        assert checks.check is check
    finally:
        checks.check = check


def test_an_environment_variable_set_after_a_reading_is_seen(monkeypatch):
    before = isolation._environment()
    assert isolation._environment() is before  # nothing written: the same reading
    monkeypatch.setenv("JAXTOUR_TEST_DICT_VERSIONS", "1")
    assert ("JAXTOUR_TEST_DICT_VERSIONS", "1") in isolation._environment()
    monkeypatch.delenv("JAXTOUR_TEST_DICT_VERSIONS")
    assert isolation._environment() == before
    os.environ["PYTHONTESTDICTVERSIONS"] = "x"
    try:
        assert ("PYTHONTESTDICTVERSIONS", "x") in isolation._environment()
    finally:
        del os.environ["PYTHONTESTDICTVERSIONS"]


@pytest.mark.parametrize("write", ["set", "replace", "update", "pop", "clear"])
def test_every_write_changes_a_dicts_tags(write):
    if not dict_versions.available:
        pytest.skip("no version tags on this Python")
    mapping = {"a": object()}
    tags = dict_versions.Tags([mapping])
    before = tags.now()
    {
        "set": lambda: mapping.__setitem__("b", 1),
        "replace": lambda: mapping.__setitem__("a", object()),
        "update": lambda: mapping.update(a=2),
        "pop": lambda: mapping.pop("a"),
        "clear": mapping.clear,
    }[write]()
    assert tags.now() != before
