"""Round 5 (issue 35's measure after the 2026-12-05 merges): answers written from the
lessons alone by helpers who never read the grader, the exercises or the corpus, kept as
written. Unlabelled; measured, not tested:

    JAXTOUR_PROGRESS=off .venv/bin/python -m tests.content.wrong_answers.round5.measure

Each lessonNN.py holds ROUND_5 (wrong answers, Wrong) and RIGHT_5 (right ones, Right,
from round4/_common.py).
"""
