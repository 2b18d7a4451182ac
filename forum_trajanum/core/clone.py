"""Copies of a game's state, derived from its fields' types (issue 37.2).

A state class (a pydantic model, or a dataclass: a seat's model on the engine's hot path,
where a pydantic attribute costs ten times a plain one) that inherits :class:`Cloneable`
gets a ``clone()`` written once per class, the first time it is called, from the types its
fields declare: nothing is listed by hand,
so a field added to a state is copied (or shared, when it cannot change) without anyone
remembering it. What each type becomes in the copy:

- ``int``, ``str``, ``bool``, ``float``, ``None``, a ``Literal``, an enum, a tuple of those,
  a ``NamedTuple`` of those, a frozen model of those, and a value marked :data:`SHARED`
  (e.g. a task record): shared, they never change in place;
- ``list[X]``: a new list, sliced when ``X`` is shared, else each item copied as its type
  says (``list[list[int]]``: each row sliced; ``list[Model]``: each model cloned);
- ``dict[K, V]`` and ``set[X]``: a new one, the values copied as their type says;
- a model or dataclass that is not frozen: cloned the same way, by its own derived copier;
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

import dataclasses
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
T = TypeVar("T")

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
    if isinstance(tp, type) and (issubclass(tp, BaseModel) or dataclasses.is_dataclass(tp)):
        if _frozen(tp) and _all_shared(tp, env, where):
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
        for pattern, function in ((f"{item}[:]", "_list_copy"), (f"{item}.copy()", "_dict_copy")):
            if inner == pattern:  # a C function mapped: no frame a comprehension makes
                return f"[*map({function}, {src})]"
        if inner.endswith(f"({item})") and inner[: -len(item) - 2].isidentifier():
            return f"[*map({inner[: -len(item) - 2]}, {src})]"
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


def _frozen(model: type) -> bool:
    """Whether ``model``'s fields cannot be assigned (its values may still hold lists)."""
    if issubclass(model, BaseModel):
        return bool(model.model_config.get("frozen"))
    return bool(getattr(model, "__dataclass_params__").frozen)  # noqa: B009 (no stub names it)


def _all_shared(model: type, env: dict[str, Any], where: str) -> bool:
    """Whether every field of ``model`` is immutable (a frozen model holding a list is not)."""
    return all(
        _copy_expr(tp, "x", 0, env, f"{where}.{name}") is None
        for name, tp in declared(model).items()
    )


def declared(model: type) -> dict[str, Any]:
    """Every field of ``model`` (a pydantic model or a dataclass) with its declared type, its
    ``Annotated`` metadata included, in declaration order."""
    if issubclass(model, BaseModel):
        return {name: _annotation(f) for name, f in model.model_fields.items()}
    if dataclasses.is_dataclass(model):
        hints = typing.get_type_hints(model, include_extras=True)
        return {f.name: hints[f.name] for f in dataclasses.fields(model)}
    raise TypeError(f"{model.__name__} is neither a pydantic model nor a dataclass")


def _annotation(field: Any) -> Any:
    """A field's declared type with its metadata (pydantic keeps them apart)."""
    if field.metadata:
        return Annotated[(field.annotation, *field.metadata)]
    return field.annotation


_CLONERS: dict[type, Callable[[Any], Any]] = {}


def cloner(model: type[T]) -> Callable[[T], T]:
    """The function that clones a ``model``, written once from its fields' types (see the
    module's words); raises :class:`CloneError` for a field it cannot copy."""
    found = _CLONERS.get(model)
    if found is not None:
        return found
    env: dict[str, Any] = {
        "_new": _new,
        "_set": _set,
        "_cls": model,
        "_list_copy": list.copy,
        "_dict_copy": dict.copy,
    }
    if issubclass(model, BaseModel):
        lines = ["def clone(self):", "    d = self.__dict__", "    data = d.copy()"]
        for name, tp in declared(model).items():
            expr = _copy_expr(tp, f"d[{name!r}]", 0, env, f"{model.__name__}.{name}")
            if expr is not None:
                lines.append(f"    data[{name!r}] = {expr}")
        lines += [
            "    new = _new(_cls)",
            "    _set(new, '__dict__', data)",
            "    _set(new, '__pydantic_fields_set__', set(self.__pydantic_fields_set__))",
            "    _set(new, '__pydantic_extra__', None)",
            "    private = self.__pydantic_private__",
            "    _set(new, '__pydantic_private__', None if private is None else private.copy())",
        ]
    else:  # a dataclass (with slots, or not): field by field
        lines = ["def clone(self):", "    new = _new(_cls)"]
        for name, tp in declared(model).items():
            expr = _copy_expr(tp, f"self.{name}", 0, env, f"{model.__name__}.{name}")
            lines.append(f"    new.{name} = {expr or f'self.{name}'}")
        if hasattr(model, "__pydantic_private__"):  # core.plain.PlainState's private dict
            lines.append("    new.__pydantic_private__ = self.__pydantic_private__.copy()")
    lines.append("    return new")
    source = "\n".join(lines)
    exec(compile(source, f"<clone of {model.__qualname__}>", "exec"), env)
    function: Callable[[T], T] = env["clone"]
    function.__qualname__ = f"{model.__qualname__}.clone"
    function.__doc__ = f"A copy sharing no mutable object with this one.\n\n{source}"
    _CLONERS[model] = function
    return function


class Cloneable:
    """A pydantic model's or a dataclass's ``clone()``, derived from its fields' types (the
    module's words): written at the first call for each class, then called directly."""

    __slots__ = ()  # a dataclass with slots keeps them: no instance dict

    def clone(self) -> Self:
        """A copy of this model sharing no mutable object with it."""
        model = type(self)
        function = cloner(model)
        setattr(model, "clone", function)  # noqa: B010 (the class's own method from now on)
        return function(self)

    @classmethod
    def __pydantic_init_subclass__(cls, **kwargs: Any) -> None:
        super().__pydantic_init_subclass__(**kwargs)  # type: ignore[misc]
        if "clone" not in cls.__dict__:  # a subclass writes its own copier, not its base's
            cls.clone = Cloneable.clone  # type: ignore[method-assign]
