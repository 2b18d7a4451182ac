"""Texts of the help screen: the keys, a legend of every symbol, a short rules reference.

The rulings are in :data:`forum_trajanum.data.RULINGS` (the engine applies them as written).
"""

from __future__ import annotations

from rich.console import Group
from rich.padding import Padding
from rich.table import Table
from rich.text import Text

from forum_trajanum.data import (
    AREA_BONUS_LABELS,
    CITIZEN_ABILITIES,
    CITIZEN_KINDS,
    COLOUR_NAMES,
    COLOURS,
    GRAY_NAMES,
    GRAYS,
    ROW_TITLES,
    STRUCTURE_NAMES,
    TILE_KINDS_PER_PLAYER,
    TILE_LABELS,
)
from forum_trajanum.tui.keys import LEGEND_KEY
from forum_trajanum.tui.labels import GRAY_SHORT, TILE_SHORT
from forum_trajanum.tui.panels import SEAT_MARKERS
from forum_trajanum.tui.widgets import CITIZEN_LETTER, EAGLE_GLYPH, ROW_SHORT

#: Coloured structures as small cells name them.
STRUCTURE_SHORT = {"B": "fount", "G": "park", "Y": "stabl", "R": "house"}


#: The keys, as (key, what it does).
KEYS: tuple[tuple[str, str], ...] = (
    ("Enter", "take the highlighted choice, or the cell under the cursor"),
    ("1-9", "take that entry of the decision list directly"),
    ("Tab", "move between the decision list, your Colonia and the Forum"),
    ("Arrows", "move the highlight or the cursor; a click on a cell chooses it too"),
    ("c f p l", "show your Colonia, the Forum, the players and tracks, or the log (in a small "
                "window one panel at a time; in a large one l opens the whole log)"),
    ("u", "undo your last step of this turn (until a hidden tile is revealed)"),
    ("e", "end the turn (where that is a choice: it is the last entry of a long list)"),
    ("o", "the other players' boards (public)"),
    ("t", "the Trajan cards and the street cards"),
    ("s", "save a copy of the game under a name"),
    ("h", "hint: a bot suggests a choice for your decision, from what you can see (★ hint "
          "in the list, underlined on the board, with its expected points); also in the "
          "command palette (Ctrl+P)"),
    ("k", "the first-game coach on or off for you: it explains each new kind of decision "
          "once"),
    (LEGEND_KEY, "the legend of every symbol and short form"),
    ("? or F1", "this help"),
    ("q", "back to the menu (the game is saved after every action)"),
    ("Esc", "setup: back one corner while choosing the crane colours (or Backspace)"),
    ("Hand-over", "when the keyboard passes to another player, a privacy screen waits for "
                  "that player's Enter; nothing secret is on screen before that. The choices "
                  "then take Enter after a short moment, so that a double press chooses "
                  "nothing."),
    ("Scoring", "Enter continues (after a short moment, like the choices)"),
    ("Game over", "1 ranking and chart, 2 points by cycle and category, 3 the final boards; "
                  "q or Esc back to the menu"),
)  # fmt: skip


def keys_table() -> Table:
    """The keys in two columns."""
    return entries(list(KEYS))


def entries(rows: list[tuple[str, str]]) -> Table:
    """Symbols and their meanings in two columns; a long meaning wraps in its column."""
    table = Table.grid(padding=(0, 2))
    table.add_column(width=12, style="bold", no_wrap=True)
    table.add_column()
    for symbol, meaning in rows:
        table.add_row(symbol, meaning)
    return table


