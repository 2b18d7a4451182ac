"""Field assignment for the game states' hot loops (issue 37.5).

Pydantic's ``BaseModel.__setattr__`` looks up a handler per assignment and then calls it: two
Python calls for what is a dict write when the model does not validate assignments, which a
game state does not. It was the largest single cost of a random game in both engines. A state
class names :func:`assign` as its ``__setattr__``: a field's value is written straight into
the instance; anything else (a private attribute, a name that is no field) still goes through
pydantic, so an unknown name is refused as before.

``model_fields_set`` is not updated by such an assignment: nothing reads it for a game state
(records, saves and views are built field by field or from the full ``__dict__``).
"""

from __future__ import annotations

from typing import Any

from pydantic import BaseModel

_PYDANTIC_SETATTR = BaseModel.__setattr__


def assign(self: BaseModel, name: str, value: Any) -> None:
    """``self.name = value`` for a pydantic model that validates no assignment (its fields
    are the keys of its ``__dict__``: private attributes live apart)."""
    fields = self.__dict__
    if name in fields:
        fields[name] = value
    else:
        _PYDANTIC_SETATTR(self, name, value)


def assign_all(self: BaseModel, **values: Any) -> None:
    """Several fields of ``self`` at once, in one dict update (a round's or a turn's resets,
    the engines' most frequent assignments); a name that is no field is refused."""
    fields = self.__dict__
    if not fields.keys() >= values.keys():
        unknown = ", ".join(sorted(values.keys() - fields.keys()))
        raise ValueError(f'"{type(self).__name__}" object has no field {unknown}')
    fields.update(values)
