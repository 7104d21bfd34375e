"""jaxtour speaks the language in use: the grader, the panel, and the `jaxtour` command.

`jaxtour lab --lang ru` is tested with a small edition of our own in a tmp folder
(``edition`` below), so that these tests never depend on the real lessons' contents.
"""

from __future__ import annotations

import json
import os
import re
from pathlib import Path

import pytest

from jaxtour import catalog, checks, cli, environment, hosts, i18n
from jaxtour.exercises import exercise as find_exercise
from jaxtour.grader.explain import EXPLANATIONS
from jaxtour.learner import workspace
from tests.helpers import RUSSIAN

RUSSIAN_LETTERS = re.compile("[А-Яа-яЁё]")


def russian(message: str) -> str:
    """``message`` as the Russian catalog gives it (itself when untranslated)."""
    i18n.use_language("ru")
    try:
        return i18n._(message)
    finally:
        i18n._chosen[0] = None


def test_checks_follow_use_language_whatever_the_system_says(monkeypatch):
    monkeypatch.setenv("LANG", "en_US.UTF-8")
    checks.use_language("ru")
    note = checks.hint("00.first_array", 1)
    assert note.heading == "Подсказка 1 из 3 к 00.first_array"
    monkeypatch.setenv("LANG", "ru_RU.UTF-8")
    monkeypatch.setenv(i18n.ENV_LANG, "ru")
    checks.use_language("en")
    assert checks.hint("00.first_array", 1).heading == "Hint 1 of 3 for 00.first_array"


def test_the_system_locale_and_jaxtour_lang_choose_when_no_lesson_does(monkeypatch):
    monkeypatch.setenv("LANG", "ru_RU.UTF-8")
    assert i18n.language() == "ru"
    assert checks.check("00.first_array", ...).message.startswith("Замените")
    monkeypatch.setenv(i18n.ENV_LANG, "en")
    assert i18n.language() == "en"
    assert checks.check("00.first_array", ...).message.startswith("Replace the")


def test_an_answer_cannot_change_the_language_mid_check(monkeypatch):
    """Setting $JAXTOUR_LANG during the check changes nothing until it ends; rebinding
    jaxtour.i18n's functions is refused by name, and put back."""
    checks.use_language("en")
    i18n._chosen[0] = None  # the environment decides: English

    def sneaky(x):
        os.environ[i18n.ENV_LANG] = "ru"
        return x

    monkeypatch.setenv(i18n.ENV_LANG, "en")
    feedback = checks.check("01.center", sneaky)
    assert feedback.message.isascii(), feedback.message
    monkeypatch.setenv(i18n.ENV_LANG, "en")

    original = i18n.language

    def rebinding(x):
        i18n.language = lambda: "ru"
        return x

    feedback = checks.check("01.center", rebinding)
    assert feedback.status == "error" and "jaxtour.i18n.language" in feedback.message
    assert i18n.language is original


def test_use_language_inside_a_check_is_put_back_and_the_check_refused():
    """An answer may not change the session's language for the checks after it (issue
    35): the language is put back, and the refusal says so, in the session's language."""
    checks.use_language("en")

    def switching(x):
        checks.use_language("ru")
        return x

    feedback = checks.check("01.center", switching)
    assert i18n.language() == "en"
    assert feedback.status == "error" and "checks.use_language()" in feedback.message
    assert feedback.message.isascii()


def test_the_solution_shown_in_russian_keeps_the_code():
    checks.use_language("ru")
    note = checks.solution("00.first_array")
    assert note.heading == "Решение 00.first_array"
    assert note.body == find_exercise("00.first_array").solution


def test_a_russian_panel_has_russian_buttons():
    ipywidgets = pytest.importorskip("ipywidgets")
    assert ipywidgets
    checks.use_language("ru")
    feedback = checks.check("00.first_array", ...)
    assert feedback.text().startswith("[Не выполнено] 00.first_array (")
    panel = checks.panel("00.first_array", lambda: ..., feedback)
    buttons = panel.children[0].children
    assert [b.description for b in buttons] == ["Проверить", "Подсказка", "Решение"]
    buttons[1].click()
    assert buttons[1].description == "Следующая подсказка (2 из 3)"


def test_jaxtour_progress_speaks_russian(tmp_path, monkeypatch, capsys):
    monkeypatch.setenv("JAXTOUR_DATA_DIR", str(tmp_path))
    monkeypatch.setenv("JAXTOUR_PROGRESS", "on")
    assert cli.main(["progress", "03", "--lang", "ru"]) == 0
    out = capsys.readouterr().out
    assert "Тур: пройдено 0 из" in out and "решено 0/" in out
    assert "В 03_grad:" in out and "03.gradient  не решалось" in out
    assert "Хранится в" in out


