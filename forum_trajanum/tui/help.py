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
    COLOUR_NAMES,
    COLOURS,
    GRAY_NAMES,
    STRUCTURE_NAMES,
    TILE_KINDS_PER_PLAYER,
    TILE_LABELS,
)

#: The key that opens the legend from anywhere in the app (an app-level binding).
LEGEND_KEY = "g"

KEYS = f"""\
Enter        take the highlighted choice, or the cell under the cursor
1-9          on a decision list: take that entry directly
Tab          move between the decision list, your Colonia and the Forum
Arrows       move the highlight or the cursor; a click on a cell chooses it too
u            undo your last step of this turn (until a hidden tile is revealed)
o            other players' boards (public)        t   Trajan cards and street cards
l            the whole log                          s   save the game under a name
? or F1      this help                              {LEGEND_KEY}   the legend of every symbol
q            back to the menu (the game is saved after every action)
Esc          setup: back one corner while choosing the crane colours (or Backspace)
Hand-over    when the keyboard passes to another player, a privacy screen waits for that
             player's Enter; nothing secret is on screen before that. The choices then take
             Enter after a short moment, so that a double press chooses nothing.
Game over    1 ranking and chart, 2 points by cycle and category, 3 the final boards.
"""


def entries(rows: list[tuple[str, str]]) -> Table:
    """Symbols and their meanings in two columns; a long meaning wraps in its column."""
    table = Table.grid(padding=(0, 2))
    table.add_column(width=10, style="bold", no_wrap=True)
    table.add_column()
    for symbol, meaning in rows:
        table.add_row(symbol, meaning)
    return table


def legend() -> Group:
    """Every symbol and short form the screens use, with its meaning in words."""
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
            ("▲", "a temple: never built on"),
            ("·", "a vacated space: its tile was taken; you may build there"),
            *[(g, GRAY_NAMES[k]) for k, g in (("L", "LIB"), ("S", "BAS"), ("M", "MKT"))],
            ("COL", f"{GRAY_NAMES['C']} (gray buildings have a gray background)"),
            *[
                (c, f"{COLOUR_NAMES[c]} {STRUCTURE_NAMES[c]} (on a {COLOUR_NAMES[c]} background)")
                for c in COLOURS
            ],
            ("crane B", "a crane of that colour, uncovered: it scores at the next scoring"),
            ("crane B ✓", "a crane already scored"),
            ("a tile", "a face-up corner tile shows what it gives (see Colonia tiles below)"),
            ("I-VI, a-f", "street symbols on the edges: a street card names one of them"),
            ("tinted", "the streets of this round's street cards"),
            ("▸ or *", "a cell or space you may choose now"),
            ("reversed", "the cursor"),
        ],
    )
    section(
        "Citizen rows (beside grid rows 1-6)",
        [
            ("P  M  C", "Patrician, Merchant, Craftsman citizen in a row's space"),
            ("active", "the row's citizens count and its ability works"),
            ("inactive", "the row was not paid at a scoring (1 coin per row)"),
            ("-", "an empty citizen space"),
        ],
    )
    section(
        "Colonia tiles (what using one gives; a citizen goes into a row of its class)",
        [("", TILE_LABELS[kind]) for kind in dict.fromkeys(TILE_KINDS_PER_PLAYER)],
    )
    section(
        "Short forms on small cells",
        [
            ("build", "builder"),
            ("work", "workers"),
            ("asst", "assistant(s)"),
            ("trib", "tribune(s)"),
            ("upgr", "upgrade (one step on your prestige track)"),
            ("citzn", "citizen"),
            ("Patr.", "Patrician"),
            ("Merc.", "Merchant"),
            ("Craf.", "Craftsman"),
        ],
    )
    section(
        "The Forum",
        [
            ("B G Y R", "a free space of that colour"),
            ("✶", "an eagle space: an envoy on it scores 2 VP, next to it 1 VP"),
            ("1 2 3 4", "an envoy of seat 1-4 (in the seat's colour)"),
            ("|", "the edge between two mosaic boards"),
        ],
    )
    section(
        "Tracks, prestige and supply",
        [
            ("L  S  M", "the library, basilica and market benefit tracks, steps 1-4"),
            ("♣", "a cypress on the prestige track (positions 3, 6 and 8)"),
            ("●", "your slide bar on the prestige track"),
            ("flipped", "Merchant I has flipped the bar: it reads one position further"),
            ("ship", "your envoys: your own tiles that were used or left unused"),
            ("reserve", "tiles received from other players that went unused"),
            ("VP", "victory points"),
            ("seat 1-4", "the order round the table; the Forum shows envoys by seat number"),
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
what your largest area and each Trajan task are worth.

Scoring after each cycle. First pay 1 coin per citizen row, or it turns inactive. Then:
cranes (3, 2, 1 VP per structure of the crane's colour in cycles I, II, III, once per
crane), Colonia rows (for each row: its different gray buildings times 1 plus the row's
active citizens), Forum eagles (2 VP for an envoy on an eagle, 1 VP next to one), the
largest connected group of your envoys, and the Trajan card's building and collection
tasks. Most VP after cycle III wins; ties: most active citizens, then most resources.
"""
