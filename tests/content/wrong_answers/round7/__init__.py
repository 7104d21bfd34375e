"""Round 7 (issue 35's fresh measure, 2026-12-05, third session): wrong and right answers
to all 57 exercises, written from the lessons alone (at ea8316a) by two helpers who never
read the grader, the exercises, the corpus or rounds 4-6, kept as written. Unlabelled;
measured, not tested:

    JAXTOUR_PROGRESS=off .venv/bin/python -m tests.content.wrong_answers.round7.measure [NN ...]

Each lessonNN.py holds ROUND_7 (wrong answers, Wrong) and RIGHT_7 (right ones, Right,
from round4/_common.py). Measured before any fix, at ea8316a (the commit the writers read),
in a checkout of it: 575 wrong answers, 11 accepted (02.time_call waiting only for the
last call; 04.grad_last_two with x and y swapped in the wrapper; 07.static_window as a
lambda whose renamed parameters break by keyword; 08.fit recomputing the loss, stopping at
<= target, and capped at 1000 steps; 09.random_walk splitting one key twice; 09.two_views
from ids i and -i; 10.fix_loss multiplying by the mask, which an inf or NaN filler
poisons; 11.while_grad stepping on at a tie; 13.first_nan naming the primitive, accepted
on purpose), 21 of 564 refused ones with a generic message (3.7 %), 5 exercises above 1
in 8 (01.center 2/11, 07.stale_global 2/11, 09.per_example_grads 2/9,
11.first_two_positive 3/10, 13.xlogx_gradient 2/11); 2 of 201 right answers refused
(08.speedup, measured at 581 and 689 against an accepted range of 7.54 to 250 on a loaded
machine). The writers' labels are theirs: an accepted answer is read before it is called
wrong. An auditor who read every message against the answer's code found 12 wrong
diagnoses among the 564 refused (2.1 %), and three labels wrong (04.grad_last_two's swapped
wrapper, 09.random_walk's split taken twice, 02.time_call's wait for the last call: all
right). After the session's fixes, at e735560: 0 of 572 refused answers generic, the 3
accepted ones those three labels' kind (02.time_call, 04.grad_last_two, 10.fix_loss's mask
multiply, which JAX computes right even with an inf or NaN filler), 13 right answers
refused, all to tasks redesigned after the writers read them. Its answers join
WRONG_ANSWERS, labelled, as they are read and their families fixed.
"""
