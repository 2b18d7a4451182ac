"""The entries of a play screen's decision list: their keys, and the groups that gather the
entries of a long list behind one entry (words only; which actions exist is the engine's)."""

from __future__ import annotations

from forum_trajanum.engine.actions import Convert, TakeTile

#: The ids of the list's entries that are no action: a group of entries, and back from one.
GROUP_ID, BACK_ID = "group:", "group:back"


def group_of(action) -> str:
    """The group an action's entry goes into in a long list ("" for none): the conversions
    of a building step (a hundred and more), and in the draft each street card's tiles off
    its street for a tribune (up to 34 each)."""
    if isinstance(action, Convert):
        return "convert"
    if isinstance(action, TakeTile) and action.tribune:
        return f"tribune{action.card}"
    return ""


#: A group's entry in the list, and what its entries are.
GROUP_WORDS = {
    "convert": "Convert resources first",
    "tribune1": "Take a tile off the street of card 1 for a tribune",
    "tribune2": "Take a tile off the street of card 2 for a tribune",
}
