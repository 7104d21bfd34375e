"""Plain-language explanations of JAX's well-known errors, and of APIs old tutorials use.

Each entry recognises an exception by its type name and message, as raised by the
installed JAX (tests provoke every one of them), and says what happened, how to fix
it, and where the tour or JAX's docs teach it.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from jaxtour import catalog
from jaxtour.i18n import N_, _

SHARP_BITS = "https://docs.jax.dev/en/latest/notebooks/Common_Gotchas_in_JAX.html"


@dataclass(frozen=True)
class Explanation:
    """What an error means: ``why`` in plain words, ``fix`` as code, ``where`` to read more.

    ``lesson`` is a (lesson number, section heading) pair when a lesson teaches it.
    """

    id: str
    error_types: tuple[str, ...]
    pattern: str
    why: str
    fix: str
    lesson: tuple[str, str] | None = None
    docs: str = SHARP_BITS

    def matches(self, exc: BaseException) -> bool:
        names = {cls.__name__ for cls in type(exc).__mro__}
        return bool(names & set(self.error_types)) and re.search(self.pattern, str(exc)) is not None

    def where(self) -> str:
        if self.lesson:
            number, section = self.lesson
            return _("lesson {lesson}, section '{section}'").format(
                lesson=catalog.find(number).stem, section=_(section)
            )
        return self.docs

    def text(self, fix: bool = True) -> str:
        """In the language in use (``why``, ``fix`` and the section are marked with N_).
        ``fix=False`` in a check's feedback: the message says what happened and why, and
        the change that passes is the hints' to give, which progress counts (issue 34);
        ``checks.explain()`` and a lesson's deliberate errors show the fix."""
        if not fix:
            return _("{why}\nRead more: {where}").format(why=_(self.why), where=self.where())
        return _("{why}\nFix: {fix}\nRead more: {where}").format(
            why=_(self.why), fix=_(self.fix), where=self.where()
        )