def test_jaxtour_lang_in_the_environment_is_heard_by_the_command(tmp_path, monkeypatch, capsys):
    monkeypatch.setenv("JAXTOUR_DATA_DIR", str(tmp_path))
    monkeypatch.setenv(i18n.ENV_LANG, "ru")
    assert cli.main(["progress"]) == 0
    assert "Тур: пройдено" in capsys.readouterr().out


def _notebook(text: str) -> bytes:
    cell = {"cell_type": "markdown", "id": "a", "metadata": {}, "source": text}
    return json.dumps(
        {"cells": [cell], "metadata": {}, "nbformat": 4, "nbformat_minor": 5}
    ).encode()


@pytest.fixture
def edition(tmp_path, monkeypatch) -> Path:
    """A shipped-lessons folder of our own: lessons 00 and 01 in English, and in ru/."""
    shipped = tmp_path / "shipped"
    (shipped / "ru").mkdir(parents=True)
    for lesson in catalog.LESSONS[:2]:
        (shipped / lesson.notebook).write_bytes(_notebook(f"# {lesson.title}"))
        (shipped / "ru" / lesson.notebook).write_bytes(_notebook(f"# Урок {lesson.number}"))
    monkeypatch.setattr(workspace, "shipped_lessons", lambda: shipped)
    return shipped


def test_lab_dry_run_in_russian_copies_the_russian_lessons_beside_the_english(
    edition, tmp_path, capsys
):
    ws = tmp_path / "ws"
    assert cli.main(["lab", str(ws), "--dry-run", "--port", "8999"]) == 0  # English first
    mine = ws / catalog.LESSONS[0].notebook
    mine.write_bytes(_notebook("my English work"))
    capsys.readouterr()

    assert cli.main(["lab", str(ws), "--dry-run", "--port", "8999", "--lang", "ru"]) == 0
    out = capsys.readouterr().out
    first = catalog.LESSONS[0].notebook
    assert f"скопировано файлов уроков: 2, в {(ws / 'ru').resolve()}" in out
    assert "запустил бы JupyterLab на http://127.0.0.1:8999 (пробный запуск)" in out
    assert f"--LabApp.default_url=/lab/tree/ru/{first}" in out
    assert f"--ServerApp.root_dir={ws.resolve()}" in out
    assert (ws / "ru" / first).read_bytes() == (edition / "ru" / first).read_bytes()
    assert mine.read_bytes() == _notebook("my English work")  # switching loses nothing

    (ws / "ru" / first).write_bytes(_notebook("моя работа"))
    assert cli.main(["lab", str(ws), "--dry-run", "--port", "8999", "--lang", "ru"]) == 0
    assert "оставлены как есть" in capsys.readouterr().out
    assert (ws / "ru" / first).read_bytes() == _notebook("моя работа")  # never overwritten


def test_lab_in_a_language_with_no_lessons_yet_opens_the_english_ones(
    edition, tmp_path, capsys, monkeypatch
):
    for path in (edition / "ru").iterdir():
        path.unlink()
    ws = tmp_path / "ws"
    assert cli.main(["lab", str(ws), "--dry-run", "--port", "8999", "--lang", "ru"]) == 0
    out = capsys.readouterr().out
    assert "уроков на выбранном языке (Русский)" in out
    assert f"--LabApp.default_url=/lab/tree/{catalog.LESSONS[0].notebook}" in out


def test_reset_lang_resets_the_russian_copy(edition, tmp_path, capsys):
    ws = tmp_path / "ws"
    cli.main(["lab", str(ws), "--dry-run", "--port", "8999", "--lang", "ru"])
    first = catalog.LESSONS[0].notebook
    (ws / "ru" / first).write_bytes(_notebook("моя работа"))
    capsys.readouterr()
    assert cli.main(["reset", "00", "--dir", str(ws), "--lang", "ru"]) == 0
    out = capsys.readouterr().out
    assert "восстановлена свежая копия" in out
    assert (ws / "ru" / first).read_bytes() == (edition / "ru" / first).read_bytes()
    assert list((ws / "ru" / "backups").iterdir())


def test_an_unknown_language_is_a_usage_error(capsys):
    with pytest.raises(SystemExit) as stop:
        cli.main(["progress", "--lang", "xx"])
    assert stop.value.code == 2
    assert "xx" in capsys.readouterr().err


def test_a_solution_shown_in_russian_has_russian_comments_and_the_same_code():
    solution = find_exercise("02.time_call").solution
    checks.use_language("ru")
    body = checks.solution("02.time_call").body
    assert "# прогрев: компиляция вне часов" in body and "warm-up" not in body
    assert body.replace("# прогрев: компиляция вне часов", "") == solution.replace(
        "# warm-up: compile outside the clock", ""
    )


