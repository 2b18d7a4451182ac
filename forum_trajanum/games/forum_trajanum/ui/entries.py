"""The entries of a play screen's decision list: their keys, and the groups that gather the
entries of a long list behind one entry (words only; which actions exist is the engine's)."""

from __future__ import annotations

from forum_trajanum.games.forum_trajanum.engine.actions import Build, Convert, TakeTile
from forum_trajanum.games.forum_trajanum.engine.words import building_name
from forum_trajanum.tui.grouping import fit_groups, part_words

#: The entry id of a build after a conversion: THEN_ID + conversion + THEN_SEP + build; the
#: group that holds such builds when a long building step has no key left for each.
THEN_ID, THEN_SEP, THEN_GROUP = "then:", "|", "then"


def group_of(action) -> str:
    """The group an action's entry goes into in a long list ("" for none): the conversions
    of a building step (a hundred and more), and in the draft each street card's tiles off
    its street for a tribune (up to 34 each)."""
    if isinstance(action, Convert):
        return "convert"
    if isinstance(action, TakeTile) and action.tribune:
        return f"tribune{action.card}"
    return ""


def kind_of(action) -> str:
    """The group of an action in a list too long for its keys: a build step's builds by
    building kind (a double tile by its two kinds), anything else by its action kind."""
    if isinstance(action, Build):
        return f"build:{action.a}{action.b}"
    return action.kind


#: A group's entry in the list, and what its entries are.
GROUP_WORDS = {
    "convert": "Convert resources first",
    "tribune1": "Take a tile off the street of card 1 for a tribune",
    "tribune2": "Take a tile off the street of card 2 for a tribune",
    "more": "More choices",
    "then": "Build after a conversion",
}


def _kind_words(name: str) -> str:
    if name in GROUP_WORDS:
        return GROUP_WORDS[name]
    if name.startswith("build:"):
        codes = name.removeprefix("build:")
        if len(codes) == 2:
            first, second = (building_name(c) for c in codes)
            return f"Build a double tile: {first} and {second}"
        return "Build " + building_name(codes)
    return name.capitalize()


def group_words(name: str) -> str:
    """A group's words in the list ("Build a library", "… (part 2 of 3)")."""
    return part_words(name, _kind_words)


def list_groups(actions: list) -> dict[str, list]:
    """The groups of a decision's list: a building step's conversions and the draft's tiles
    for a tribune when the list has more than them, and whatever else a list too long for
    its keys needs (:func:`~forum_trajanum.tui.grouping.fit_groups`). The engine's first
    action, the one that spends nothing, is never in a group."""
    groups: dict[str, list] = {}
    grouped = [a for a in actions[1:] if group_of(a)]
    if len(grouped) > 1:
        for action in grouped:
            groups.setdefault(group_of(action), []).append(action)
    return fit_groups(actions, groups, kind_of)
