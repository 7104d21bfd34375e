"""Round 8 (issue 35's fresh measure, 2026-12-06): wrong and right answers to all 57
exercises, written from the English lessons alone (at 4eceb48) by two helpers who never
read the grader, the exercises, the corpus or rounds 4-7, and never saw a verdict; kept
as written. Unlabelled; measured, not tested:

    JAXTOUR_PROGRESS=off .venv/bin/python -m tests.content.wrong_answers.round8.measure [NN ...]

Each lessonNN.py holds ROUND_8 (wrong answers, Wrong) and RIGHT_8 (right ones, Right, from
round4/_common.py). Measured before any fix (lessons 00-06 at ca5baa8, 07-14 at 33728aa:
main with only the round's files added): 608 wrong answers, of which 578 refused, 3 raising
in the exercise cell itself and 27 "accepted"; 12 of the 578 refused got a generic message
(2.1 %), 2 exercises above 1 in 8 (03.derivative_by_hand 2/12, 09.per_example_grads 2/11); 1
of 161 right answers refused (08.speedup "median of 7 blocked calls", on a machine at load
12). Of the 27 accepted, 23 are a prediction's letter in lower case, with commas or a
period, or the option's own words, which the predictions accept on purpose, 1 returns a
tuple where 02.block_tree's cell builds a list, 13.xlogx_gradient's inner where with 0.0 is
right (the outer where masks the NaN that the unused branch's gradient makes),
09.random_walk drawing the same (steps,) vector each pass and taking element i is the right
walk drawn wastefully, and 1 is wrong: 09.random_walk drawing from a key and then splitting
that key. An auditor who read every message against the answer's code (never the grader)
flagged 15 of 578: 10 wrong diagnoses (01.numpy_copy part of the diagonal called "not -1";
08.update's gradient at shrunk params called a wrong decay; 08.fit's loss-for-count called
"right result"; 08.fit's steps + 1 stopped as a runaway loop on the loaded machine;
08.speedup twice, an unblocked clock and a jitted "eager" time, asked about the first call;
09.split_keeps_key's letter with a reason read as two options; 09.two_views' np.random view
called a key used twice; 12.fix_rule's overflowing output blamed on its weights;
13.check_prices' NaN-only check called >=), 2 borderline and 3 minor wordings. Its answers
join WRONG_ANSWERS, labelled, as their families are fixed.
"""