def legend() -> Group:
    """Every symbol and short form the screens use, with its meaning in words. The short forms
    come from the constants the board widgets draw with, so the two cannot drift apart."""
    parts: list = []

    def section(title: str, rows: list[tuple[str, str]]) -> None:
        parts.append(Text(title, style="bold #ffd75f"))
        parts.append(Padding(entries(rows), (0, 0, 1, 2)))

    section(
        "Colours (always printed with their letter; the colour only helps)",
        [(c, COLOUR_NAMES[c]) for c in COLOURS],
    )
    section(
        "Colonia cells",
        [
            ("░░░░░", "a face-down tile: nobody knows which (its owner knows the set left)"),
            ("▲ templ", "a temple: never built on"),
            ("·", "a vacated space: its tile was taken; you may build there"),
            *[(GRAY_SHORT[g], f"{GRAY_NAMES[g]} (gray background)") for g in GRAYS],
            *[
                (
                    f"{c} {STRUCTURE_SHORT[c]}",
                    f"{COLOUR_NAMES[c]} {STRUCTURE_NAMES[c]} (on a {COLOUR_NAMES[c]} background)",
                )
                for c in COLOURS
            ],
            ("crane B", "an uncovered crane of that colour: it scores at the next scoring"),
            ("crane B ✓", "a crane already scored"),
            ("I-VI, a-f", "street symbols on the edges: a street card names one of them"),
            ("lit, tinted", "the streets of this round's street cards"),
            ("▸", "a cell or Forum space you may choose now"),
            ("reversed", "the cursor"),
            ("underlined", "the last move of another player (a building, an envoy)"),
        ],
    )
    section(
        "Face-up tiles, as small cells show them",
        [
            (" ".join(TILE_SHORT[k][0]), TILE_LABELS[k])
            for k in dict.fromkeys(TILE_KINDS_PER_PLAYER)
        ],
    )
    section(
        "Citizen rows (beside grid rows 1-6)",
        [
            *[
                (short, f"{title}: {ability}")
                for short, title, ability in zip(
                    ROW_SHORT, ROW_TITLES, CITIZEN_ABILITIES, strict=True
                )
            ],
            *[
                (letter, f"a {CITIZEN_KINDS[kind]} citizen (in its owner's seat colour)")
                for kind, letter in CITIZEN_LETTER.items()
            ],
            ("·", "an empty citizen space"),
            ("active", "the row's citizens count and its ability works"),
            ("inactive", "the row was not paid at a scoring (1 coin per row)"),
        ],
    )
    section(
        "The Forum",
        [
            ("B G Y R", "a free space of that colour"),
            (EAGLE_GLYPH, "an eagle space: an envoy on it scores 2 VP, next to it 1 VP"),
            ("B1", "an envoy of seat 1 on a blue space (seat numbers 1-4, in the seat's colour)"),
        ],
    )
    section(
        "Players, tracks and prestige",
        [
            (" ".join(SEAT_MARKERS), "the markers of seats 1-4 on the benefit tracks"),
            ("library", "benefit track of the library (LIB), steps 1-4"),
            ("basilica", "benefit track of the basilica (BAS), steps 1-4"),
            ("market", "benefit track of the market (MKT), steps 1-4"),
            ("prestige", "your slide bar's position, 0-8; cypresses at 3, 6 and 8"),
            ("flipped", "Merchant I has flipped the bar: it reads one position further"),
            ("▶", "the player deciding now"),
            ("ship", "your envoys: your own tiles that were used or left unused"),
            ("reserve", "tiles received from other players that went unused"),
            ("assist, trib", "assistants, tribunes"),
            ("VP", "victory points"),
        ],
    )
    section(
        "Area bonuses (filling an area's last space)",
        [("", label) for label in AREA_BONUS_LABELS.values()],
    )
    return Group(*parts)


RULES_REFERENCE = """\
The game runs 3 cycles of 4 rounds; after each cycle comes a scoring.

Round. Two street cards are revealed. In turn, each player takes one face-down tile from
the street named by each card (a tribune lets you ignore a card and take from anywhere),
sees the first before taking the second, keeps one and passes the other to the right.
Then, in turn order, each player uses one tile: the kept one or the received one (2
tribunes: both). Resource tiles give builders, workers, assistants, coins, tribunes or
upgrades; citizen tiles go into a citizen row of their class and activate its ability.
Unused and used own tiles go to the ship: they are your envoys.

Building step. Once per turn build on a free space (where a tile was taken): a gray
building (library LIB, basilica BAS, market MKT, triumphal column COL) costs 1 builder; a
coloured structure (fountain B, park G, stable Y, house R) costs 1 worker of its colour.
A double tile covers two adjacent spaces. Conversions: 2 workers of a colour make 1
builder; 1 assistant changes a worker's colour; citizen abilities add more.
Library, basilica and market advance their benefit track: take the benefit of any step
reached. A triumphal column scores the number on Trajan's Column (3, 2, 1 in cycles I, II,
III) plus your active citizens.
A coloured structure lets you send an envoy from your ship to a free Forum space of its
colour (into an area of that colour you already started while it has room). Filling an
area's last space gives an area bonus: tribune, assistant, coin, upgrade or 2 VP.

Upgrades move your slide bar along the prestige track; the cypresses at 3, 6 and 8 raise
what your largest area is worth (+1 from 3, +2 from 6) and each Trajan task (3, 5, 7 VP).
A first Merchant I flips your slide bar for good: it then reads one position further along
(at 2 it is worth what 3 is), and each upgrade moves it straight to the next cypress.

Scoring after each cycle. First pay 1 coin per citizen row, or it turns inactive. Then:
cranes (3, 2, 1 VP per structure of the crane's colour in cycles I, II, III, once per
crane), Colonia rows (for each row: its different gray buildings times 1 plus the row's
active citizens), Forum eagles (2 VP for an envoy on an eagle, 1 VP next to one), the
largest connected group of your envoys, and the Trajan card's building and collection
tasks. Most VP after cycle III wins; ties: most active citizens, then most resources.
"""
