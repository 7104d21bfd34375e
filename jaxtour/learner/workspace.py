"""The learner's workspace: a folder of lesson copies that jaxtour never overwrites.

``jaxtour lab`` copies the shipped lessons into the workspace, file by file, skipping
every file that is already there, and remembers in ``.jaxtour-workspace.json`` which
shipped version each copy came from. When a newer jaxtour ships a changed lesson, the
learner's copy stays as it is and ``sync()`` names it; ``reset()`` keeps the learner's
file as a timestamped backup in the workspace's ``backups/`` folder (so the lessons stay
the only notebooks at the top) and puts the new one in its place.

Each language's edition has its own copies, so switching language loses nothing: the
English lessons at the top of the workspace, another language's in a subfolder named
after it (``ru/``, from the shipped ``lessons/ru/``), each folder with its own manifest.
``jaxtour lab --lang ru`` syncs and opens ``ru/``; ``jaxtour reset 03 --lang ru`` resets
``ru/03_grad.ipynb``.

Every file is written whole or not at all (``backups.write_whole``): a full disk leaves
no cut-short lesson. A copy that is cut short all the same (another program, an older
jaxtour) is named by ``sync()`` and left for ``reset()``, which backs it up first.
"""

from __future__ import annotations

import hashlib
import json
import tomllib
from dataclasses import dataclass, field
from pathlib import Path

from jaxtour import catalog
from jaxtour.i18n import DEFAULT, LANGUAGES, _
from jaxtour.learner.backups import move_to_backup, put_back, write_whole

MANIFEST = ".jaxtour-workspace.json"
DEFAULT_DIR = "jaxtour-lessons"
BACKUPS = "backups"  # reset's backups: <workspace>/backups/03_grad.backup-<stamp>.ipynb
RESET_ATTEMPTS = 100  # a reset that finds a fresh save each time it places the lesson gives up
LAB_DIR = ".jaxtour-lab"  # what `jaxtour lab` keeps for JupyterLab: its settings and its log


class WorkspaceError(Exception):
    """A problem the learner can fix; the message is one line."""


def shipped_lessons() -> Path:
    """The folder holding the lessons this jaxtour ships.

    In a wheel they are package data (``jaxtour/lessons``); in a clone they are the
    repository's ``lessons/`` folder beside the package.
    """
    package = Path(__file__).resolve().parent.parent
    first = catalog.LESSONS[0].notebook
    for candidate in (package / "lessons", package.parent / "lessons"):
        if (candidate / first).is_file():
            return candidate
    raise WorkspaceError(
        _("this jaxtour installation has no lessons (the package data is missing)")
    )


def edition(lang: str = DEFAULT) -> Path:
    """The shipped lessons of one language: ``shipped_lessons()`` for English, its ``<lang>/``
    subfolder for another (which may hold fewer lessons than the English, or none yet)."""
    return shipped_lessons() if lang == DEFAULT else shipped_lessons() / lang


def has_edition(lang: str) -> bool:
    """Whether this jaxtour ships lessons in ``lang``."""
    try:
        return lang in LANGUAGES and bool(lesson_files(edition(lang)))
    except WorkspaceError:
        return False


def copies_folder(folder: Path, lang: str = DEFAULT) -> Path:
    """Where the workspace ``folder`` keeps one language's copies: itself for English,
    ``folder/<lang>`` for another."""
    return Path(folder) if lang == DEFAULT else Path(folder) / lang


COMPANIONS = ("README.md", "GLOSSARY.md")  # beside the notebooks, where an edition has them


def lesson_files(folder: Path | None = None) -> list[Path]:
    """The files a workspace holds: every lesson notebook, the lessons' README and, in a
    translated edition, its glossary (the README links to it)."""
    folder = folder or shipped_lessons()
    if not folder.is_dir():
        return []
    files = [folder / lesson.notebook for lesson in catalog.LESSONS]
    files += [folder / name for name in COMPANIONS]
    return [path for path in files if path.exists()]


