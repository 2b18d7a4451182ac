"""Groups of a long decision list, for both games: no level of a list has more entries than
there are keys (1-9, A-Z), so every choice has a key, or its group's entry has one.

A list whose entries do not fit gathers them by kind (a Forum Trajanum build step: one group
per building kind; a Trajan seaport: the ships, the displays), the largest kinds first, until
they fit; a group still longer than a level holds goes into parts. The list's top entry, the
one that spends nothing (the engine lists it first), stays on top, outside any group. Words
only: which actions exist, and their order, is the engine's.
"""

from __future__ import annotations

from collections.abc import Callable, Hashable, Sequence
from typing import TypeVar

from forum_trajanum.tui.keys import ENTRY_KEYS

#: The ids of the list's entries that are no action: a group of entries, and back from one.
GROUP_ID, BACK_ID = "group:", "group:back"
#: The most entries a level of a list holds: one per key.
LIMIT = len(ENTRY_KEYS)
#: An entry of the list (an action).
_H = TypeVar("_H", bound=Hashable)
#: Between a group's name and its part ("build:L#2/3"); a group's name never holds it.
PART = "#"


def fit_groups(
    actions: Sequence[_H],
    groups: dict[str, list[_H]],
    kind_of: Callable[[_H], str],
    limit: int = LIMIT,
) -> dict[str, list[_H]]:
    """The groups of a list of ``actions`` (in the list's order) that fit its keys: the
    ``groups`` it has already (each kept whole), more by ``kind_of`` while the top level has
    more than ``limit`` entries, and each group in parts of at most ``limit - 1`` entries
    (a group's list ends with its "back" entry, which takes a key too)."""
    out = {name: list(members) for name, members in groups.items()}
    grouped = {a for members in out.values() for a in members}
    loose = [a for a in actions if a not in grouped]

    def top() -> int:
        return len(loose) + sum(_parts(len(m), limit) for m in out.values())

    if top() > limit:
        by_kind: dict[str, list] = {}
        for action in loose[1:]:  # the top entry stays on top
            by_kind.setdefault(kind_of(action), []).append(action)
        for kind, members in sorted(by_kind.items(), key=lambda kv: -len(kv[1])):
            if top() <= limit:
                break
            if len(members) < 2 or kind in out or PART in kind:
                continue
            out[kind] = members
            taken = set(members)
            loose = [a for a in loose if a not in taken]
    if top() > limit:  # kinds of one entry each: the rest behind one entry
        out["more"] = loose[1:]
        loose = loose[:1]
    parted: dict[str, list] = {}
    for name, members in out.items():
        count = _parts(len(members), limit)
        if count == 1:
            parted[name] = members
            continue
        size = -(-len(members) // count)
        for n in range(count):
            parted[f"{name}{PART}{n + 1}/{count}"] = members[n * size : (n + 1) * size]
    return parted


def _parts(size: int, limit: int) -> int:
    """Into how many parts a group of ``size`` entries goes."""
    return max(1, -(-size // (limit - 1)))


def part_words(name: str, words_of: Callable[[str], str]) -> str:
    """A group's words ("Build a library (part 2 of 3)"): its kind's, and its part."""
    base, _, part = name.partition(PART)
    words = words_of(base)
    if part:
        n, count = part.split("/")
        words += f" (part {n} of {count})"
    return words


def group_by_action(groups: dict[str, list]) -> dict[str, str]:
    """The group of each grouped action, by the action's text."""
    return {str(a): name for name, members in groups.items() for a in members}
