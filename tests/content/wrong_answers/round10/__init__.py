"""Round 10 (issue 35's fresh measure, 2026-12-06, second session): wrong and right
answers to all 57 exercises, written from the English lessons alone (at ff17b8c) by two
helpers who never read the grader, the exercises, the corpus or rounds 4-9, and never saw
a verdict; asked this time for edge cases, answers right on the page's data only, partly
adapted cells, and right answers written unusually. Kept as written. Unlabelled by the
grader; measured, not tested:

    JAXTOUR_PROGRESS=off .venv/bin/python -m tests.content.wrong_answers.round10.measure [NN ...]

Each lessonNN.py holds ROUND_10 (wrong answers, Wrong) and RIGHT_10 (right ones, Right,
from round4/_common.py). Measured before any fix (ff17b8c with only the round's files
added; what each answer got: before_00-06.tsv and before_07-14.tsv): 549 wrong answers
(243 to lessons 00-06, 306 to 07-14), 165 right ones. Of the 549, 526 refused (2 of them
by the answer's own cell failing), 23 "accepted". **15 of the 526 refused got a generic
message (2.9 %)**; 3 exercises above 1 in 8 (03.derivative_by_hand 2/10, 07.stale_global
2/10, 11.scan_ema 2/9). 4 of 165 right answers refused (05.fix_aux_order with an extra
key in its aux, 08.update returning a list where the task says a tuple, 08.speedup's
figure 280 above the live range 7.54-250, 14.global_mean calling a helper its workers do
not have). The 23 accepted and the 4 refused are read one by one in AUDIT.md.

Read by an auditor who never read the grader (AUDIT.md): of the 23 accepted, 16 are a
prediction's right letter in another form (lower case, with its reason, in parentheses,
as a list), accepted on purpose; **6 are wrong answers the grader let through**
(04.sgd_step's scale min(norm, max_norm) / norm, nan at zero gradients; 06.set_first by
adding the differences, inexact in float32; 07.static_window dividing by max |weight|,
wrong for a kernel with negative weights; 08.speedup's ratio of a 5-call total to a
50-call total, ten times too small, inside the live range 7.54-250; 08.speedup timed
over one call each side, noise; 09.split_keeps_key "c", a draw's name the grader read as
option C). Of the 4 refused right answers, 2 are the grader's fault (05.fix_aux_order's
extra aux key; 08.speedup's 280 above 250) and 2 the writer's (a list where the task asks
a tuple; a helper the workers lack). In the 523 messages of refused answers: **12 wrong
diagnoses** (round 9: 21) and **4 messages that prescribe the edit** (round 9: 96).
"""
