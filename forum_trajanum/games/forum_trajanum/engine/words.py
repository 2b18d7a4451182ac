"""The game's words: tiles, buildings, streets, corners and resources as players say them.

They are game words, not screen layout: the log (``engine/view.py``), each action kind's choice
words (``engine/specs.py``) and the app's labels (``tui/labels.py``) all speak them. This module
imports only the rule data, so the engine may use it without the app and the app without the
rules.
"""

from __future__ import annotations

from forum_trajanum.core.numerals import numerals, roman
from forum_trajanum.games.forum_trajanum.data import (
    COLOUR_NAMES,
    CORNERS,
    CRANE_POINTS,
    CYCLES,
    GRAY_NAMES,
    STREET_SYMBOLS,
    STRUCTURE_NAMES,
    TILE_LABELS,
    cell_name,
)

#: The status's "when" in the last round of the last cycle (instead of "Cycle III, round 4 of
#: 4"): nothing else warned that the game ends.
LAST_ROUND = "Last round of the game"

#: The cycles' numerals, as the game's cards and board print them.
CYCLE_NUMERALS = numerals(CYCLES)

#: The crane corners' names, in the engine's order of corners.
CORNER_NAMES = tuple(cell_name(c) for c in CORNERS)

#: What an uncovered crane scores per structure of its colour, cycle by cycle, from the rule
#: data (``CRANE_POINTS``): "3/2/1 VP (cycle I/II/III)".
CRANE_POINTS_WORDS = (
    f"{'/'.join(str(n) for n in CRANE_POINTS)} VP (cycle {'/'.join(CYCLE_NUMERALS)})"
)

#: Why a crane's colour matters, in one line of 80 columns: the setup's crane decision shows it
#: above its choices (rules "Construction cranes": an uncovered crane scores at the next
#: scoring, once, for each structure of its colour).
CRANE_COLOUR_WHY = f"An uncovered crane scores {CRANE_POINTS_WORDS} per structure of its colour."

#: The simple resources a Merchant converts or a second citizen gives ($, T, A), in words.
GAIN_WORDS = {"$": "1 coin", "T": "1 tribune", "A": "1 assistant"}

#: Conversions by their source (the preview words what they take and give).
CONVERT_NAMES = {
    "pair": "Exchange workers",
    "recolour": "Recolour with an assistant",
    "craftsman1": "Craftsman I",
    "craftsman2": "Craftsman II",
    "merchant2": "Merchant II",
}

#: Tile kinds in words (no internal codes on screen).
TILE_WORDS: dict[str, str] = {
    "PAT": "Patrician",
    "MER": "Merchant",
    "CRA": "Craftsman",
    "BLD": "builder",
    **{f"WW{c}": f"2 {COLOUR_NAMES[c]} workers" for c in "BGYR"},
    **{f"WA{c}": f"{COLOUR_NAMES[c]} worker + assistant" for c in "BGYR"},
    "AA": "2 assistants",
    "CC": "2 coins",
    "CT": "coin + tribune",
    "TT": "2 tribunes",
    "UP": "upgrade",
    "UC": "upgrade + coin",
}


def tile_label(kind: str) -> str:
    """A Colonia tile kind in words, as a player says it ("2 coins", "builder")."""
    return TILE_WORDS.get(kind, kind)


def tile_words(kind: str) -> str:
    """A tile kind in the log's words with its code: "1 builder [BLD]"."""
    return f"{TILE_LABELS.get(kind, kind)} [{kind}]"


def citizen_name(kind: str) -> str:
    """A citizen tile kind in the log's words: "Patrician"."""
    return TILE_LABELS[kind].split(" (")[0]


def building_name(code: str) -> str:
    """``"L"`` -> "a library", ``"B"`` -> "a blue fountain (B)" (the letter as on the board)."""
    if code in GRAY_NAMES:
        return f"a {GRAY_NAMES[code]}"
    return f"a {COLOUR_NAMES[code]} {STRUCTURE_NAMES[code]} ({code})"


def building_words(code: str) -> str:
    """A building in the log's words: "library", "blue fountain"."""
    if code in GRAY_NAMES:
        return GRAY_NAMES[code]
    return f"{COLOUR_NAMES[code]} {STRUCTURE_NAMES[code]}"


def street_name(symbol: int) -> str:
    """A street card symbol as printed: "street III" or "street c"."""
    return f"street {STREET_SYMBOLS[symbol]}"


#: A cycle's scoring categories in the log's words (keys of a cycle's record in ``scorings``:
#: the scoring phase's, then what was scored during the rounds), in the rules' order.
SCORING_WORDS: dict[str, str] = {
    "cranes": "cranes",
    "colonia": "Colonia rows",
    "eagles": "eagles",
    "area": "largest area",
    "trajan_cards": "Trajan card",
}
PLAY_WORDS: dict[str, str] = {
    "column": "triumphal columns",
    "tracks": "finished tracks",
    "bonus": "area bonuses as VP",
}


def scoring_line(cycle: int, record: dict[str, int], total: int) -> str:
    """One seat's cycle scoring in the log's words: each category of the scoring phase (a 0
    included: a first-timer reads what did not score too), the cycle's points scored during
    its rounds where there were any, and the total after it."""
    numeral = roman(cycle, CYCLES)
    scored = [f"{words} {record.get(key, 0)}" for key, words in SCORING_WORDS.items()]
    phase = sum(record.get(key, 0) for key in SCORING_WORDS)
    played = [f"{words} {record[key]}" for key, words in PLAY_WORDS.items() if record.get(key)]
    line = f"cycle {numeral} scoring: {', '.join(scored)} = {phase} VP"
    if played:
        line += f" (during the cycle's rounds besides: {', '.join(played)})"
    return f"{line}; {total} VP in all"
