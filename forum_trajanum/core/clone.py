"""Copies of a game's state, derived from its fields' types (issue 37.2).

A state class that inherits :class:`Cloneable` gets a ``clone()`` written once per class,
the first time it is called, from the types its fields declare: nothing is listed by hand,
so a field added to a state is copied (or shared, when it cannot change) without anyone
remembering it. What each type becomes in the copy:

- ``int``, ``str``, ``bool``, ``float``, ``None``, a ``Literal``, an enum, a tuple of those,
  a ``NamedTuple`` of those, a frozen model of those, and a value marked :data:`SHARED`
  (e.g. a task record): shared, they never change in place;
- ``list[X]``: a new list, sliced when ``X`` is shared, else each item copied as its type
  says (``list[list[int]]``: each row sliced; ``list[Model]``: each model cloned);
- ``dict[K, V]`` and ``set[X]``: a new one, the values copied as their type says;
- a model that is not frozen: cloned the same way, by its own derived copier;
- ``X | None``: ``None`` or ``X`` copied.

Any other type (``Any`` unmarked, a tuple holding a list...) is refused when the copier is
written, naming the field: a clone never shares what it cannot tell is immutable. Private
attributes (a state's legal-action cache) are carried over as they are: the dict that holds
them is new, their values shared (the cache's lists are never changed, only replaced).

The copier is generated Python code, one statement per mutable field, so that it costs what
a hand-written clone costs: search clones a state thousands of times a second.
:func:`build` is the one place that makes a model without validating it.
"""

from __future__ import annotations

import enum
import types
import typing
from collections.abc import Callable
from typing import Annotated, Any, Literal, Self, TypeVar, Union

from pydantic import BaseModel


class _Shared:
    """The marker :data:`SHARED`."""

    def __repr__(self) -> str:
        return "SHARED"


#: In a field's ``Annotated`` metadata: the value is never changed in place, so a clone
#: shares it (a task record, whose declared type pydantic sees as ``Any``).
SHARED = _Shared()

_ATOMS = (int, str, bool, float, complex, bytes, type(None))

M = TypeVar("M", bound=BaseModel)

_new = object.__new__
_set = object.__setattr__


def build(cls: type[M], data: dict[str, Any], private: dict[str, Any] | None = None) -> M:
    """A ``cls`` whose fields are ``data`` (taken as it is: every field of ``cls`` given,
    already valid), and whose private attributes are ``private``: what
    ``cls.model_construct(**data)`` makes, without its cost per field. For data the engine
    made itself (clones, views); data from outside is validated by pydantic instead."""
    obj = _new(cls)
    _set(obj, "__dict__", data)
    _set(obj, "__pydantic_fields_set__", set(data))
    _set(obj, "__pydantic_extra__", None)
    _set(obj, "__pydantic_private__", private)
    return obj


class CloneError(TypeError):
    """A state's field has a type the core cannot tell how to copy."""


