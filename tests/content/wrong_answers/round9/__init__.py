"""Round 9 (issue 35's fresh measure, 2026-12-06): wrong and right answers to all 57
exercises, written from the English lessons alone (at 826f6c1) by two helpers who never
read the grader, the exercises, the corpus or rounds 4-8, and never saw a verdict; kept
as written. Unlabelled; measured, not tested:

    JAXTOUR_PROGRESS=off .venv/bin/python -m tests.content.wrong_answers.round9.measure [NN ...]

Each lessonNN.py holds ROUND_9 (wrong answers, Wrong) and RIGHT_9 (right ones, Right, from
round4/_common.py). Measured before any fix (826f6c1 with only the round's files added):
579 wrong answers, of which 560 refused and 19 "accepted"; 17 of the 560 refused got a
generic message (3.0 %), 4 exercises above 1 in 8 (04.grad_last_two 2/11,
07.stale_global 2/11, 07.clip_negative 3/10, 11.first_two_positive 3/11); 15 of 170 right
answers refused: 12 a prediction's right letter with its reason ("C - split is a pure
function"), which the grader asked to write alone, and 3 08.speedup measurements on a
machine at load 12 (the learner's figure above the stand-in range). Of the 19 accepted,
13 are a prediction's right letter in lower case, with a period, commas or "Option",
which the predictions accept on purpose (one writer labelled them wrong, the other right);
6 are wrong or doubtful: 06.set_first by concatenating slices (wrong on a length-1 array),
08.speedup warmed up but never blocked (accepted at that load), 09.random_walk from a NumPy
generator seeded from the key, 09.two_views keying view b by ids + N (clashes across
batches), and 09.random_walk's one (steps,) draw (the right walk). An auditor who read
every message against the answer's code (never the grader) flagged 21 wrong diagnoses (8
mild) and 96 messages that prescribe the edit (41 mild) of 561 blocks (AUDIT.md).
"""
