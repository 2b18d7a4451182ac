"""The decision in words and its list: each choice with what it gives (the view's
:data:`~forum_trajanum.games.trajan.engine.view.SPECS`), the decision's title, and the
groups of a list too long for its keys."""

from __future__ import annotations

from forum_trajanum.games.trajan import data as D
from forum_trajanum.games.trajan.engine import words as W
from forum_trajanum.games.trajan.engine.state import GameState
from forum_trajanum.games.trajan.engine.view import SPECS
from forum_trajanum.tui.grouping import BACK_ID, GROUP_ID, fit_groups, part_words


def choice_words(v: GameState, action) -> str:
    """One choice in words, with what it gives (from the view alone): its kind's words."""
    words = SPECS[action.kind].words
    assert words is not None  # every kind has its words (ActionSpec refuses one without)
    return words(v, action)


WHY_WORDS = {
    "tray": "{action} action: choose one, or pass",
    "bonus": "{action} action (the bonus of your first {building} of a type): choose one, or pass",
    "extra": "{action} again (an extra action tile): choose one, or pass",
    "again": "{action} a second time (your [+2] marker): choose one, or pass",
}


def decision_title(v: GameState, names=()) -> str:
    """The decision in words, with what the view knows about it (the start player named)."""
    task = v.task
    if task is None:
        return "Game over"
    kind = task.kind
    if kind == "act":
        why = str(getattr(task, "why", "tray"))
        words = WHY_WORDS.get(why, WHY_WORDS["tray"])
        return words.format(action=D.ACTIONS[task.action], building="building")
    if kind == "sow":
        left = sum(task.hand)
        return (
            f"Sow your markers: {left} left, the next into the {D.ACTIONS[task.tray]} tray; "
            f"the last lands in the {D.ACTIONS[task.target]} tray"
        )
    if kind == "extra":
        return f"Repeat the {D.ACTIONS[task.action]} action with an extra action tile?"
    if kind == "card":
        return f"Take a starting card ({task.left} to take)"
    if kind == "markers":
        return f"Fill your trays with two markers each: the {D.ACTIONS[task.tray]} tray"
    title = W.title(v, names)
    return title[:1].upper() + title[1:]


#: A group's entry in a list too long for its keys, by action kind.
GROUP_WORDS = {
    "ship": "Load a ship",
    "display": "Display cards",
    "markers": "Markers for a tray",
    "discard": "Discard a card",
    "march": "March the leader",
    "build": "Send a worker to a construction site",
    "forum": "Take a forum tile",
    "trajan": "Take a Trajan tile",
    "spend": "Meet the demands",
    "more": "More choices",
}


#: A tray's marker pairs are picked in two steps where more than this many are left: a
#: colour, then the pairs with it (21 pairs for the first tray were a wall of colours for a
#: newcomer at 80x24; a pair is under each of its two colours).
PAIRS_AT_ONCE = 9
#: The group of a colour's marker pairs ("colour:2").
COLOUR_GROUP = "colour:"


def _group_words(name: str) -> str:
    if name.startswith(COLOUR_GROUP):
        c = int(name.removeprefix(COLOUR_GROUP))
        name = W.colour(c)
        return f"{name[:1].upper()}{name[1:]} and a second marker"
    return part_words(name, lambda kind: GROUP_WORDS.get(kind, kind.capitalize()))


def _colour_groups(legal: list) -> dict[str, list]:
    """A tray's marker pairs by colour, each pair under both its colours (none where the
    pairs fit on a screen): the markers are picked one at a time, as the box's are."""
    pairs = [a for a in legal if a.kind == "markers" and a.pair >= 0]
    if len(pairs) <= PAIRS_AT_ONCE:
        return {}
    groups: dict[str, list] = {}
    for c in range(D.NUM_COLOURS):
        members = [a for a in pairs if c in divmod(a.pair, D.NUM_COLOURS)]
        if members:
            groups[f"{COLOUR_GROUP}{c}"] = members
    return groups


def shown_order(legal: list) -> list:
    """The actions in the order the list shows them: the engine's, with the pass last in
    every list (issue 36.6: it stood 4th among the Seaport's card entries, first in the
    extra action's, last elsewhere)."""
    return [a for a in legal if a.kind != "pass"] + [a for a in legal if a.kind == "pass"]


def list_groups(legal: list) -> dict[str, list]:
    """The groups of a list too long for its keys (by action kind; the top entry, which
    spends nothing, stays on top): no level has more entries than there are keys."""
    return fit_groups(shown_order(legal), _colour_groups(legal), lambda action: action.kind)


def list_entries(v: GameState, legal: list, group: str | None) -> list[tuple[str, str]]:
    """The list's entries as (id, words): a group's members and its back entry when
    ``group`` is open, else the actions in the engine's order with each group's one entry
    where its first member would be."""
    legal = shown_order(legal)
    groups = list_groups(legal)
    if group in groups:
        members = [(str(a), choice_words(v, a)) for a in groups[group]]
        return [*members, (BACK_ID, "← Back to all the choices (Escape)")]
    where: dict = {}  # a marker pair is in two groups (its two colours)
    for name, members in groups.items():
        for a in members:
            where.setdefault(a, []).append(name)
    out, opened = [], set()
    for action in legal:
        names = where.get(action)
        if names is None:
            out.append((str(action), choice_words(v, action)))
        for name in names or ():
            if name not in opened:
                opened.add(name)
                ways = len(groups[name])
                out.append((GROUP_ID + name, f"{_group_words(name)}… ({ways} ways)"))
    return out
