"""Each lesson, with every exercise cell replaced by its solution, passes every check."""

from __future__ import annotations

from conftest import LESSONS, cell_check, cell_exercise, read_notebook
from nbclient import NotebookClient

from jaxtour.exercises import all_exercises
from jaxtour.feedback import FEEDBACK_MIME


def test_solved_lesson_reports_correct_for_every_check(lesson):
    notebook = read_notebook(lesson)
    exercises = all_exercises()
    solved = []
    for cell in notebook.cells:
        exercise_id = cell_exercise(cell)
        if exercise_id:
            cell.source = exercises[exercise_id].solution
            solved.append(exercise_id)
    NotebookClient(
        notebook, timeout=120, kernel_name="python3", resources={"metadata": {"path": str(LESSONS)}}
    ).execute()

    reported = {}
    for cell in notebook.cells:
        if cell_check(cell):
            for output in cell.outputs:
                if FEEDBACK_MIME in output.get("data", {}):
                    reported[cell_check(cell)] = output.data[FEEDBACK_MIME]["status"]
    assert reported == {exercise_id: "correct" for exercise_id in solved}