def _copy_expr(tp: Any, src: str, depth: int, env: dict[str, Any], where: str) -> str | None:
    """A Python expression that copies the value ``src`` of type ``tp``; None when the value
    is shared (immutable). Helper functions it names are put in ``env``."""
    origin = typing.get_origin(tp)
    if origin is Annotated:
        if any(m is SHARED for m in tp.__metadata__):
            return None
        return _copy_expr(typing.get_args(tp)[0], src, depth, env, where)
    if tp in _ATOMS or origin is Literal:
        return None
    if isinstance(tp, type) and issubclass(tp, enum.Enum):
        return None
    if isinstance(tp, type) and issubclass(tp, BaseModel):
        if tp.model_config.get("frozen") and _all_shared(tp, env, where):
            return None
        name = f"_clone_{len(env)}"
        env[name] = cloner(tp)
        return f"{name}({src})"
    if isinstance(tp, type) and issubclass(tp, tuple) and hasattr(tp, "_fields"):
        hints = typing.get_type_hints(tp)
        if all(_copy_expr(t, "x", depth, env, where) is None for t in hints.values()):
            return None
        raise CloneError(f"{where}: a named tuple holding a mutable value ({tp.__name__})")
    args = typing.get_args(tp)
    if origin in (tuple, frozenset):
        if all(a is Ellipsis or _copy_expr(a, "x", depth, env, where) is None for a in args):
            return None
        raise CloneError(f"{where}: an immutable container holding a mutable value ({tp})")
    item = f"x{depth}"
    if origin is list:
        inner = _copy_expr(args[0], item, depth + 1, env, where) if args else "?"
        if inner is None:
            return f"{src}[:]"
        if inner != "?":
            return f"[{inner} for {item} in {src}]"
    elif origin is dict:
        inner = _copy_expr(args[1], item, depth + 1, env, where) if args else "?"
        if inner is None:
            return f"{src}.copy()"
        if inner != "?":
            return f"{{k{depth}: {inner} for k{depth}, {item} in {src}.items()}}"
    elif origin is set:
        if args and _copy_expr(args[0], item, depth + 1, env, where) is None:
            return f"{src}.copy()"
    elif origin in (Union, types.UnionType):
        present = [a for a in args if a is not type(None)]
        copies = [_copy_expr(a, src, depth, env, where) for a in present]
        if all(c is None for c in copies):
            return None
        if len(present) == 1:
            return f"(None if {src} is None else {copies[0]})"
    raise CloneError(f"{where}: no copy known for the type {tp!r}; mark it SHARED if immutable")


def _all_shared(model: type[BaseModel], env: dict[str, Any], where: str) -> bool:
    """Whether every field of ``model`` is immutable (a frozen model holding a list is not)."""
    return all(
        _copy_expr(_annotation(f), "x", 0, env, f"{where}.{name}") is None
        for name, f in model.model_fields.items()
    )


def _annotation(field: Any) -> Any:
    """A field's declared type with its metadata (pydantic keeps them apart)."""
    if field.metadata:
        return Annotated[(field.annotation, *field.metadata)]  # type: ignore[valid-type]
    return field.annotation


_CLONERS: dict[type, Callable[[Any], Any]] = {}


def cloner(model: type[M]) -> Callable[[M], M]:
    """The function that clones a ``model``, written once from its fields' types (see the
    module's words); raises :class:`CloneError` for a field it cannot copy."""
    found = _CLONERS.get(model)
    if found is not None:
        return found
    env: dict[str, Any] = {"_new": _new, "_set": _set, "_cls": model}
    lines = ["def clone(self):", "    d = self.__dict__", "    data = d.copy()"]
    for name, field in model.model_fields.items():
        where = f"{model.__name__}.{name}"
        expr = _copy_expr(_annotation(field), f"d[{name!r}]", 0, env, where)
        if expr is not None:
            lines.append(f"    data[{name!r}] = {expr}")
    lines += [
        "    new = _new(_cls)",
        "    _set(new, '__dict__', data)",
        "    _set(new, '__pydantic_fields_set__', set(self.__pydantic_fields_set__))",
        "    _set(new, '__pydantic_extra__', None)",
        "    private = self.__pydantic_private__",
        "    _set(new, '__pydantic_private__', None if private is None else private.copy())",
        "    return new",
    ]
    source = "\n".join(lines)
    exec(compile(source, f"<clone of {model.__qualname__}>", "exec"), env)
    function = env["clone"]
    function.__qualname__ = f"{model.__qualname__}.clone"
    function.__doc__ = f"A copy sharing no mutable object with this one.\n\n{source}"
    _CLONERS[model] = function
    return function


class Cloneable:
    """A pydantic model's ``clone()``, derived from its fields' types (the module's words):
    written at the first call for each class, then called directly."""

    def clone(self) -> Self:
        """A copy of this model sharing no mutable object with it."""
        model = type(self)
        function = cloner(model)  # type: ignore[type-var]
        model.clone = function  # type: ignore[method-assign]
        return function(self)

    @classmethod
    def __pydantic_init_subclass__(cls, **kwargs: Any) -> None:
        super().__pydantic_init_subclass__(**kwargs)  # type: ignore[misc]
        if "clone" not in cls.__dict__:  # a subclass writes its own copier, not its base's
            cls.clone = Cloneable.clone  # type: ignore[method-assign]
