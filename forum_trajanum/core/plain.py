"""A game's state as plain Python objects on the engine's hot path, pydantic at its boundary
(issue 37.2 and 37.5).

A pydantic model's attribute costs about ten times a plain object's (its ``__getattr__``
hook turns off Python's attribute cache) and its assignment twenty times; the rules read and
write the state's fields more than anything else. So a game's state (and its seats' models)
may be a ``@dataclass(kw_only=True, slots=True)`` (slots: a misspelt field is refused, as
pydantic refused it) that inherits :class:`PlainState`: its fields declared
as a pydantic model's are (``Annotated[..., PUBLIC]``, see
:mod:`forum_trajanum.core.visibility`), its copy derived from them
(:mod:`forum_trajanum.core.clone`), and where it crosses a boundary (a view sent to another
machine, a test comparing states) it is validated and dumped by pydantic, with the methods a
pydantic model has for it: ``model_dump``, ``model_dump_json``, ``model_validate``,
``model_validate_json`` and ``model_copy``.

Its private attributes (the dispatcher's legal-action cache ``_legal``) live in a dict of
their own, ``__pydantic_private__``, as a pydantic model's do, so that the core reads them
the same way from either; they are neither fields, nor compared, nor dumped.
"""

from __future__ import annotations

import copy as _copy
from typing import Any, ClassVar, Self

from pydantic import TypeAdapter

from forum_trajanum.core.clone import Cloneable

_ADAPTERS: dict[type, TypeAdapter[Any]] = {}


def _adapter(cls: type) -> TypeAdapter[Any]:
    """The validator and serializer of a state class, made once."""
    found = _ADAPTERS.get(cls)
    if found is None:
        found = _ADAPTERS[cls] = TypeAdapter(cls)
    return found


class PlainState(Cloneable):
    """A dataclass state with pydantic's boundary methods (the module's words). ``PRIVATE``
    names its private attributes with their initial values."""

    __slots__ = ("__pydantic_private__",)
    PRIVATE: ClassVar[dict[str, Any]] = {"_legal": None}

    def __post_init__(self) -> None:
        self.__pydantic_private__ = dict(self.PRIVATE)

    @property
    def _legal(self) -> Any:
        """The dispatcher's cache of the current decision's legal actions (None: none yet)."""
        return self.__pydantic_private__["_legal"]

    @_legal.setter
    def _legal(self, value: Any) -> None:
        self.__pydantic_private__["_legal"] = value

    def model_dump(self, **kwargs: Any) -> Any:
        """The state as Python data (pydantic's ``dump_python``, its keyword arguments)."""
        return _adapter(type(self)).dump_python(self, **kwargs)

    def model_dump_json(self, **kwargs: Any) -> str:
        """The state as JSON text (pydantic's ``dump_json``, its keyword arguments)."""
        return _adapter(type(self)).dump_json(self, **kwargs).decode()

    @classmethod
    def model_validate(cls, data: Any) -> Self:
        """A state from Python data, validated; raises pydantic's ``ValidationError``."""
        state: Self = _adapter(cls).validate_python(data)
        return state

    @classmethod
    def model_validate_json(cls, text: str | bytes) -> Self:
        """A state from JSON text, validated; raises pydantic's ``ValidationError``."""
        state: Self = _adapter(cls).validate_json(text)
        return state

    def model_copy(self, *, update: dict[str, Any] | None = None, deep: bool = False) -> Self:
        """A copy (sharing its values unless ``deep``), with the fields ``update`` names
        replaced, as pydantic's ``model_copy`` makes."""
        new = self.clone() if deep else _copy.copy(self)
        if not deep:
            new.__pydantic_private__ = dict(self.__pydantic_private__)
        for name, value in (update or {}).items():
            setattr(new, name, value)
        return new
