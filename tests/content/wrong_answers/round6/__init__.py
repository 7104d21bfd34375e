"""Round 6 (issue 35's fresh measure, 2026-12-05, second session): wrong and right answers
to all 57 exercises, written from the lessons alone (at 3338ae5) by three helpers who never
read the grader, the exercises, the corpus or rounds 4-5, kept as written. Unlabelled;
measured, not tested:

    JAXTOUR_PROGRESS=off .venv/bin/python -m tests.content.wrong_answers.round6.measure

Each lessonNN.py holds ROUND_6 (wrong answers, Wrong) and RIGHT_6 (right ones, Right,
from round4/_common.py). Measured before any fix (at 15d6cc7, the commit that added it):
595 wrong answers, 2 accepted (07.static_window with a negative static_argnums, which
breaks when window and scale come by keyword; 09.random_walk drawing from the key it then
splits), 27 of 593 refused ones with a generic message (4.6 %), 5 exercises above 1 in 8
(03.derivative_by_hand 3/14, 05.fix_aux_order 4/12, 06.set_first 2/11,
11.first_two_positive 2/11, 12.fixed_target 3/9); 0 of 215 right answers refused.
Its answers join WRONG_ANSWERS, labelled, as they are read and their families fixed.
"""
