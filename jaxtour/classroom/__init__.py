"""The classroom: a JupyterHub service that shows a teacher how far each student has got.

``python -m jaxtour.classroom`` runs as a hub-managed service (``classroom/
jupyterhub_config.py`` in the repository registers it). It needs the optional extra
``jaxtour[classroom]`` (JupyterHub); learners never install it.

- ``reader``: one student's store read in isolation (no link followed below their folder,
  nothing written or created, bounded in time, size and rows, every value checked).
- ``table``: one row per student, one column per lesson, as HTML and CSV; the stores read
  off the event loop on a bounded pool, each cached until it changes. Imports only the
  foundations and ``learner``; no JupyterHub, no JAX.
- ``access``: least privilege, the ACLs the hub (root) grants the service's own user
  before a student's server starts; the hub's database kept 0600.
- ``service``: the web service, behind the hub's OAuth: only users holding the scope
  ``access:services!service=<its name>`` (the teachers' role) see it; others get 403.
"""
