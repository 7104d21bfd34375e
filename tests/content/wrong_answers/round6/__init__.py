"""Round 6 (issue 35's fresh measure, 2026-12-05, second session): wrong and right answers
to all 57 exercises, written from the lessons alone (at 3338ae5) by three helpers who never
read the grader, the exercises, the corpus or rounds 4-5, kept as written. Unlabelled;
measured, not tested:

    JAXTOUR_PROGRESS=off .venv/bin/python -m tests.content.wrong_answers.round6.measure

Each lessonNN.py holds ROUND_6 (wrong answers, Wrong) and RIGHT_6 (right ones, Right,
from round4/_common.py). Its answers join WRONG_ANSWERS, labelled, as they are read and
their families fixed.
"""