def _digest(path: Path) -> str:
    return hashlib.sha256(path.read_bytes()).hexdigest()


def notebook_problem(path: Path) -> str | None:
    """Why ``path`` cannot be opened as a notebook (cut short, not JSON), or None."""
    try:
        data = json.loads(path.read_bytes())
    except ValueError:
        return _("it is not valid JSON (cut short?)")
    except OSError as exc:
        return _("it cannot be read ({error})").format(error=exc.strerror or exc)
    if not isinstance(data, dict) or not isinstance(data.get("cells"), list):
        return _("it is JSON but not a notebook")
    return None


@dataclass(frozen=True)
class SyncReport:
    folder: Path
    copied: list[str]
    kept: list[str]
    stale: list[str]  # kept copies of a lesson this jaxtour ships newer
    broken: list[tuple[str, str]] = field(default_factory=list)  # (name, why), kept as is
    blocked: list[str] = field(default_factory=list)  # a folder where a lesson should be


def _read_manifest(folder: Path) -> dict[str, str]:
    try:
        data = json.loads((folder / MANIFEST).read_text(encoding="utf-8"))
        return {str(k): str(v) for k, v in data.get("copied_from", {}).items()}
    except (OSError, ValueError, AttributeError):
        return {}


def _write_manifest(folder: Path, copied_from: dict[str, str]) -> None:
    text = json.dumps({"copied_from": copied_from}, indent=1, sort_keys=True) + "\n"
    try:
        if (folder / MANIFEST).read_bytes() == text.encode():
            return  # unchanged: nothing written (a full disk would refuse even this)
    except OSError:
        pass
    try:
        write_whole(folder / MANIFEST, text.encode(), replace=True)
    except OSError as exc:
        raise WorkspaceError(
            _("cannot write {path}: {error}").format(
                path=folder / MANIFEST, error=exc.strerror or exc
            )
        ) from None


def _names_jaxtour(pyproject: Path) -> bool:
    """Whether ``pyproject`` is jaxtour's own pyproject.toml (a clone of its repository)."""
    try:
        project = tomllib.loads(pyproject.read_text(encoding="utf-8")).get("project", {})
    except (OSError, ValueError, UnicodeDecodeError):
        return False
    return isinstance(project, dict) and project.get("name") == "jaxtour"


def _holds_lesson_sources(folder: Path) -> bool:
    """Whether ``folder`` holds the lessons as jaxtour's repository does, whichever jaxtour
    is installed (a wheel's lessons are elsewhere): a clone's ``lessons/`` (or a language's
    folder in it), found by the pyproject.toml beside it, or any folder with a lesson's
    MyST source beside its notebook and no workspace manifest (a workspace holds notebooks;
    one paired with its own .md files by the learner has its manifest)."""
    folder = folder.resolve()
    for lessons in (folder, folder.parent):  # lessons/, or lessons/<lang>/
        if lessons.name == "lessons" and (lessons == folder or folder.name in LANGUAGES):
            if _names_jaxtour(lessons.parent / "pyproject.toml"):
                return True
    if (folder / MANIFEST).is_file():
        return False
    return any(
        (folder / lesson.source).is_file() and (folder / lesson.notebook).is_file()
        for lesson in catalog.LESSONS
    )


def _check_folder(folder: Path) -> None:
    """One-line errors for a DIR that is a file, or the shipped lessons themselves (this
    installation's, or the repository's lessons folder beside a wheel's installation)."""
    if folder.exists() and not folder.is_dir():
        raise WorkspaceError(
            _("{folder} is a file, not a folder: pick another folder").format(folder=folder)
        )
    try:
        shipped = shipped_lessons()
    except WorkspaceError:
        shipped = None
    editions = set()
    if shipped is not None:
        editions = {shipped.resolve(), *((shipped / lang).resolve() for lang in LANGUAGES)}
    if folder.exists() and (folder.resolve() in editions or _holds_lesson_sources(folder)):
        raise WorkspaceError(
            _(
                "{folder} holds the lessons jaxtour ships, not your copies of them: use your "
                "workspace (by default ./{default}; `jaxtour lab` makes it)"
            ).format(folder=folder, default=DEFAULT_DIR)
        )


