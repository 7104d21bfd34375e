"""``python -m jaxtour.learner.lab_launch ARGS``: JupyterLab with jaxtour's token and a
terminal that keeps ``PATH``, neither of them leaking into what the learner runs.

The token: ``jaxtour lab`` passes it in ``JAXTOUR_LAB_TOKEN`` (another user of the
machine can read a process's command line, not its environment). This process takes it
out of its environment before JupyterLab starts and hands it over as
``--IdentityProvider.token`` on its own argument list, which is not the process's
command line. Kernels and terminals inherit the server's environment: the token is no
longer in it, so ``%env`` in a notebook does not show it.

Terminals: jupyter_server_terminals starts a login shell when the server's output is not
a terminal (``jaxtour lab`` sends it to a log), and a login shell runs ``/etc/profile``,
which on Debian resets ``PATH`` and drops the environment's ``bin`` folder that
``jaxtour lab`` put first, so ``jaxtour`` is "command not found" there. The shell starts
as a plain interactive one instead (it still reads ``~/.bashrc``); a ``shell_command``
in the learner's own Jupyter config still wins.
"""

from __future__ import annotations

import os
import shutil
import sys

TOKEN_VARIABLE = "JAXTOUR_LAB_TOKEN"


def shell_command() -> list[str]:
    """The terminal's shell: the learner's ``$SHELL``, not as a login shell."""
    if os.name == "nt":
        return [os.environ.get("COMSPEC", "cmd.exe")]
    return [os.environ.get("SHELL") or shutil.which("sh") or "/bin/sh"]


def main(argv: list[str] | None = None) -> None:
    args = list(sys.argv[1:] if argv is None else argv)
    token = os.environ.pop(TOKEN_VARIABLE, "")  # unsets it for every child too
    if token:
        args.append(f"--IdentityProvider.token={token}")

    from jupyter_server.serverapp import ServerApp
    from jupyterlab.labapp import LabApp

    def make_serverapp(cls, **kwargs) -> ServerApp:
        settings = {"shell_command": shell_command()}
        return cls.serverapp_class.instance(terminado_settings=settings, **kwargs)

    LabApp.make_serverapp = classmethod(make_serverapp)
    LabApp.launch_instance(argv=args)


if __name__ == "__main__":
    main()
