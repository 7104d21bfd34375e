"""The learner's tooling behind the ``jaxtour`` command: the workspace of lesson copies,
the progress store, ``doctor``'s environment facts, and the backup rule they share.

It never imports ``jaxtour.grader``; ``jaxtour.cli`` and ``jaxtour.checks`` wire it in.
"""
