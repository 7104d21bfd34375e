"""What a traced program drew from and split, told by the keys' bits.

A key is a value: ``jax.random.clone(key)``, ``wrap_key_data(key_data(key))`` or any other
way to make a new key object with the same bits gives the same numbers as the key itself.
So a program's use of its keys is judged by their data, not by its variables: the
program is compiled again with a ``jax.debug.callback`` beside each ``random_bits`` (a
draw) and ``random_split``, which hands the bits of every key it takes to the grader, and
run once on concrete inputs. ``random_fold_in`` records nothing: it derives a child,
whose own bits are tracked when it is used. A key carried through a loop is seen at every
pass (the callback runs in the loop), and XLA drops whatever no key depends on.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass
from typing import Any

from jaxtour.grader.pristine import np
from jaxtour.grader.program_size import numbers_held
from jaxtour.lazy import jax

DRAW, SPLIT = "draw", "split"
_USES = {"random_bits": DRAW, "random_split": SPLIT}
_ENTERED = ("jaxpr", "call_jaxpr", "fun_jaxpr")
_MOST_EQUATIONS = 200_000


class _TooLong(Exception):
    pass


@dataclass(frozen=True)
class KeyUses:
    """Each use of a key, in order: (DRAW or SPLIT, the key's bits)."""

    uses: tuple[tuple[str, bytes], ...]

    def count(self, kind: str) -> Counter:
        return Counter(bits for used, bits in self.uses if used == kind)

    def split_twice(self) -> bool:
        return any(n > 1 for n in self.count(SPLIT).values())

    def drawn_and_split(self) -> bool:
        return bool(set(self.count(SPLIT)) & set(self.count(DRAW)))

    def most_draws(self) -> int:
        return max(self.count(DRAW).values(), default=0)

    def reused(self) -> bool:
        return self.split_twice() or self.drawn_and_split() or self.most_draws() > 1


# The runners compiled so far, by the program's text: a warm check traces the answer again
# (a new ClosedJaxpr each time, the same text), and compiling the same runner again cost
# every warm check a program (tests/grader/test_warm_checks.py). A runner takes the
# program's constants as arguments and hands its uses to _FOUND, emptied before each run.
_RUNNERS: dict[str, Any] = {}
_MOST_RUNNERS = 64
_FOUND: list[tuple[str, bytes]] = []


def key_uses(program: Any, *args: Any) -> KeyUses | None:
    """The key uses of ``program`` (a ClosedJaxpr, as ``jax.make_jaxpr`` gives) run on
    ``args`` (its inputs); None when it cannot be run so."""
    jaxpr = getattr(program, "jaxpr", program)
    consts = list(getattr(program, "consts", ()))
    try:
        runner = _runner(jaxpr)
        _FOUND.clear()
        runner(consts, list(jax.tree.leaves(args)))
        jax.effects_barrier()
    except Exception:  # noqa: BLE001 - a program this interpreter cannot run is undecided
        return None
    return KeyUses(tuple(_FOUND))


def _runner(jaxpr: Any) -> Any:
    """``jaxpr`` run with its key uses handed to _FOUND, jitted once per program text (its
    constants' and inputs' types are part of the text)."""
    text = str(jaxpr)
    runner = _RUNNERS.get(text)
    if runner is None:

        def run(consts: list[Any], flat: list[Any]) -> None:
            _run(jaxpr, consts, flat, _FOUND, [_MOST_EQUATIONS, 0])

        runner = jax.jit(run)
        if len(_RUNNERS) >= _MOST_RUNNERS:
            _RUNNERS.pop(next(iter(_RUNNERS)))
        _RUNNERS[text] = runner
    return runner


def numbers_made(program: Any, *args: Any) -> int | None:
    """How many numbers ``program`` makes when run on ``args``, a loop's body counted at
    every pass (a while loop's too, whose count no trace shows); None as for key_uses."""
    jaxpr = getattr(program, "jaxpr", program)
    budget = [_MOST_EQUATIONS, 0]
    try:
        _run(jaxpr, list(getattr(program, "consts", ())), list(jax.tree.leaves(args)), None, budget)
    except Exception:  # noqa: BLE001 - a program this interpreter cannot run is undecided
        return None
    return budget[1]


def _closed(value: Any) -> tuple[Any, list[Any]]:
    return getattr(value, "jaxpr", value), list(getattr(value, "consts", ()))


def _run(jaxpr: Any, consts: list[Any], args: list[Any], found: list | None, budget: list) -> list:
    """``jaxpr`` run on ``args``: traced, its key uses handed to ``found`` (key_uses), or
    eagerly, counting the numbers it makes (``found`` None, numbers_made)."""
    from jax.extend import core

    env: dict[Any, Any] = {}

    def read(var: Any) -> Any:
        return var.val if isinstance(var, core.Literal) else env[var]

    for var, value in zip(jaxpr.constvars, consts, strict=True):
        env[var] = value
    for var, value in zip(jaxpr.invars, args, strict=True):
        env[var] = value
    for eqn in jaxpr.eqns:
        budget[0] -= 1
        if budget[0] < 0:
            raise _TooLong
        invals = [read(v) for v in eqn.invars]
        outs = _equation(eqn, invals, found, budget)
        for var, value in zip(eqn.outvars, outs, strict=True):
            if not isinstance(var, core.DropVar):
                env[var] = value
    return [read(v) for v in jaxpr.outvars]


def _equation(eqn: Any, invals: list[Any], found: list | None, budget: list) -> list[Any]:
    """One equation on ``invals``; ``found`` None: counting numbers only (numbers_made),
    where loops run compiled and their bodies are counted from their traces."""
    name, params = eqn.primitive.name, eqn.params
    if found is None and name in ("scan", "while"):
        return _counted_loop(eqn, invals, budget)
    if name in _USES and found is not None:
        _record(found, _USES[name], invals[0])
    if name == "scan":
        return _scan(params, invals, found, budget)
    if name == "while":
        return _while(params, invals, found, budget)
    if name == "cond" and found is not None:
        branches = [_as_function(branch, found, budget) for branch in params["branches"]]
        return list(jax.lax.switch(invals[0], branches, *invals[1:]))
    for field in _ENTERED:
        inner = params.get(field)
        if inner is not None and hasattr(getattr(inner, "jaxpr", inner), "eqns"):
            jaxpr, consts = _closed(inner)
            if len(jaxpr.invars) == len(invals):
                return _run(jaxpr, consts, invals, found, budget)
    bound = eqn.primitive.get_bind_params(params)  # (subfuns, params) in older JAX
    subfuns, bind_params = bound if isinstance(bound, tuple) else ((), bound)
    with eqn.ctx.manager:
        out = eqn.primitive.bind(*subfuns, *invals, **bind_params)
    outs = list(out) if eqn.primitive.multiple_results else [out]
    budget[1] += sum(int(np.size(o)) for o in outs)
    return outs


def _as_function(closed: Any, found: list, budget: list) -> Any:
    jaxpr, consts = _closed(closed)
    return lambda *args: _run(jaxpr, consts, list(args), found, budget)


def _scan(params: dict, invals: list[Any], found: list, budget: list) -> list[Any]:
    body = _as_function(params["jaxpr"], found, budget)
    n_consts, n_carry = params["num_consts"], params["num_carry"]
    fixed, carry, xs = (
        invals[:n_consts],
        invals[n_consts : n_consts + n_carry],
        invals[n_consts + n_carry :],
    )

    def step(carry: list[Any], x: list[Any]) -> tuple[list[Any], list[Any]]:
        out = body(*fixed, *carry, *x)
        return out[:n_carry], out[n_carry:]

    carry, ys = jax.lax.scan(
        step, list(carry), list(xs), length=params["length"], reverse=params["reverse"]
    )
    return [*carry, *ys]


def _while(params: dict, invals: list[Any], found: list, budget: list) -> list[Any]:
    cond = _as_function(params["cond_jaxpr"], found, budget)
    body = _as_function(params["body_jaxpr"], found, budget)
    n_cond, n_body = params["cond_nconsts"], params["body_nconsts"]
    cond_args, body_args, carry = (
        invals[:n_cond],
        invals[n_cond : n_cond + n_body],
        invals[n_cond + n_body :],
    )
    return list(
        jax.lax.while_loop(
            lambda c: cond(*cond_args, *c)[0], lambda c: body(*body_args, *c), list(carry)
        )
    )


def _record(found: list, kind: str, key: Any) -> None:
    """Hands the bits of each key in ``key`` (an array of keys, or of raw uint32 keys) to
    ``found`` when the program runs."""
    from jax import dtypes

    if dtypes.issubdtype(key.dtype, dtypes.prng_key):
        data, impl = jax.random.key_data(key), str(key.dtype).encode()
    else:
        data, impl = key, b"raw"

    def keep(bits: Any) -> None:
        bits = np.asarray(bits)
        rows = bits.reshape(-1, bits.shape[-1]) if bits.ndim else bits.reshape(1, 1)
        found.extend((kind, impl + b":" + row.tobytes()) for row in rows)

    jax.debug.callback(keep, data)


def _counted_loop(eqn: Any, invals: list[Any], budget: list) -> list[Any]:
    """A scan or while loop run compiled; the numbers its body makes, times its passes."""
    params = eqn.params
    if eqn.primitive.name == "scan":
        budget[1] += int(params["length"]) * numbers_held(params["jaxpr"])
        return list(eqn.primitive.bind(*invals, **params))
    cond, body = params["cond_jaxpr"], params["body_jaxpr"]
    n_cond, n_body = params["cond_nconsts"], params["body_nconsts"]
    cond_args, body_args, carry = (
        invals[:n_cond],
        invals[n_cond : n_cond + n_body],
        invals[n_cond + n_body :],
    )

    from jax.extend.core import jaxpr_as_fun

    def counted(carry: list[Any]) -> tuple[Any, list[Any]]:
        def step(state: tuple[Any, list[Any]]) -> tuple[Any, list[Any]]:
            return state[0] + 1, list(jaxpr_as_fun(body)(*body_args, *state[1]))

        def going(state: tuple[Any, list[Any]]) -> Any:
            return jaxpr_as_fun(cond)(*cond_args, *state[1])[0]

        return jax.lax.while_loop(going, step, (0, carry))

    passes, carry = jax.jit(counted)(list(carry))
    budget[1] += int(passes) * (numbers_held(body) + numbers_held(cond))
    return list(carry)