def sync(folder: Path, lang: str = DEFAULT) -> SyncReport:
    """Copy every shipped lesson missing from ``folder``; report the ones that are newer,
    and the copies that cannot be opened as notebooks (they are left as they are).

    ``lang``: another language's lessons go to ``folder/<lang>`` (``copies_folder``); the
    report's folder is that one."""
    sources = lesson_files(edition(lang))
    if not sources:
        raise WorkspaceError(
            _("this jaxtour has no lessons in {language} yet").format(
                language=LANGUAGES.get(lang, lang)
            )
        )
    folder = copies_folder(folder, lang)
    _check_folder(folder)
    try:
        folder.mkdir(parents=True, exist_ok=True)
        probe = folder / ".jaxtour-write-test"
        probe.write_text("")
        probe.unlink()
    except OSError as exc:
        raise WorkspaceError(
            _("cannot write to {folder}: {error}").format(folder=folder, error=exc.strerror or exc)
        ) from None
    manifest = _read_manifest(folder)
    report = SyncReport(folder, [], [], [])
    for source in sources:
        target = folder / source.name
        if target.exists() and not target.is_file():
            report.blocked.append(source.name)
            continue
        shipped = source.read_bytes()
        try:
            # A copy already there is kept untouched: no temporary copy is written for it,
            # so a later `jaxtour lab` on a full disk starts all the same. A missing one is
            # written whole or not at all, and never over a file that appeared meanwhile.
            copied = not target.exists() and write_whole(target, shipped, replace=False)
        except OSError as exc:
            problem = exc.strerror or exc
            raise WorkspaceError(
                _("cannot copy {name} into {folder}: {error}").format(
                    name=source.name, folder=folder, error=problem
                )
            ) from None
        digest = hashlib.sha256(shipped).hexdigest()
        if copied:
            report.copied.append(source.name)
            manifest[source.name] = digest
            continue
        report.kept.append(source.name)
        if source.suffix == ".ipynb" and (why := notebook_problem(target)):
            report.broken.append((source.name, why))
        if source.name not in manifest:  # a file the learner put there: adopt it as is
            manifest[source.name] = _digest(target)
        if manifest[source.name] != digest and source.suffix == ".ipynb":
            report.stale.append(source.name)
    _write_manifest(folder, manifest)
    return report


def find_lesson(name: str, lang: str = DEFAULT) -> Path:
    """The shipped lesson that ``name`` ("03", "03_grad", "03_grad.ipynb") stands for."""
    try:
        lesson = catalog.find(name)  # "3" means lesson 03
    except catalog.UnknownLesson:
        known = ", ".join(lesson.stem for lesson in catalog.LESSONS)
        raise WorkspaceError(
            _("no lesson {name}; the lessons are: {known}").format(name=repr(name), known=known)
        ) from None
    return edition(lang) / lesson.notebook


def lesson_copy(folder: Path, name: str, lang: str = DEFAULT) -> Path:
    """Where the workspace ``folder`` keeps its copy of lesson ``name`` (in ``lang``'s
    subfolder for another language); one-line errors for a folder that is not a
    workspace or a name taken by something not a file."""
    source = find_lesson(name, lang)
    if not source.is_file() and lang != DEFAULT:
        raise WorkspaceError(
            _("lesson {name} is not in {language} yet").format(
                name=source.stem, language=LANGUAGES.get(lang, lang)
            )
        )
    folder = copies_folder(folder, lang)
    _check_folder(folder)
    if not folder.is_dir():
        raise WorkspaceError(
            _("{folder} is not a jaxtour workspace (run `jaxtour lab` first)").format(folder=folder)
        )
    target = folder / source.name
    if target.exists() and not target.is_file():
        raise WorkspaceError(
            _("{target} is a folder, not a lesson: move or rename it, then try again").format(
                target=target
            )
        )
    return target


