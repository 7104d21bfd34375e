"""Two ``jaxtour lab`` started at the same moment without ``--port``: each holds the port
it picked until it ends, so the other picks the next one, and each server has its own
log. Each case ends with the ports held counted (none once the command ends)."""

from __future__ import annotations

import os
import subprocess
import sys

from jaxtour import cli
from tests.helpers import ROOT

PICK = "from jaxtour import cli; print(cli.choose_port(None), flush=True); input()"


def test_a_port_picked_is_not_picked_again_until_it_is_given_back():
    try:
        first = cli.choose_port(None)
        second = cli.choose_port(None)
        assert first != second  # nothing listens on either yet: the hold is what tells
        assert cli.log_name(first) != cli.log_name(second)
    finally:
        cli._release_ports()
    assert cli._held == {}
    assert cli.choose_port(None) == first  # given back: free for the next one
    cli._release_ports()


def test_two_jaxtours_at_once_pick_two_ports():
    """Another process holds what it picked, until it ends."""
    environment = {**os.environ, "PYTHONPATH": str(ROOT)}
    other = subprocess.Popen(
        [sys.executable, "-c", PICK],
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        text=True,
        env=environment,
    )
    try:
        assert other.stdout is not None
        theirs = int(other.stdout.readline())
        try:
            mine = cli.choose_port(None)
            assert mine != theirs
            assert cli._port_is_free(theirs)  # free to bind, yet held by the other jaxtour
        finally:
            cli._release_ports()
    finally:
        other.communicate("\n", timeout=60)
    assert other.returncode == 0
    try:
        assert cli.choose_port(theirs) == theirs  # its end gave it back
    finally:
        cli._release_ports()
