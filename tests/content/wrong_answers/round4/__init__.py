"""Round 4 (issue 35's measure): answers written from the lessons alone, 2026-12-05, by
three helpers who never read the grader, the exercises or the corpus: 567 wrong and 139
right, for all 57 exercises. Unlabelled; measured, not tested:

    JAXTOUR_PROGRESS=off .venv/bin/python -m tests.content.wrong_answers.round4.measure

prints each verdict (a mistake id, "generic", ACCEPTED for a wrong answer passed,
REFUSED for a right one refused) and the round's figures. Its answers join
WRONG_ANSWERS, labelled, as they are read and their families fixed.
"""
