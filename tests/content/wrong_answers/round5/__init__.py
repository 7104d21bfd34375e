"""Round 5 (issue 35's measure after the 2026-12-05 merges): 618 wrong and 213 right
answers to all 57 exercises, written from the lessons alone by three helpers who never read
the grader, the exercises or the corpus, kept as written. Unlabelled; measured, not tested:

    JAXTOUR_PROGRESS=off .venv/bin/python -m tests.content.wrong_answers.round5.measure

Each lessonNN.py holds ROUND_5 (wrong answers, Wrong) and RIGHT_5 (right ones, Right,
from round4/_common.py). Measured before any fix (at df0a473): 8 wrong answers accepted,
33 of 610 refused ones with a generic message (5.4 %), 0 right answers refused. Its
answers join WRONG_ANSWERS, labelled, as they are read and their families fixed.
"""