@dataclass(frozen=True)
class ResetReport:
    fresh: Path
    backup: Path | None  # where the learner's copy went; None when there was none to keep
    unchanged: bool  # the copy was the shipped lesson as it is: nothing was done


def reset(folder: Path, name: str, lang: str = DEFAULT) -> ResetReport:
    """Restore a fresh copy of one lesson; the learner's copy is backed up in
    ``backups/`` first unless it is the shipped lesson unchanged.

    Nothing is lost on any failure, nor to a save made meanwhile: the learner's copy is
    moved into ``backups/`` by one rename (what is on disk at that moment), and the
    fresh copy, written beside the lesson, is linked in only where no file is: a save
    by rename (vim's way) that lands in between is backed up in its turn. A full disk
    puts the learner's copy back; an unwritable ``backups/`` changes nothing.
    """
    target = lesson_copy(folder, name, lang)
    folder = target.parent
    source = edition(lang) / target.name
    shipped = source.read_bytes()
    digest = hashlib.sha256(shipped).hexdigest()
    manifest = _read_manifest(folder)
    try:
        if target.is_file() and _digest(target) == digest:
            if manifest.get(target.name) != digest:
                manifest[target.name] = digest
                _write_manifest(folder, manifest)
            return ResetReport(target, None, unchanged=True)
    except OSError as exc:
        raise WorkspaceError(
            _("cannot read {target}: {error}").format(target=target, error=exc.strerror or exc)
        ) from None
    backup = None
    backups = folder / BACKUPS
    for _attempt in range(RESET_ATTEMPTS):
        if target.exists() or target.is_symlink():
            if backups.exists() and not backups.is_dir():
                raise WorkspaceError(
                    _(
                        "cannot back up {name}: {backups} is a file, not a folder; move it "
                        "aside, then try again (nothing was changed)"
                    ).format(name=target.name, backups=backups)
                )
            try:
                # One rename: what is on disk at this moment goes to backups/, whole.
                backup = move_to_backup(target, "backup", into=backups)
            except OSError as exc:
                raise WorkspaceError(
                    _("cannot back up {name} into {backups}: {error} (nothing was changed)").format(
                        name=target.name, backups=backups, error=exc.strerror or exc
                    )
                ) from None
        try:
            # Never over a file: one that is there now was saved since the move (an
            # editor that saves by rename), and is backed up in its turn.
            placed = write_whole(target, shipped, replace=False)
        except OSError as exc:
            if backup is not None:
                put_back(backup, target)
            raise WorkspaceError(
                _("cannot reset {name} in {folder}: {error} (your copy is as it was)").format(
                    name=target.name, folder=folder, error=exc.strerror or exc
                )
            ) from None
        if placed:
            break
    else:  # saved again and again while this ran: the learner's last save stays
        raise WorkspaceError(
            _(
                "{name} was saved again each time jaxtour reset it; your last save is in "
                "place and the earlier ones are in {backups}. Close it in the editor, then "
                "try again."
            ).format(name=target.name, backups=backups)
        )
    manifest[target.name] = digest
    _write_manifest(folder, manifest)
    return ResetReport(target, backup, unchanged=False)


def lab_dir(folder: Path) -> Path:
    """The workspace's hidden folder for JupyterLab's settings and log, created if needed."""
    path = Path(folder) / LAB_DIR
    try:
        path.mkdir(parents=True, exist_ok=True)
    except OSError as exc:
        raise WorkspaceError(
            _("cannot write to {folder}: {error}").format(folder=path, error=exc.strerror or exc)
        ) from None
    return path


def default_dir() -> str:
    """The workspace a command means when none is named: the current folder when it is
    one (a terminal opened in JupyterLab starts there), its parent when the current folder
    is a language's copies (``ru/``), else ./jaxtour-lessons."""
    here = Path.cwd()
    if here.name in LANGUAGES and (here.parent / MANIFEST).is_file():
        return ".."
    return "." if (here / MANIFEST).is_file() else DEFAULT_DIR
