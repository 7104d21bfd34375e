"""The classroom: a JupyterHub service that shows a teacher how far each student has got.

``python -m jaxtour.classroom`` runs as a hub-managed service (``classroom/
jupyterhub_config.py`` in the repository registers it). It needs the optional extra
``jaxtour[classroom]`` (JupyterHub); learners never install it.

- ``table``: each student's progress store read without writing (``progress_store.
  read_other``), one row per student, one column per lesson, as HTML and CSV. Imports
  only the foundations and ``learner``; no JupyterHub, no JAX.
- ``service``: the web service, behind the hub's OAuth: only users holding the scope
  ``access:services!service=<its name>`` (the teachers' role) see it; others get 403.
"""
