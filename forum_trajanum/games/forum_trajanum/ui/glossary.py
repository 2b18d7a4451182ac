"""Forum Trajanum's words a newcomer meets on the screen without a rulebook, each explained
once, in the rulebook's sense: the legend and the help show these texts, and the first-game
coach shows each the first time it appears on a player's screen (:data:`NOTES`; the shell's
:class:`~forum_trajanum.tui.glossary.Glossary` gets them as :data:`GLOSSARY`).

Only words live here; when a word appears is read from the player's own view.
"""

from __future__ import annotations

from forum_trajanum.games.forum_trajanum.data import TRAJAN_CARDS
from forum_trajanum.games.forum_trajanum.engine.actions import uses_reserve
from forum_trajanum.games.forum_trajanum.engine.tasks import Decision
from forum_trajanum.tui.glossary import Glossary, Note

#: word -> what it means (rules "Setup" 4-6, "Take 2 Colonia tiles", "Special case",
#: "Basilica, Market, Library", "Notes regarding the Trajan cards").
WORDS: dict[str, str] = {
    "river tile": (
        "the one Colonia tile left over at setup. It lies face down by the river beside your "
        "Colonia; only you have seen it, and it is never used. It tells you one tile that is "
        "not in your grid."
    ),
    "female-back citizen": (
        "three of your 34 Colonia tiles show a woman envoy on their back: one patrician, one "
        "merchant, one craftsman. At setup you draw one and seat it in a citizen row; the "
        "other two lie face up on two diagonally opposite corners."
    ),
    "reserve": (
        "the tiles you received from your left neighbour, used or not, lie face up beside "
        "your Colonia. When that neighbour can pass you no tile (their streets have run out, "
        "often in cycle III), you may use one of these instead; it then leaves the game."
    ),
    "marker beside Trajan's Column": (
        "when you finish a benefit track (its fourth step), your marker moves from the track "
        "to the place beside Trajan's Column and scores like a triumphal column. A Trajan task "
        "asking for 'your marker beside Trajan's Column' needs such a finished track."
    ),
    "collection task": (
        "the lower task of a Trajan card. It is checked at the cycle's scoring: you only show "
        "the resources, citizens, columns or cranes it asks for and keep them; nothing is paid "
        "and nothing may be converted then. Keep what it asks for when you pay your citizens."
    ),
    "area bonus": (
        "whoever fills the last free space of a colour area on the Forum takes one: 1 tribune, "
        "1 assistant, 1 coin, 1 upgrade (a prestige step) or 2 VP; with Patrician II two "
        "different ones."
    ),
    "colour-area rule": (
        "an envoy for a structure goes to a free space of its colour; if an area of that "
        "colour already holds envoys and still has room, it must go there (Patrician I: you "
        "may open a new area instead)."
    ),
}


def _mine(pv):
    """The viewer's own Colonia in ``pv``; None in a view of nobody's (an onlooker's)."""
    colonias = getattr(pv, "colonias", None) or ()
    return colonias[pv.viewer] if 0 <= pv.viewer < len(colonias) else None


def _own(shown):
    """``shown(pv, me)`` as a note's test of ``pv`` alone: never on an onlooker's screen."""

    def test(pv) -> bool:
        me = _mine(pv)
        return me is not None and shown(pv, me)

    return test


def _uses_reserve(pv, me) -> bool:
    return bool(me.reserve) or any(uses_reserve(text) for text in pv.legal)


def _column_task(pv, me) -> bool:
    """The current cycle's Trajan card asks for a marker beside Trajan's Column."""
    cards = pv.trajan_cards
    card = cards[min(max(pv.cycle, 1), len(cards)) - 1] if cards else ""
    return bool(card) and "Trajan's Column" in TRAJAN_CARDS[card][1]


#: The words the coach explains, in the order it explains them.
NOTES: tuple[Note, ...] = tuple(
    Note(key, word, _own(shown))
    for key, word, shown in (
        ("note:female", "female-back citizen", lambda pv, me: pv.decision == Decision.SETUP_ROW),
        ("note:river", "river tile", lambda pv, me: bool(me.river)),
        ("note:reserve", "reserve", _uses_reserve),
        ("note:column", "marker beside Trajan's Column", _column_task),
        ("note:collection", "collection task", lambda pv, me: pv.decision == Decision.PAY),
        ("note:area", "colour-area rule", lambda pv, me: pv.decision == Decision.ENVOY),
    )
)


#: What the shell's coach explains of Forum Trajanum's words.
GLOSSARY = Glossary(WORDS, NOTES)


def glossary() -> Glossary:
    """:data:`GLOSSARY`, as the UI contract asks for it (on first use)."""
    return GLOSSARY
