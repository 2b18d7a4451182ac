"""The options a game offers its players, on the New game form and on the command line.

A game's options model (``Game.options``, a pydantic model) says of each field it offers how
it is offered: the field's ``title`` is the form's words for it, its ``description`` the
command line's help, and ``json_schema_extra=offer(...)`` the rest (the flag, the kind of
field, the words of each choice). The shell builds the form's fields and the ``new`` command's
flags from :func:`offered`, and names no option of any game itself::

    side: Literal["A", "B"] = Field(
        "A", title="Colonia", description="Colonia side: A ..., B ...",
        json_schema_extra=offer("--side", CHOICE, choices={"A": "side A: ...", "B": "..."}),
    )

Three kinds of option:

- :data:`CHOICE`: one of a few values (a list on the form, ``--flag VALUE``, any case);
- :data:`TICK`: on or off (a box on the form, ``--flag`` alone turns it on);
- :data:`SEATS`: some of the seats (a box in each seat's row; ``--flag NAME`` once per seat,
  by a player's name or seat number); the value is the tuple of those seats, in order.

A field without ``offer`` is not offered (``players`` is the seats' count; a field kept for
old saves stays hidden).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from pydantic import BaseModel


CHOICE, TICK, SEATS = "choice", "tick", "seats"
KINDS = (CHOICE, TICK, SEATS)


def offer(
    flag: str,
    kind: str,
    *,
    choices: Mapping[str, str] | None = None,
    hint: str = "",
    metavar: str = "",
) -> dict[str, Any]:
    """What ``json_schema_extra`` holds for an offered field: its command-line ``flag``
    ("--side"), its ``kind`` (:data:`CHOICE`, :data:`TICK` or :data:`SEATS`), for a choice
    the form's words of each value, for seats a ``hint`` (the line under the seats saying
    what the box means) and the ``metavar`` of the flag's value."""
    if kind not in KINDS:
        raise ValueError(f"an option's kind is one of {', '.join(KINDS)}, not {kind!r}")
    if not flag.startswith("--") or len(flag) < 3:
        raise ValueError(f"an option's flag is '--name', not {flag!r}")
    if (kind == CHOICE) != bool(choices):
        raise ValueError("a choice option, and only a choice option, has choices")
    return {
        "offer": {
            "flag": flag,
            "kind": kind,
            "choices": [[value, words] for value, words in (choices or {}).items()],
            "hint": hint,
            "metavar": metavar,
        }
    }


@dataclass(frozen=True)
class OptionField:
    """One option a game offers: a field of its options model and how it is offered."""

    #: the field's name in the options model ("side")
    name: str
    #: :data:`CHOICE`, :data:`TICK` or :data:`SEATS`
    kind: str
    #: the command line's flag ("--side")
    flag: str
    #: the form's words (a list's row name, a box's words)
    title: str
    #: the command line's help
    description: str
    #: the value when nobody chooses
    default: Any
    #: a choice's values and the form's words for each
    choices: tuple[tuple[str, str], ...] = ()
    #: seats: what the box in a seat's row means, for the line under the seats
    hint: str = ""
    #: the name of the flag's value in the command line's help ("NAME")
    metavar: str = ""

    @property
    def key(self) -> str:
        """The flag without its dashes ("side"): the form field's id."""
        return self.flag.removeprefix("--")

    def choice(self, text: str) -> str:
        """The choice ``text`` names, in any case ("b" -> "B"); the text itself when it
        names none (the caller refuses it)."""
        found = [value for value, _ in self.choices if value.lower() == text.strip().lower()]
        return found[0] if len(found) == 1 else text


def offered(model: type[BaseModel]) -> list[OptionField]:
    """The options ``model`` (a pydantic model class) offers, in its fields' order."""
    found = []
    for name, info in model.model_fields.items():
        extra = info.json_schema_extra
        if not isinstance(extra, dict) or "offer" not in extra:
            continue
        how: Any = extra["offer"]  # what offer() wrote: a dict of str (and pairs)
        found.append(
            OptionField(
                name=name,
                kind=how["kind"],
                flag=how["flag"],
                title=info.title or name.replace("_", " "),
                description=info.description or "",
                default=info.get_default(call_default_factory=True),
                choices=tuple((value, words) for value, words in how["choices"]),
                hint=how["hint"],
                metavar=how["metavar"],
            )
        )
    return found


__all__ = ["CHOICE", "KINDS", "SEATS", "TICK", "OptionField", "offer", "offered"]
