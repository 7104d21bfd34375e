"""What a traced program drew from and split, told by the keys' bits.

A key is a value: ``jax.random.clone(key)``, ``wrap_key_data(key_data(key))`` or any other
way to make a new key object with the same bits gives the same numbers as the key itself.
So a program's use of its keys is judged by their data, not by its variables: the
program is run on concrete inputs, one equation at a time, and each ``random_bits`` (a
draw) and ``random_split`` records the bits of every key it takes. ``random_fold_in``
records nothing: it derives a child, whose own bits are tracked when it is used.

Loops (``scan``, ``while``) and branches (``cond``) are run step by step, nested programs
(``jit``, ``custom_jvp``, ``remat``) entered, so a key carried through a loop is seen at
every pass. A program that runs too many equations gives up (None): the walks and batches
the exercises read are small.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass
from typing import Any

from jaxtour.grader.pristine import np
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


def _bits(key: Any) -> list[bytes]:
    """The data of each key in an array of keys (or of raw uint32 keys), as bytes."""
    from jax import dtypes

    if dtypes.issubdtype(key.dtype, dtypes.prng_key):
        data = np.asarray(jax.random.key_data(key))
        impl = str(jax.random.key_impl(key)).encode()
    else:
        data, impl = np.asarray(key), b"raw"
    rows = data.reshape(-1, data.shape[-1]) if data.ndim else data.reshape(1, 1)
    return [impl + b":" + row.tobytes() for row in rows]


def key_uses(program: Any, *args: Any) -> KeyUses | None:
    """The key uses of ``program`` (a ClosedJaxpr, as ``jax.make_jaxpr`` gives) run on
    ``args`` (its flat inputs); None when it cannot be run here or runs too long."""
    closed = program
    jaxpr = getattr(closed, "jaxpr", closed)
    consts = list(getattr(closed, "consts", ()))
    found: list[tuple[str, bytes]] = []
    budget = [_MOST_EQUATIONS, 0]
    try:
        _run(jaxpr, consts, list(jax.tree.leaves(args)), found, budget)
    except _TooLong:
        return None
    except Exception:  # noqa: BLE001 - a program this interpreter cannot run is undecided
        return None
    return KeyUses(tuple(found))


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


def _run(jaxpr: Any, consts: list[Any], args: list[Any], found: list, budget: list) -> list:
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
    """One equation run on ``invals``; ``found`` None: counting numbers only (numbers_made),
    where loops run compiled and their bodies are counted from their traces."""
    name, params = eqn.primitive.name, eqn.params
    if found is None and name in ("scan", "while"):
        return _counted_loop(eqn, invals, budget)
    if name in _USES:
        found.extend((_USES[name], bits) for bits in _bits(invals[0]))
    if name == "scan":
        return _scan(params, invals, found, budget)
    if name == "while":
        return _while(params, invals, found, budget)
    if name == "cond":
        index = int(np.clip(np.asarray(invals[0]), 0, len(params["branches"]) - 1))
        jaxpr, consts = _closed(params["branches"][index])
        return _run(jaxpr, consts, invals[1:], found, budget)
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


def _scan(params: dict, invals: list[Any], found: list, budget: list) -> list[Any]:
    jaxpr, consts = _closed(params["jaxpr"])
    n_consts, n_carry, length = params["num_consts"], params["num_carry"], params["length"]
    fixed, carry, xs = invals[:n_consts], invals[n_consts : n_consts + n_carry], invals[n_consts + n_carry :]
    ys: list[list[Any]] = []
    steps = range(length - 1, -1, -1) if params["reverse"] else range(length)
    for i in steps:
        out = _run(jaxpr, consts, [*fixed, *carry, *(x[i] for x in xs)], found, budget)
        carry, y = out[:n_carry], out[n_carry:]
        ys.append(y)
    if params["reverse"]:
        ys.reverse()
    n_ys = len(jaxpr.outvars) - n_carry
    stacked = [
        jax.numpy.stack([y[j] for y in ys])
        if ys
        else jax.numpy.zeros((0, *v.aval.shape), v.aval.dtype)
        for j, v in zip(range(n_ys), jaxpr.outvars[n_carry:], strict=True)
    ]
    return [*carry, *stacked]


def _while(params: dict, invals: list[Any], found: list, budget: list) -> list[Any]:
    cond, cond_consts = _closed(params["cond_jaxpr"])
    body, body_consts = _closed(params["body_jaxpr"])
    n_cond, n_body = params["cond_nconsts"], params["body_nconsts"]
    cond_args, body_args, carry = invals[:n_cond], invals[n_cond : n_cond + n_body], invals[n_cond + n_body :]
    while bool(np.asarray(_run(cond, cond_consts, [*cond_args, *carry], found, budget)[0])):
        carry = _run(body, body_consts, [*body_args, *carry], found, budget)
    return carry


def _counted_loop(eqn: Any, invals: list[Any], budget: list) -> list[Any]:
    """A scan or while loop run compiled; the numbers its body makes, times its passes."""
    from jaxtour.grader.growth import numbers_held

    params = eqn.params
    if eqn.primitive.name == "scan":
        budget[1] += int(params["length"]) * numbers_held(params["jaxpr"])
        return list(eqn.primitive.bind(*invals, **params))
    cond, body = params["cond_jaxpr"], params["body_jaxpr"]
    n_cond, n_body = params["cond_nconsts"], params["body_nconsts"]
    cond_args, body_args, carry = invals[:n_cond], invals[n_cond : n_cond + n_body], invals[n_cond + n_body :]

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
