"""The grading engine: what an exercise is (``spec``), how an answer is judged (``judge``,
``rules``, ``mistakes``, ``compare``), what keeps a check safe (``isolation``, ``limits``,
``learner_code``), and what the learner sees (``feedback``, ``explain``, ``panel``).

It imports nothing from ``jaxtour.learner`` or ``jaxtour.exercises``; ``jaxtour.checks``
wires it to both.
"""
