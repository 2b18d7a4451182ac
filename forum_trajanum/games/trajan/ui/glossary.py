"""Trajan's symbols and words a newcomer meets on the screen without a rulebook, each
explained once: the legend (``g``) shows these texts, and the first-game coach shows each
the first time it appears on a player's own screen (:data:`NOTES`; the shell's
:class:`~forum_trajanum.tui.glossary.Glossary` gets them as :data:`GLOSSARY`).

Only words live here; when a word appears is read from the player's own view.
"""

from __future__ import annotations

from forum_trajanum.games.trajan import data as D
from forum_trajanum.games.trajan.engine.actions import FORUM_KEYS, TILE_KEY
from forum_trajanum.tui.glossary import Glossary, Note

_penalties = ", ".join(map(str, D.DEMAND_PENALTY[1:-1])) + f" or {D.DEMAND_PENALTY[-1]}"

#: What a Trajan tile beside a tray says, and when it is done (the legend puts it after its
#: example).
TILE_MEANS = (
    "the two marker colours it needs and its VP. When the last marker you sow lands in its "
    "tray and the tray holds both colours, you score it and may do its special action"
)

#: symbol -> what it means (EN l.329-331 the arch, l.217-229 the Trajan tiles beside the
#: trays, the [+2] markers, l.409-425 the people's demands).
WORDS: dict[str, str] = {
    "◆ arch": "the slot the Arch of Trajan is on: the Trajan action puts its tile there",
    "Trajan tile": "a tile beside a tray, like Y+O 5 VP: " + TILE_MEANS,
    "extra action tile": (
        "a tile the Forum action can take, like extra action tile (Seaport). Keep it: right "
        "after you do that action (in any later turn too), play it to do the action once "
        "more; it is then gone. One per turn; twice with a [+2] marker on that action. The "
        "extra action wild card repeats any action"
    ),
    "[+2]": "a marker that makes an action's extra action tiles work twice",
    "demands": (
        "by the quarter's end have a matching forum tile for each demand shown (the Forum "
        f"action), or lose {_penalties} VP for 1, 2 or 3 unmet. A Trajan tile showing the "
        "demand, or a demand wild card, meets one too. One more demand (bread, games or "
        "religion) is revealed at each round's end"
    ),
}


def _own(shown):
    """``shown(v, me)`` as a note's test of ``v`` alone: never on an onlooker's screen."""

    def test(v) -> bool:
        players = getattr(v, "players", None) or ()
        return 0 <= v.viewer < len(players) and shown(v, players[v.viewer])

    return test


def _extra_seen(v, me) -> bool:
    """An extra action tile is on the player's screen as a choice or a tile they own: the
    Forum action's entries offer one, or an extra action decision is theirs."""
    if any(FORUM_KEYS[TILE_KEY[t]][0] in ("extra", "wild_extra") for t in me.tiles):
        return True
    task = v.tasks[-1] if getattr(v, "tasks", None) else None
    if task is None or task.player != v.viewer:
        return False
    if task.kind == "extra":
        return True
    return (
        task.kind == "act" and D.ACTIONS[task.action] == "Forum" and any(t >= 0 for t in v.yellow)
    )


#: The symbols the coach explains, in the order it explains them: the arch is beside a tray
#: of one's circle from the first screen on (until every slot is full).
NOTES: tuple[Note, ...] = tuple(
    Note(key, word, _own(shown))
    for key, word, shown in (
        ("note:arch", "◆ arch", lambda v, me: me.arch != D.ARCH_CENTRE),
        ("note:tile", "Trajan tile", lambda v, me: any(t >= 0 for t in me.slots)),
        ("note:extra", "extra action tile", _extra_seen),
        ("note:plus2", "[+2]", lambda v, me: any(me.plus2)),
        # QA: a first game lost 48 VP to demands nobody had explained
        ("note:demands", "demands", lambda v, me: bool(v.revealed)),
    )
)

#: What the shell's coach explains of Trajan's symbols.
GLOSSARY = Glossary(WORDS, NOTES)


def glossary() -> Glossary:
    """:data:`GLOSSARY`, as the UI contract asks for it (on first use)."""
    return GLOSSARY