def test_a_choice_reads_the_option_as_the_russian_lesson_prints_it():
    # 11.fails_under_jit's right option, C since its question was redesigned (round 9)
    checks.use_language("ru")
    c_ru = "plain падает: n приходит трассером, а range() нужен int из Python; static "
    c_ru += "компилирует 3 программы, по одной на новую пару из n и формы x"
    c_en = "plain fails: n arrives as a tracer, and range() needs a Python int; static "
    c_en += "compiles 3 programs, one per new pair of n and x's shape"
    assert checks.check("11.fails_under_jit", c_ru).passed  # option C's text, in Russian
    assert checks.check("11.fails_under_jit", c_en).passed  # and in English
    a_ru = "plain работает: 2 — int из Python; static компилирует 1 программу, цикл "
    a_ru += "трассируется один раз"
    assert checks.check("11.fails_under_jit", a_ru).mistake is not None


@pytest.mark.parametrize("explanation", EXPLANATIONS, ids=lambda e: e.id)
def test_a_russian_explanation_names_a_section_of_the_russian_lesson(explanation):
    """The link an explanation gives goes to a heading the Russian lesson has: the Russian
    section name in the core catalog is that heading (checked once lessons/ru/ has it)."""
    number, section = explanation.lesson
    source = RUSSIAN / catalog.find(number).source
    if not source.exists():
        pytest.skip(f"lessons/ru/{source.name} is not here yet")
    heading = russian(section)
    assert f"# {heading}\n" in source.read_text(encoding="utf-8"), (
        f"{explanation.id}: lessons/ru/{source.name} has no heading {heading!r}; translate "
        f"{section!r} in jaxtour/locale/ru/LC_MESSAGES/jaxtour.po as that lesson names it"
    )


# Command lines with a typo of each kind argparse itself answers: an unknown command, an
# unknown option, two options that exclude each other, a missing argument, a value for a
# flag, a value of the wrong kind, an option with no value.
TYPOS = [
    ["frob"],
    ["lab", "--bogus"],
    ["progress", "--json", "--csv"],
    ["reset"],
    ["lab", "--no-browser=1"],
    ["lab", "--port", "x"],
    ["lab", "--port"],
]
# What may stay Latin in a Russian usage error: the command's own words (commands,
# options, metavars, argument names) and what the learner typed.
COMMAND_WORDS = {"jaxtour", "lab", "doctor", "progress", "reset", "lesson", "help", "lang"}


@pytest.mark.parametrize("argv", TYPOS, ids=" ".join)
def test_a_mistyped_command_line_is_answered_in_the_language_asked_for(argv, capsys):
    with pytest.raises(SystemExit) as stop:
        cli.main([*argv, "--lang", "ru"])
    assert stop.value.code == 2
    error = capsys.readouterr().err.strip()
    assert error.startswith("jaxtour: ") and "\n" not in error
    words = re.sub(r"`[^`]*`|'[^']*'|--?[\w-]+|\b[A-Z]+\b", " ", error.removeprefix("jaxtour: "))
    english = [w for w in re.findall(r"[A-Za-z]{2,}", words) if w not in COMMAND_WORDS]
    assert english == [], f"English left in {error!r}"
    assert RUSSIAN_LETTERS.search(error), error
    with pytest.raises(SystemExit):  # and in English, argparse's own words as before
        cli.main([*argv, "--lang", "en"])
    assert not RUSSIAN_LETTERS.search(capsys.readouterr().err)


def test_parsing_leaves_argparse_as_it_was():
    import argparse
    import gettext

    with pytest.raises(SystemExit):
        cli.main(["frob", "--lang", "ru"])
    assert argparse._ is gettext.gettext and argparse.ngettext is gettext.ngettext


def _ended(returncode, stderr=""):
    return hosts.Finished(1, returncode, "", stderr, 1.0)


@pytest.mark.parametrize("returncode", [0, 1, -6, -200, None])
def test_how_a_worker_process_ended_is_said_in_the_lesson_s_language(returncode):
    english = hosts.ended(_ended(returncode))
    i18n.use_language("ru")
    said = hosts.ended(_ended(returncode))
    assert said != english and RUSSIAN_LETTERS.search(said), said
    assert "1" in said  # the process's number


def test_lesson_00_s_environment_report_speaks_the_language_it_is_given():
    english = environment.report(language="en")
    russian = environment.report(language="ru")
    assert "бэкенд" in russian.body and "устройства" in russian.body
    assert RUSSIAN_LETTERS.search(russian.heading)
    assert "backend" in english.body and english.heading == "Your environment"
    for report in (english, russian):  # the values in one column, whatever the labels
        starts = {re.match(r"\S+\s+", line).end() for line in report.body.splitlines()}
        assert len(starts) == 1, report.body
