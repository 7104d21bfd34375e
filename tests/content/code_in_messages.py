"""Code that a feedback message hands over, found by trying it as the answer.

Issue 34: feedback names the mistake and why; code that passes lives only in the hints
and the solution (which progress counts). So every message a learner can be shown for a
wrong answer is searched for Python expressions (``fragments``), and each is typed into
the exercise as a learner pasting it would (``pastes``): in place of each expression of
the solution, and as the whole cell. ``learner_path`` runs them in the lesson's own
kernel, after the solutions, and none may pass.
"""

from __future__ import annotations

import ast
import builtins
import re

# Where a clause ends in prose: a comma, colon or semicolon and a space, a dash, a
# sentence's full stop. Code in a message is not cut there when inside brackets.
_BREAKS = re.compile(r"[,;:] |\. | — | - |\(or |\(and ")
_OPEN, _CLOSE = "([{", ")]}"


def clauses(message: str) -> list[str]:
    """The message cut at prose punctuation that is outside brackets."""
    out, depth, start, i = [], 0, 0, 0
    while i < len(message):
        char = message[i]
        if char in _OPEN:
            depth += 1
        elif char in _CLOSE:
            depth = max(0, depth - 1)
        elif depth == 0 and (match := _BREAKS.match(message, i)):
            out.append(message[start:i])
            start = i = match.end()
            continue
        i += 1
    out.append(message[start:])
    return [c.strip().rstrip(".").strip() for c in out if c.strip()]


def _is_code(node: ast.AST) -> bool:
    """An expression a learner could paste: a call, subscript, attribute or arithmetic."""
    return any(
        isinstance(n, (ast.Call, ast.Subscript, ast.BinOp, ast.Compare, ast.Lambda))
        for n in ast.walk(node)
    )


def fragments(message: str) -> set[str]:
    """Every run of words in a clause of ``message`` that parses as one Python statement
    with code in it ("jnp.maximum(x, 0.0) does" gives ``jnp.maximum(x, 0.0)``, and also
    ``jnp.maximum(x, 0.0) does``, a comparison that reads a name no cell has)."""
    found = set()
    for clause in clauses(message):
        words = clause.split(" ")
        for start in range(len(words)):
            for end in range(start + 1, len(words) + 1):
                text = " ".join(words[start:end])
                try:
                    tree = ast.parse(text)
                except SyntaxError:
                    continue
                if len(tree.body) == 1 and _is_code(tree.body[0]):
                    found.add(text)
    return found


def shown_code(messages: list[str]) -> list[str]:
    """The fragments of ``messages`` and of every error explanation's why and fix (which
    a learner sees under a failing cell), in a stable order."""
    from jaxtour.grader.explain import EXPLANATIONS

    texts = list(messages) + [t for e in EXPLANATIONS for t in (e.why, e.fix)]
    return sorted(set().union(*(fragments(t) for t in texts)))


def names_free(source: str) -> set[str]:
    """The names ``source`` reads and never binds (its parameters, assignments, loop and
    comprehension variables, lambdas and imports bind). A paste that needs one the kernel
    lacks would only raise NameError."""
    tree = ast.parse(source)
    bound, read = set(dir(builtins)), set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Name):
            (bound if isinstance(node.ctx, (ast.Store, ast.Del)) else read).add(node.id)
        elif isinstance(node, ast.arg):
            bound.add(node.arg)
        elif isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)):
            bound.add(node.name)
        elif isinstance(node, (ast.Import, ast.ImportFrom)):
            bound.update((a.asname or a.name).split(".")[0] for a in node.names)
    return read - bound


# Modules a lesson's setup imports, which a fragment may name beside the solution's names.
MODULES = frozenset({"jax", "jnp", "np", "lax", "math", "functools", "checks"})


def all_names(source: str) -> set[str]:
    """Every name ``source`` reads or binds."""
    tree = ast.parse(source)
    names = {n.id for n in ast.walk(tree) if isinstance(n, ast.Name)}
    names |= {n.arg for n in ast.walk(tree) if isinstance(n, ast.arg)}
    return names | {n.name for n in ast.walk(tree) if isinstance(n, ast.FunctionDef)}


def pastes(cell: str, fragment: str, solution: str) -> list[str]:
    """The cells a learner pasting ``fragment`` into the exercise cell as shipped (``cell``:
    the placeholder, or the code to fix) would run: the fragment in place of the
    placeholder ``...`` (returned, inside a function), or of an expression the cell
    computes that shares a name with it; an assignment or a definition as the whole cell.
    None when the fragment reads a name that neither the cell, the solution nor a
    lesson's modules have (a fix written for another situation, or prose that parses)."""
    try:
        tree = ast.parse(fragment)
    except SyntaxError:
        return []
    known = all_names(cell) | all_names(solution) | MODULES
    if names_free(fragment) - known or "config.update" in fragment:
        return []  # (a switch of the whole kernel, such as x64, is no answer's value)
    if not isinstance(tree.body[0], ast.Expr):
        return [fragment]
    cells, lines = [], cell.splitlines()
    own = all_names(fragment) - MODULES
    for number, line in enumerate(lines):
        code = line.split("#", 1)[0].rstrip()
        indent = code[: len(code) - len(code.lstrip())]
        if code.strip() == "...":
            if not indent:
                continue
            new = f"{indent}return {fragment}"
        else:
            match = re.match(r"(\s*)(return\s+|[A-Za-z_][\w.\[\], ]*?\s*=\s*)(?!=)(.+)$", code)
            if match is None:
                continue
            expression = match.group(3).strip()
            try:
                replaced = all_names(expression)
            except SyntaxError:
                continue
            if expression != "..." and not (own & replaced if own else replaced <= MODULES):
                continue  # the fragment speaks of other values than this line computes
            new = match.group(1) + match.group(2) + fragment
        source = "\n".join(lines[:number] + [new] + lines[number + 1 :])
        try:
            ast.parse(source)
        except SyntaxError:
            continue
        cells.append(source)
    return cells
