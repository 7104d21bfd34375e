"""jaxtour for a class on JupyterHub: each student's JupyterLab opens lesson 00, and the
teachers see everyone's progress at /services/jaxtour-classroom/ (classroom/README.md).

On The Littlest JupyterHub, copy this file to /opt/tljh/config/jupyterhub_config.d/
(TLJH loads it after its own configuration) and `sudo tljh-config reload hub`. Elsewhere,
`jupyterhub -f jupyterhub_config.py`, or load it from your own with load_subconfig().
It only adds to what an earlier file configured (services, roles, groups).

Edit TEACHERS; the environment variables below change the rest without editing.
"""

import os
import pwd
import sys
from pathlib import Path

from jaxtour.classroom import access

c = get_config()  # noqa: F821 (JupyterHub's config loader defines get_config)

# The teachers' hub user names: the group "teachers" gets the role that opens the
# classroom page. Anyone else who logs in is a student and gets 403 there.
TEACHERS = os.environ.get("JAXTOUR_TEACHERS", "teacher").split(",")
# Who may log in besides them (JupyterHub 5 lets in no one by default): the students'
# user names, comma-separated, in JAXTOUR_STUDENTS, or listed here. On TLJH, add them in
# the hub's admin page or with `tljh-config add-item users.allowed NAME` instead.
STUDENTS = [s for s in os.environ.get("JAXTOUR_STUDENTS", "").split(",") if s]
# Where each student's progress store is, as the hub's machine sees it. TLJH's students
# are the system users jupyter-<name>, with their homes in /home.
STORE = os.environ.get(
    "JAXTOUR_CLASSROOM_STORE", "/home/jupyter-{username}/.local/share/jaxtour/progress.sqlite3"
)
# The students' Python (jaxtour and jupyterhub-singleuser installed): TLJH's user
# environment where there is one, else the first python3 on the students' PATH.
TLJH_USER_PYTHON = "/opt/tljh/user/bin/python3"
STUDENT_PYTHON = os.environ.get(
    "JAXTOUR_STUDENT_PYTHON", TLJH_USER_PYTHON if os.path.exists(TLJH_USER_PYTHON) else "python3"
)
# The unprivileged system user the classroom service runs as (the hub runs as root):
# it reads the students' stores, by ACLs each student's server grants it as it starts,
# and nothing else. Create it once: useradd --system --no-create-home --shell
# /usr/sbin/nologin jaxtour-classroom (classroom/README.md). Missing: the service runs as
# the hub's user, and the hub's log says so.
SERVICE_USER = os.environ.get("JAXTOUR_CLASSROOM_USER", "jaxtour-classroom")
SERVICE_PORT = int(os.environ.get("JAXTOUR_CLASSROOM_PORT", "10101"))
IDLE_MINUTES = 20  # as `jaxtour lab --cull-after`: a JAX kernel holds 250 MB or more

# --- each student's server -----------------------------------------------------------
# Copy the lessons into ~/jaxtour-lessons (never overwriting a student's file), then
# start jupyterhub-singleuser from the same environment.
c.Spawner.cmd = [STUDENT_PYTHON, "-m", "jaxtour.classroom.singleuser"]
c.Spawner.default_url = "/lab/tree/jaxtour-lessons/00_welcome.ipynb"
c.Spawner.args = [
    f"--MappingKernelManager.cull_idle_timeout={IDLE_MINUTES * 60}",  # idle kernels
    "--MappingKernelManager.cull_interval=60",
    "--MappingKernelManager.cull_connected=True",  # even with the lesson's tab open
]

# --- least privilege -----------------------------------------------------------------
# Everything the hub creates is its own (umask 077): its database, 0600, and an existing
# one taken back to 0600. Students' servers inherit the umask: their files are private.
os.umask(0o077)
access.private_database(str(c.JupyterHub.db_url or "sqlite:///jupyterhub.sqlite"), Path.cwd())


def _user_exists(name: str) -> bool:
    try:
        pwd.getpwnam(name)
    except KeyError:
        return False
    return True


UNPRIVILEGED = os.geteuid() == 0 and _user_exists(SERVICE_USER)
if os.geteuid() == 0 and not UNPRIVILEGED:
    print(
        f"jaxtour: no system user {SERVICE_USER}: the classroom service runs as root "
        "(classroom/README.md, 'Least privilege')",
        file=sys.stderr,
    )
if UNPRIVILEGED:
    # Each student's server grants the service's user, as the student, read on their
    # store (jaxtour/classroom/singleuser.py, access.grant_store): at its first start
    # on TLJH too, and root never runs setfacl in a folder a student controls.
    c.Spawner.environment.update({"JAXTOUR_CLASSROOM_USER": SERVICE_USER})

# --- who may log in, and who may see the teachers' page ----------------------------------
c.Authenticator.allowed_users.update(TEACHERS + STUDENTS)  # adds to an earlier file's
c.JupyterHub.load_groups = {
    **(c.JupyterHub.load_groups if isinstance(c.JupyterHub.load_groups, dict) else {}),
    "teachers": {"users": TEACHERS},
}
services = [
    {
        "name": "jaxtour-classroom",
        "url": f"http://127.0.0.1:{SERVICE_PORT}",
        "command": [sys.executable, "-m", "jaxtour.classroom", "--store", STORE],
        "oauth_no_confirm": True,
        **({"user": SERVICE_USER} if UNPRIVILEGED else {}),
        "display": True,  # listed under Services in the hub's menu
    }
]
roles = [
    {  # teachers: the classroom page (a student lacks this scope: 403)
        "name": "jaxtour-teacher",
        "groups": ["teachers"],
        "scopes": ["access:services!service=jaxtour-classroom"],
    },
    {  # the service itself: list the students and their groups
        "name": "jaxtour-classroom",
        "services": ["jaxtour-classroom"],
        "scopes": ["list:users", "read:users:name", "read:users:groups"],
    },
]

# --- idle servers stopped (TLJH runs its own culler, "cull-idle": then this adds none) ---
already = c.JupyterHub.services if isinstance(c.JupyterHub.services, list) else []
if not any(s.get("name") == "cull-idle" for s in already):
    services.append(
        {
            "name": "jaxtour-idle-culler",
            "command": [  # with_hub: it stops when the hub does, even a hub killed -9
                sys.executable,
                "-m",
                "jaxtour.classroom.with_hub",
                "-m",
                "jupyterhub_idle_culler",
                f"--timeout={IDLE_MINUTES * 60 + 300}",  # after the kernels' culling
                "--cull-every=300",
            ],
        }
    )
    roles.append(
        {
            "name": "jaxtour-idle-culler",
            "services": ["jaxtour-idle-culler"],
            "scopes": [
                "list:users",
                "read:users:activity",
                "read:servers",
                "delete:servers",
            ],
        }
    )
c.JupyterHub.services.extend(services)
c.JupyterHub.load_roles.extend(roles)
