"""The tour's editions: one per language, each a folder of lessons and a README.

The tools that write what links the lessons (``tools.badges``, ``tools.lesson_index``)
write every edition with the words below; the lesson titles and index lines come from
``jaxtour.catalog``, translated through the message catalogs (``title``, ``index_table``).
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

from jaxtour import catalog
from jaxtour.i18n import translate

ROOT = Path(__file__).resolve().parent.parent


@dataclass(frozen=True)
class Edition:
    lang: str  # "en", "ru"
    folder: str  # the lessons' folder in the repository: "lessons", "lessons/ru"
    readme: str  # the repository's README for this edition
    # What the tools write in this edition's lessons (str.format fields in braces).
    install_note: str  # above the folded Colab install cell, one line in *italics*
    # Appended to install_note while [tool.jaxtour] published is false ({repository}).
    unpublished_note: str
    install_title: str  # the folded cell's #@title (it must fit an 800 px window)
    tour: str  # the tour line: "Lesson {number} of the tour ({first}–{last})"
    previous: str
    next: str
    all_lessons: str
    progress_heading: str
    progress_text: str
    onward: str
    last: str

    @property
    def path(self) -> Path:
        return ROOT / self.folder

    @property
    def readme_path(self) -> Path:
        return ROOT / self.readme

    def title(self, lesson: catalog.Lesson) -> str:
        """The lesson's heading after "NN · " in this edition (a translated lesson's
        heading says the same as its catalog entry: tests/content/test_russian_sync.py)."""
        return translate(lesson.title, self.lang)

    def link_text(self, lesson: catalog.Lesson) -> str:
        """``01 · Use jnp as a drop-in NumPy``: a lesson's name as the text of a link. No
        code spans: inside a link they render as code, not as a link."""
        return f"{lesson.number} · {self.title(lesson).replace('`', '')}"

    def index_table(self, link_prefix: str = "") -> str:
        """The lessons as a Markdown table: link, what it teaches, minutes."""
        header, minutes = INDEX_WORDS[self.lang]
        lines = [header, "|---|---|---|"]
        for lesson in catalog.LESSONS:
            link = f"[{self.link_text(lesson)}]({link_prefix}{lesson.notebook})"
            teaches = translate(lesson.teaches, self.lang)
            lines.append(f"| {link} | {teaches} | {lesson.minutes}\u00a0{minutes} |")
        return "\n".join(lines)


# The index table's header and unit, per language.
INDEX_WORDS = {
    "en": ("| lesson | what it teaches | time |", "min"),
    "ru": ("| урок | чему он учит | время |", "мин"),
}


ENGLISH = Edition(
    lang="en",
    folder="lessons",
    readme="README.md",
    install_note=(
        "*On Colab, the next cell installs jaxtour and keeps Colab's own jax, numpy and "
        "ipywidgets. Anywhere else it does nothing; its code is folded.*"
    ),
    unpublished_note=(
        "This cell and the badges above work once the project is published at "
        "github.com/{repository}."
    ),
    install_title="Colab only: install jaxtour",
    tour="Lesson {number} of the tour ({first}–{last})",
    previous="previous: [{name}]({notebook})",
    next="**next: [{name}]({notebook})**",
    all_lessons="[all lessons](README.md)",
    progress_heading="## Your progress",
    progress_text=(
        "This lesson's exercises and the whole tour: which you passed, and which after a hint or\n"
        "the solution. Done with this lesson? *Kernel → Shut Down Kernel* frees its memory (an\n"
        "idle kernel is also shut down for you after a while)."
    ),
    onward="**Next: [{name}]({notebook})** (on Colab: [open it there]({colab})).",
    last=(
        "**That was the last lesson.** Back to the start: [all lessons](README.md), "
        "or [{name}]({notebook}) (on Colab: [open it there]({colab}))."
    ),
)

RUSSIAN = Edition(
    lang="ru",
    folder="lessons/ru",
    readme="README.ru.md",
    install_note=(
        "*В Colab следующая ячейка устанавливает jaxtour и оставляет те jax, numpy и "
        "ipywidgets, что уже есть в Colab. В остальных местах она ничего не делает; её код "
        "свёрнут.*"
    ),
    unpublished_note=(
        "Эта ячейка и значки выше заработают, когда проект будет опубликован на "
        "github.com/{repository}."
    ),
    install_title="Только для Colab: установка jaxtour",
    tour="Урок {number} из тура ({first}–{last})",
    previous="назад: [{name}]({notebook})",
    next="**дальше: [{name}]({notebook})**",
    all_lessons="[все уроки](README.md)",
    progress_heading="## Ваш прогресс",
    progress_text=(
        "Упражнения этого урока и всего тура: какие вы решили, а какие — после подсказки или\n"
        "решения. Закончили урок? *Kernel → Shut Down Kernel* освобождает его память (ядро,\n"
        "которое долго простаивает, тоже отключается само)."
    ),
    onward="**Дальше: [{name}]({notebook})** (в Colab: [открыть там]({colab})).",
    last=(
        "**Это был последний урок.** Назад к началу: [все уроки](README.md) "
        "или [{name}]({notebook}) (в Colab: [открыть там]({colab}))."
    ),
)

EDITIONS: tuple[Edition, ...] = (ENGLISH, RUSSIAN)