EXPLANATIONS: tuple[Explanation, ...] = (
    Explanation(
        id="immutable-array",
        error_types=("TypeError",),
        pattern=r"JAX arrays are immutable|does not support item assignment",
        why=N_(
            "jax arrays cannot be changed in place: x[i] = v is not allowed. "
            "Every update makes a new array instead."
        ),
        fix=N_("x = x.at[i].set(v)  (also .add, .multiply, .min, .max)"),
        lesson=("06", N_("JAX arrays are immutable")),
    ),
    Explanation(
        # jnp.put, jnp.place (ValueError) and jnp.fill_diagonal (NotImplementedError): NumPy's
        # in-place functions, which JAX keeps for their names and refuses by default
        id="in-place-function",
        error_types=("ValueError", "NotImplementedError"),
        pattern=r"JAX arrays are immutable",
        why=N_(
            "This function changes its array in place in NumPy (np.put, np.place and "
            "np.fill_diagonal return None and change the array they are given), and a jax "
            "array cannot be changed: JAX keeps the function's name but refuses to work in "
            "place, unless told to return a new array instead."
        ),
        fix=N_(
            "y = jnp.put(x, indices, values, inplace=False) returns the new array; so "
            "does y = x.at[indices].set(values)"
        ),
        lesson=("06", N_("JAX arrays are immutable")),
    ),
    Explanation(
        # jnp's operators (TypeError "eq got incompatible shapes"), jnp functions
        # (ValueError "Incompatible shapes"), NumPy's own ("could not be broadcast")
        id="shapes-do-not-broadcast",
        error_types=("TypeError", "ValueError"),
        pattern=r"incompatible shapes for broadcasting|Incompatible shapes for broadcasting|"
        r"could not be broadcast together",
        why=N_(
            "Two arrays were combined element by element, and their shapes do not line up. "
            "Broadcasting, NumPy's rule that jnp follows, pairs the shapes from the last axis "
            "back: each pair of sizes must be equal, or one of them 1, which is repeated. "
            "Shapes (7,) and (5,), say, are neither: two 1-D arrays of different lengths are "
            "not combined each element with each unless one of them gets an axis of size 1."
        ),
        fix=N_(
            "give one array an axis of size 1 where it should repeat: a[:, None] == b has "
            "shape (len(a), len(b)), every element of a against every element of b"
        ),
        lesson=("01", N_("`jnp` mirrors NumPy")),
        docs="https://numpy.org/doc/stable/user/basics.broadcasting.html",
    ),
    Explanation(
        # round 21: lax.scan's carry started as jnp.int32(0), a float mixed in by the step
        # (a bare 0 is weakly typed and becomes a float without complaint)
        id="carry-dtype-changes",
        error_types=("TypeError",),
        pattern=r"carry input and carry output must have equal types[\s\S]*so the dtypes do "
        r"not match",
        why=N_(
            "lax.scan compiles its step once, for the carry's shapes and dtypes, so the "
            "carry the step returns must keep the dtype of the carry it was given. Yours "
            "changes it: a part of the carry starts as an integer array (an int32 0, say) "
            "and comes back a float, once the step mixes a float into it."
        ),
        fix=N_("start that part of the carry as a float: jnp.float32(0), or 0.0"),
        lesson=("11", N_("`lax.scan`: a carry and stacked outputs")),
    ),
    Explanation(
        # a slice bound, an index, a size or a range given a float: Python's, NumPy's and
        # JAX's own wordings; before non-concrete-shape, which JAX's wording for a float
        # shape would otherwise reach
        id="float-as-integer",
        error_types=("TypeError",),
        pattern=r"slice indices must be integers|'float' object cannot be interpreted as an "
        r"integer|Indexer must have integer or boolean type, got indexer with type float|"
        r"expected a sequence of integers or a single integer, got '-?\d+\.\d*'|Shapes must "
        r"be 1D sequences of concrete values of integer type, got \([^)]*\d\.\d*[,)]",
        why=N_(
            "A float was given where a whole number is needed: a slice's bounds, an index, "
            "a shape or a count for range. A float is never one, even when its value is "
            "whole, and Python's / always divides to a float: 12 / 2 is 6.0, not 6."
        ),
        fix=N_("divide with // for a whole number (12 // 2 is 6), or convert with int()"),
        lesson=("01", N_("`jnp` mirrors NumPy")),
    ),
    Explanation(
        id="array-method-on-pytree",
        error_types=("AttributeError",),
        pattern=r"'(tuple|list|dict)' object has no attribute '(block_until_ready|is_ready)'",
        why=N_(
            "A tuple, a list or a dict has no .block_until_ready() or .is_ready(): those are "
            "methods of one jax array. A function that returns several arrays returns a "
            "pytree of them, which has none of an array's methods."
        ),
        fix=N_("jax.block_until_ready(result)  (waits for every array in a pytree)"),
        lesson=("02", N_("Many results at once")),
    ),
    Explanation(
        id="grad-tuple-output",
        error_types=("TypeError",),
        pattern=r"Gradient only defined for scalar-output functions\. Output was",
        why=N_(
            "The output grad tried to differentiate holds several values (a tuple or a "
            "dict), but grad needs one number. If the extra values are only for you to look "
            "at, they are auxiliary data; with has_aux=True, the first output must be the loss."
        ),
        fix=N_("return (loss, aux), then jax.grad(f, has_aux=True)(x) returns (gradient, aux)"),
        lesson=("05", N_("A second output breaks `grad`")),
    ),
    Explanation(
        id="grad-non-scalar",
        error_types=("TypeError",),
        pattern=r"Gradient only defined for scalar-output functions",
        why=N_(
            "grad differentiates functions that return a single number (a scalar), "
            "but this function returns an array."
        ),
        fix=N_(
            "reduce the output to one number (a loss is one number), or use jax.jacobian "
            "for the derivative of every output"
        ),
        lesson=("03", N_("Several outputs")),
    ),
    Explanation(
        id="grad-integer-input",
        error_types=("TypeError",),
        pattern=r"grad requires real- or complex-valued inputs",
        why=N_(
            "grad needs float inputs: a derivative with respect to an integer is not "
            "defined. jnp.arange(3) and 3 are integers."
        ),
        fix=N_("pass floats: 3.0, jnp.arange(3.0), or x.astype(jnp.float32)"),
        lesson=("03", N_("Float inputs only")),
    ),
    Explanation(
        id="argnums-past-the-arguments",
        error_types=("TypeError",),
        pattern=r"argnums=[\d(), ]+ requires at least \d+ positional arguments",
        why=N_(
            "argnums counts a function's positional arguments from 0: 0 is the first, 1 the "
            "second. This argnums names a position the call did not fill: it counted from "
            "1, or the argument it means was passed by keyword, which has no position."
        ),
        fix=N_("jax.grad(f, argnums=1)(a, b) differentiates f in b, its second argument"),
        lesson=("04", N_("`argnums` picks the argument")),
    ),
    Explanation(
        id="array-truth-value",
        error_types=("ValueError",),
        pattern=r"truth value of an array with more than one element is ambiguous",
        why=N_(
            "Python's not, and, or, if and while each ask their operand for one True or "
            "False, and an array of several elements holds one truth value per element: "
            "which one Python should take is ambiguous, so it raises. Python's operators "
            "decide once, for the whole array; they do not work element by element."
        ),
        fix=N_(
            "combine boolean arrays element-wise: ~mask, a & b, a | b, and "
            "jnp.where(mask, a, b) in place of an if"
        ),
        lesson=("07", N_("`and`, `or` and `not` on tracers")),
    ),
    Explanation(
        id="tracer-bool",
        error_types=("TracerBoolConversionError",),
        pattern=r"",
        why=N_(
            "Inside jit, arguments are abstract tracers with a shape and dtype but no "
            "value yet, so a Python if or while on them cannot decide."
        ),
        fix=N_(
            "use jnp.where(cond, a, b) or jax.lax.cond, or mark the argument static: "
            "jax.jit(f, static_argnames='n')"
        ),
        lesson=("07", N_("Python control flow under `jit`")),
    ),
    Explanation(
        id="non-concrete-bool-index",
        error_types=("NonConcreteBooleanIndexError",),
        pattern=r"",
        why=N_(
            "Inside jit, x[mask] or x.at[mask].set(v) with a boolean mask such as x < 0 "
            "needs to know how many elements the mask selects, and that depends on the values, "
            "which are not known while the function is traced."
        ),
        fix=N_(
            "keep the shape and choose element by element: "
            "jnp.where(mask, value_where_true, value_elsewhere)"
        ),
        lesson=("07", N_("Python control flow under `jit`")),
    ),
    Explanation(
        # jnp.nonzero, jnp.where(x), argwhere, flatnonzero, unique, union1d, setdiff1d,
        # bincount: a result whose length the values decide. Before "concretization",
        # whose static_argnames would not help: the length is no argument's.
        id="value-sized-result",
        error_types=("ConcretizationTypeError",),
        pattern=r"size argument of jnp\.\w+ must be statically specified|concrete value "
        r"for the size argument|The error arose in (union1d|setdiff1d|setxor1d)\(\)|"
        r"pass a static `length` argument",
        why=N_(
            "This function returns as many elements as the values decide (the matches "
            "found, the distinct values), and under jit, vmap or grad the values are not "
            "known while the function is traced, so neither is the length of its result. "
            "Marking an argument static does not help: the length depends on the values."
        ),
        fix=N_(
            "state the length of the result: size= (length= for jnp.bincount) takes the "
            "first that many, and fill_value= pads the result when fewer are found"
        ),
        lesson=("11", N_("`jnp.nonzero` needs a `size`")),
    ),
    Explanation(
        # grad and vmap: JAX's message names no tracing "for jit" (or scan, cond, ...)
        id="concretization-not-jit",
        error_types=("ConcretizationTypeError",),
        pattern=r"^(?![\s\S]*while tracing the function)[\s\S]*(`float`|`int`|item\(\))",
        why=N_(
            "Inside grad or vmap the function runs on tracers: every value it computes "
            "from its arguments is one, whether it is differentiated or not, and float(), "
            "int() or .item() cannot make a Python number of it."
        ),
        fix=N_(
            "keep such values jax arrays inside the function, and make Python numbers of "
            "them after the transformed function has returned"
        ),
        lesson=("05", N_("What an aux may hold")),
    ),
    Explanation(
        id="concretization",
        error_types=("ConcretizationTypeError",),
        pattern=r"",
        why=N_(
            "Inside jit, a value that depends on an argument is not known while the "
            "function is traced, yet this code needs it as a concrete Python number."
        ),
        fix=N_(
            "compute shapes and Python ints from static arguments: "
            "jax.jit(f, static_argnames='n'), or avoid int()/float() on traced values"
        ),
        lesson=("07", N_("Static arguments: `static_argnums` and `static_argnames`")),
    ),
    Explanation(
        id="non-concrete-shape",
        error_types=("TypeError",),
        pattern=r"Shapes must be 1D sequences of concrete values",
        why=N_(
            "Inside jit, array shapes must be known when the function is traced, "
            "but this shape depends on an argument's value."
        ),
        fix=N_("make that argument static: jax.jit(f, static_argnames='n')"),
        lesson=("07", N_("Static arguments: `static_argnums` and `static_argnames`")),
    ),
    Explanation(
        id="unexpected-tracer",
        error_types=("UnexpectedTracerError",),
        pattern=r"",
        why=N_(
            "A value from inside jit, grad or vmap escaped the function, for example by "
            "being stored in a global or a list, and was used after the transformation ended."
        ),
        fix=N_("return every value you need from the function instead of storing it on the side"),
        lesson=("07", N_("Side effects and `jit`")),
    ),
    Explanation(
        id="removed-index-update",
        error_types=("AttributeError",),
        pattern=r"jax\.ops' has no attribute 'index_update'",
        why=N_("jax.ops.index_update was removed in JAX 0.3.2."),
        fix=N_("y = x.at[i].set(v)"),
        lesson=("06", N_("The article's `jax.ops.index_update`")),
    ),
    Explanation(
        id="removed-index-add",
        error_types=("AttributeError",),
        pattern=r"jax\.ops' has no attribute 'index_add'",
        why=N_("jax.ops.index_add was removed in JAX 0.3.2."),
        fix=N_("y = x.at[i].add(v)"),
        lesson=("06", N_("The article's `jax.ops.index_update`")),
    ),
    Explanation(
        id="numpy-on-tracer",
        error_types=("TracerArrayConversionError",),
        pattern=r".",
        why=N_(
            "A NumPy function (np.asarray, np.abs, np.stack, ...) was given a traced value "
            "inside jit, grad or vmap. NumPy needs real numbers, and a tracer only stands for "
            "them while JAX records the function."
        ),
        fix=N_("use the jnp twin inside transformed code: jnp.abs(x), not np.abs(x)"),
        lesson=("07", N_("What tracing records")),
        docs="https://docs.jax.dev/en/latest/errors.html#jax.errors.TracerArrayConversionError",
    ),
    Explanation(
        id="function-not-called",
        error_types=("TypeError",),
        pattern=r"unsupported operand type\(s\).*'[\w.]*(PjitFunction|function|"
        r"builtin_function_or_method|ufunc)'|The problematic value is of type "
        r"<class '[\w.]*(PjitFunction|function)'>",
        why=N_(
            "A function was used where its result was meant: jnp.cos is the function, "
            "jnp.cos(x) is the array it computes."
        ),
        fix=N_("call it: x * jnp.cos(x), not x * jnp.cos"),
        lesson=("01", N_("`jnp` mirrors NumPy")),
    ),
    Explanation(
        id="removed-device-array",
        error_types=("AttributeError", "ImportError"),
        pattern=r"DeviceArray",
        why=N_("DeviceArray was removed in JAX 0.4.14: every jax array is now a jax.Array."),
        fix=N_("isinstance(x, jax.Array)"),
        lesson=("01", N_("`jax.Array`, not `DeviceArray`")),
    ),
    Explanation(
        id="removed-tree-map",
        error_types=("AttributeError",),
        pattern=r"module 'jax' has no attribute 'tree_map'",
        why=N_("jax.tree_map was removed in JAX 0.6.0."),
        fix=N_("jax.tree.map(f, tree)"),
        lesson=("04", N_("Parameters as a pytree")),
    ),
    Explanation(
        id="removed-jax-config-module",
        error_types=("ModuleNotFoundError", "ImportError"),
        pattern=r"jax\.config",
        why=N_(
            "The jax.config module that `from jax.config import config` imported no "
            "longer exists; the configuration lives on the jax package itself."
        ),
        fix=N_('import jax; jax.config.update("jax_enable_x64", True)'),
        lesson=("06", N_("Old tutorial code, today")),
    ),
    Explanation(
        id="device-method",
        error_types=("TypeError",),
        pattern=r"'Device' object is not callable",
        why=N_(
            "x.device() was a method in old JAX; today x.device is a property and "
            "x.devices() returns the set of devices an array lives on."
        ),
        fix=N_("x.devices()  (or x.device, without parentheses)"),
        lesson=("06", N_("Old tutorial code, today")),
    ),
)


def explain_exception(exc: BaseException) -> Explanation | None:
    """The first explanation that recognises ``exc``, if any."""
    for explanation in EXPLANATIONS:
        try:
            if explanation.matches(exc):
                return explanation
        except Exception:  # str(exc) can raise for hostile exception classes
            return None
    return None
