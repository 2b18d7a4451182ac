"""Every component fact the rulebooks show only in pictures, as plain data.

Source: ``shared/design/components.md`` (Colonia layout, tiles, prestige track, mosaic boards,
Trajan cards, seating) and the rulebooks in ``shared/rules/``. Rules code imports from here and
never repeats a number of its own.

Rulings this project made where the sources leave a gap are listed in ``RULINGS`` at the end.
"""

from __future__ import annotations

from forum_trajanum.core.numerals import numerals

# --- Colours and buildings -------------------------------------------------------------------

#: Colour letters in a fixed order; a worker colour is an index into this tuple.
COLOURS: tuple[str, ...] = ("B", "G", "Y", "R")
COLOUR_NAMES = {"B": "blue", "G": "green", "Y": "yellow", "R": "red"}
STRUCTURE_NAMES = {"B": "fountain", "G": "park", "Y": "stable", "R": "house"}
#: Gray building letters: library, basilica ("Sala"), market, triumphal column.
GRAYS: tuple[str, ...] = ("L", "S", "M", "C")
GRAY_NAMES = {"L": "library", "S": "basilica", "M": "market", "C": "triumphal column"}
#: The three gray buildings that own a benefit track, in the rulebook's order.
TRACKS: tuple[str, ...] = ("L", "S", "M")

# --- The Colonia -----------------------------------------------------------------------------

ROWS = 6
COLS = 6
COL_LETTERS = "ABCDEF"


def cell_index(name: str) -> int:
    """``"C2"`` -> 8 (row-major, rows 1-6 top to bottom, columns A-F)."""
    found = _CELL_INDEX.get(name)  # every action on the Colonia names a cell: looked up
    if found is None:
        found = (int(name[1]) - 1) * COLS + COL_LETTERS.index(name[0].upper())
    return found


_CELL_INDEX = {
    f"{letter}{row + 1}": row * COLS + col
    for row in range(ROWS)
    for col, letter in enumerate(COL_LETTERS)
}


def cell_name(index: int) -> str:
    """8 -> ``"C2"``."""
    return f"{COL_LETTERS[index % COLS]}{index // COLS + 1}"


TEMPLES: tuple[int, ...] = tuple(cell_index(c) for c in ("C2", "E3", "B4", "D5"))
#: Crane corners in the order A1, F1, A6, F6.
CORNERS: tuple[int, ...] = tuple(cell_index(c) for c in ("A1", "F1", "A6", "F6"))
#: The two diagonals of corners: "main" = A1 + F6, "anti" = F1 + A6.
DIAGONALS: dict[str, tuple[int, int]] = {
    "main": (cell_index("A1"), cell_index("F6")),
    "anti": (cell_index("F1"), cell_index("A6")),
}
#: The 28 building spaces (neither temple nor corner).
BUILDING_SPACES: tuple[int, ...] = tuple(
    i for i in range(ROWS * COLS) if i not in TEMPLES and i not in CORNERS
)

#: Street symbols: 0-5 are the row symbols I-VI, 6-11 the column symbols a-f.
STREET_SYMBOLS: tuple[str, ...] = (*numerals(6), "a", "b", "c", "d", "e", "f")
_ROMAN = {s: i for i, s in enumerate(STREET_SYMBOLS[:6])}

#: Side B: what each seat's rows 1..6 and columns A..F carry.
SIDE_B: dict[int, tuple[tuple[str, ...], tuple[str, ...]]] = {
    1: (("III", "I", "V", "II", "VI", "IV"), ("c", "a", "f", "b", "e", "d")),
    2: (("V", "III", "I", "VI", "IV", "II"), ("e", "c", "a", "d", "f", "b")),
    3: (("II", "VI", "IV", "I", "III", "V"), ("b", "f", "d", "a", "c", "e")),
    4: (("IV", "II", "VI", "V", "I", "III"), ("d", "b", "e", "f", "a", "c")),
}


def street_cells(symbol: int, side: str, seat: int) -> tuple[int, ...]:
    """The six Colonia cells of the street that street symbol ``symbol`` names on a board.

    ``side`` is ``"A"`` or ``"B"``; ``seat`` is 1-4 (only used on side B).
    """
    name = STREET_SYMBOLS[symbol]
    if symbol < 6:
        row = symbol if side == "A" else SIDE_B[seat][0].index(name)
        return tuple(row * COLS + c for c in range(COLS))
    col = symbol - 6 if side == "A" else SIDE_B[seat][1].index(name)
    return tuple(r * COLS + col for r in range(ROWS))


# --- Citizens --------------------------------------------------------------------------------

CLASSES: tuple[str, ...] = ("patrician", "merchant", "craftsman")
#: Citizen row r (0-based, beside grid row r+1): its class and its second-citizen bonus.
CITIZEN_ROWS: tuple[tuple[str, str], ...] = (
    ("patrician", "envoy"),  # Patrician I: place 1 envoy from the ship (area rule applies)
    ("patrician", "area_bonus"),  # Patrician II: exactly 1 area bonus
    ("merchant", "coin_or_tribune"),  # Merchant I
    ("merchant", "coin_or_assistant"),  # Merchant II
    ("craftsman", "worker"),  # Craftsman I: 1 worker of any colour
    ("craftsman", "builder"),  # Craftsman II
)
ROW_TITLES = (
    "Patrician I",
    "Patrician II",
    "Merchant I",
    "Merchant II",
    "Craftsman I",
    "Craftsman II",
)
#: What each row's ability lets its owner do while the row is active (rules, appendix "The
#: citizens' special abilities"), in player words and short, for the screen; ROW_TITLES order.
CITIZEN_ABILITIES = (
    "envoys may ignore the colour-area rule; an envoy diagonal to an eagle scores its 1 VP too",
    "2 different area bonuses instead of 1",
    "bar flipped; each upgrade may move it to the next cypress",
    "once a turn, swap 1 coin, tribune or assistant for another",
    "twice a turn, 1 assistant for 1 worker of any colour",
    "once a turn, 1 assistant for 1 builder",
)
PATRICIAN_I, PATRICIAN_II, MERCHANT_I, MERCHANT_II, CRAFTSMAN_I, CRAFTSMAN_II = range(6)
CLASS_ROWS: dict[str, tuple[int, int]] = {
    "patrician": (0, 1),
    "merchant": (2, 3),
    "craftsman": (4, 5),
}

# --- Colonia tiles ---------------------------------------------------------------------------
# A tile kind is a short code; TILE_GAINS says what using it gives. Citizens have no gains.
# Resource keys: builder, worker (a colour letter), assistant, coin, tribune, upgrade.

TILE_KINDS_PER_PLAYER: tuple[str, ...] = (
    # 0-2: female-back citizens (one per class), 3-5: ordinary citizens
    "PAT", "MER", "CRA", "PAT", "MER", "CRA",
    "BLD", "BLD", "BLD", "BLD",
    "WWB", "WWG", "WWY", "WWR",
    "WAB", "WAG", "WAY", "WAR",
    "AA", "AA", "AA",
    "CC", "CC", "CC",
    "CT", "CT", "CT",
    "TT", "TT",
    "UP", "UP", "UP",
    "UC", "UC",
)  # fmt: skip
TILES_PER_PLAYER = len(TILE_KINDS_PER_PLAYER)
assert TILES_PER_PLAYER == 34
FEMALE_CITIZENS: tuple[int, int, int] = (0, 1, 2)
CITIZEN_KINDS = {"PAT": "patrician", "MER": "merchant", "CRA": "craftsman"}

#: What a resource tile gives: (builders, {colour: workers}, assistants, coins, tribunes, upgrades)
TILE_GAINS: dict[str, tuple[int, dict[str, int], int, int, int, int]] = {
    "BLD": (1, {}, 0, 0, 0, 0),
    **{f"WW{c}": (0, {c: 2}, 0, 0, 0, 0) for c in COLOURS},
    **{f"WA{c}": (0, {c: 1}, 1, 0, 0, 0) for c in COLOURS},
    "AA": (0, {}, 2, 0, 0, 0),
    "CC": (0, {}, 0, 2, 0, 0),
    "CT": (0, {}, 0, 1, 1, 0),
    "TT": (0, {}, 0, 0, 2, 0),
    "UP": (0, {}, 0, 0, 0, 1),
    "UC": (0, {}, 0, 1, 0, 1),
}

TILE_LABELS: dict[str, str] = {
    "PAT": "Patrician (citizen)",
    "MER": "Merchant (citizen)",
    "CRA": "Craftsman (citizen)",
    "BLD": "1 builder",
    **{f"WW{c}": f"2 {COLOUR_NAMES[c]} workers ({c}{c})" for c in COLOURS},
    **{f"WA{c}": f"1 {COLOUR_NAMES[c]} worker ({c}) + 1 assistant" for c in COLOURS},
    "AA": "2 assistants",
    "CC": "2 coins",
    "CT": "1 coin + 1 tribune",
    "TT": "2 tribunes",
    "UP": "1 upgrade",
    "UC": "1 upgrade + 1 coin",
}

# --- Starting resources ----------------------------------------------------------------------

START_TRIBUNES = 1
START_BUILDERS = 1
START_ASSISTANTS = 1
START_COINS = 1
HANDICAP_EXTRA_COINS = 1  # "Spielen in gemischten Gruppen": newcomers get 1 extra coin

# --- Prestige track --------------------------------------------------------------------------

PRESTIGE_MAX = 8
CYPRESSES: tuple[int, ...] = (3, 6, 8)
TRAJAN_VALUES: tuple[int, int, int] = (3, 5, 7)
AREA_CAP = 10


def prestige_section(k: int) -> int:
    """0 for k 0-2, 1 for k 3-5, 2 for k 6-8."""
    return 0 if k < 3 else 1 if k < 6 else 2


def next_cypress(k: int) -> int:
    """The next cypress strictly right of ``k`` (8 stays 8)."""
    for c in CYPRESSES:
        if c > k:
            return c
    return PRESTIGE_MAX


def bar_reading(k: int, flipped: bool) -> int:
    """The track position whose values the slide bar at ``k`` reads: the flipped side's marks
    sit one position further along, so it reads position min(k + 1, 8) (components.md "The
    prestige track and slide bar"; the rulebook's Tom example: bar flipped at 6, 7 envoys
    score 9 and each Trajan task 7)."""
    return min(k + 1, PRESTIGE_MAX) if flipped else k


def area_bonus(k: int, flipped: bool) -> int:
    """What the slide bar adds to a largest area's envoys (0, 1 or 2)."""
    return prestige_section(bar_reading(k, flipped))


def area_points(n: int, k: int, flipped: bool) -> int:
    """Largest-area points for a group of ``n`` envoys with the slide bar at ``k``."""
    if n <= 0:
        return 0
    return min(n, AREA_CAP) + area_bonus(k, flipped)


def trajan_card_value(k: int, flipped: bool) -> int:
    """Points per fulfilled Trajan task with the slide bar at ``k``."""
    return TRAJAN_VALUES[prestige_section(bar_reading(k, flipped))]


# --- Cycles ----------------------------------------------------------------------------------

CYCLES = 3
ROUNDS_PER_CYCLE = 4
CARDS_PER_PILE = 8
COLUMN_VALUES: tuple[int, int, int] = (3, 2, 1)
CRANE_POINTS: tuple[int, int, int] = (3, 2, 1)

# --- Benefit tracks --------------------------------------------------------------------------
# Each step's benefit is a code that the rules engine resolves.
TRACK_BENEFITS: dict[str, tuple[str, str, str, str]] = {
    "L": ("worker_and_tribune", "builder", "eagle_envoy", "take_tile"),
    "S": ("two_assistants", "two_tribunes", "upgrade", "extra_build"),
    "M": ("coin", "area_bonus", "free_envoy", "take_tile"),
}
BENEFIT_LABELS: dict[str, str] = {
    "worker_and_tribune": "1 worker of any colour + 1 tribune",
    "builder": "1 builder",
    "eagle_envoy": "1 envoy on a free eagle space",
    "take_tile": "take any Colonia tile from your grid and use it now",
    "two_assistants": "2 assistants",
    "two_tribunes": "2 tribunes",
    "upgrade": "1 upgrade",
    "extra_build": "1 extra building action",
    "coin": "1 coin",
    "area_bonus": "1 area bonus (2 different with Patrician II)",
    "free_envoy": "1 envoy on any free coloured space, ignoring the colour-area rule",
}

#: Area bonuses: tribune, assistant, coin, upgrade, 2 VP.
AREA_BONUSES: tuple[str, ...] = ("T", "A", "$", "U", "V")
AREA_BONUS_LABELS = {
    "T": "1 tribune",
    "A": "1 assistant",
    "$": "1 coin",
    "U": "1 upgrade",
    "V": "2 VP",
}
AREA_BONUS_VP = 2

# --- Forum mosaic boards ---------------------------------------------------------------------
# Ten faces, each 4 rows of 4 cells, rows top to bottom; "E" is an eagle space.
MOSAIC_FACES: dict[str, tuple[str, str, str, str]] = {
    "1A": ("BBEG", "BYYG", "RYGG", "RREB"),
    "1B": ("GGYY", "EGRY", "BBRE", "BRRG"),
    "2A": ("YEBB", "YYRB", "GRRE", "GGYY"),
    "2B": ("RRGE", "BRGG", "BBEY", "YYYR"),
    "3A": ("BGGY", "BEGY", "BREY", "RRBB"),
    "3B": ("YYRR", "GEER", "GBBR", "GBYY"),
    "4A": ("GGBE", "RGBB", "REYY", "RRYG"),
    "4B": ("EYYB", "RRYB", "GRBB", "GGEY"),
    "5A": ("RBBG", "REBG", "YYEG", "YRRG"),
    "5B": ("BYER", "BYYR", "GGRR", "EGBB"),
}
EAGLE = "E"
BOARD_SIZE = 4
#: Board positions (board row, board column) per player count.
FORUM_LAYOUTS: dict[int, tuple[tuple[int, int], ...]] = {
    2: ((0, 0), (0, 1), (0, 2)),
    3: ((0, 0), (0, 1), (1, 0), (1, 1)),
    4: ((0, 1), (1, 0), (1, 1), (1, 2), (2, 1)),
}

# --- Street cards ----------------------------------------------------------------------------
CARD_COPIES = 2  # 24 cards = the 12 street symbols twice each

# --- Trajan cards ----------------------------------------------------------------------------
#: id -> (building task, collection task) in player words, translated from the German rulebook.
#: The checks of each card are rules code: its entry in
#: ``forum_trajanum.games.forum_trajanum.engine.cards.TRAJAN``.
TRAJAN_CARDS: dict[str, tuple[str, str]] = {
    "I-1": ("coloured structure horizontally between 2 gray buildings", "1 tribune + 1 coin"),
    "I-2": (
        "a building tile directly above and directly below a temple",
        "2 active citizens of different classes + 1 envoy on the ship",
    ),
    "I-3": ("2 different gray buildings directly one above the other", "2 assistants + 1 coin"),
    "I-4": (
        "a crane (scored or not) with building tiles on both its neighbouring spaces",
        "1 builder + 1 worker + 1 assistant",
    ),
    "II-1": ("a 2x2 square of building tiles", "1 assistant + 2 coins"),
    "II-2": (
        "gray building vertically between 2 coloured structures",
        "1 tribune + 1 builder + 1 assistant",
    ),
    "II-3": (
        "coloured structures of all 4 colours",
        "1 worker + 2 triumphal columns in the Colonia",
    ),
    "II-4": (
        "coloured structure vertically between 2 gray buildings",
        "2 scored cranes + 2 active citizens of different classes",
    ),
    "III-1": (
        "2 gray buildings vertically between 2 coloured structures",
        "1 active citizen of each class",
    ),
    "III-2": (
        "3 structures of different colours directly one above another",
        "1 triumphal column in the Colonia + 1 tribune + 1 builder",
    ),
    "III-3": (
        "coloured structures on all 4 diagonal neighbours of a temple",
        "2 scored cranes + 2 workers of different colours",
    ),
    "III-4": (
        "3 different gray buildings directly one above another",
        "own forum marker beside Trajan's Column + 1 assistant + 1 coin",
    ),
}


def trajan_card_cycle(card_id: str) -> int:
    """The cycle (1-3) a Trajan card belongs to, read from its id: ``"II-3"`` -> 2."""
    return numerals(CYCLES).index(card_id.split("-")[0]) + 1


#: The Trajan card ids of each cycle, in the order of ``TRAJAN_CARDS`` (a new card's row above
#: is enough to put it into its cycle's draw).
TRAJAN_CARDS_BY_CYCLE: tuple[tuple[str, ...], ...] = tuple(
    tuple(card for card in TRAJAN_CARDS if trajan_card_cycle(card) == cycle)
    for cycle in range(1, CYCLES + 1)
)

# --- Rulings ---------------------------------------------------------------------------------
#: Decisions this project made where the rulebooks and components.md leave a gap or read two
#: ways. Each is applied by the rules engine exactly as written here and ends with the rulebook
#: lines it reads, in brackets ("EN l.N": ``shared/rules/forum-trajanum-rules-en.txt``, the
#: English rules of the licensed online version; "DE l.N": the German rulebook); the help
#: screen's rulings list shows them as they are (a test checks both).
RULINGS: tuple[str, ...] = (
    "Start player: the start player passes to the right once between rounds: 11 passes in a "
    "game (the pass the rulebook names again at the start of a new cycle is this same pass, not "
    "an extra one). (EN l.415-416, l.561-562)",
    "Draft order: players draft one at a time, from the start player clockwise, but nobody sees "
    "what another player drafted (which spaces, whether a tribune was paid, which tile was kept "
    "or passed) until the last player has passed, as when everybody drafts at once at the table. "
    "The tile you receive is shown to you then too. (EN l.150-152, l.156-162)",
    "You may take no tile for a street card only when that card's street in your Colonia has "
    "no tile left; even then you may instead pay a tribune and take a tile from anywhere. "
    "(EN l.234-248)",
    "A citizen tile whose class has no free citizen space cannot be used; like any unused tile "
    "it goes to your ship (your own tile) or to the reserve (another player's tile). "
    "(EN l.228-233)",
    "A tile you take with the last step of the library or market track goes to your ship after "
    "use like any of your own tiles (or into a citizen row); taking a corner tile this way "
    "uncovers its crane. (EN l.253-254, l.350, l.364)",
    "A tile you use goes to your ship at once if it is your own; the tile you leave unused in "
    "your turn goes to your ship (your own) or the reserve (another player's) when you finish "
    "using tiles, before you build. (EN l.228-233)",
    "Placing an envoy after building a coloured structure is optional (the rulebook says "
    "'may'); so are the envoy of a second citizen in the Patrician I row and the envoys of the "
    "third step of the library and market tracks. (EN l.349, l.362, l.376, l.639)",
    "The Trajan task 'a crane with building tiles on both its neighbouring spaces' needs an "
    "uncovered crane, coloured or scored side up; a corner whose Colonia tile still lies on it "
    "shows no crane. (DE l.733)",
    "A Trajan building task counts as many times as you can find its pattern without using any "
    "building tile twice. A double building tile is one building tile, as the German rulebook "
    "has it (48 double building tiles; each building tile part of one combination per "
    "scoring); the English online rules, whose double buildings are two single tiles, would "
    "count its halves apart. (DE l.88, l.789-791; EN l.94)",
    "Card II-1's square of 4 building tiles is a 2x2 square of spaces with buildings: two double "
    "tiles side by side make one. (DE l.741)",
    "Conversions (2 workers of one colour into 1 builder, 1 assistant to change a worker's "
    "colour, and the Craftsman I, Craftsman II and Merchant II abilities) are made in the "
    "building step of your own turn, before or after building. A gray building needs exactly "
    "1 builder, a coloured structure exactly 1 worker of its colour. (EN l.186-191, l.279-287, "
    "l.508-513, l.621-633)",
    "Citizens are paid per row: 1 coin for a row with 1 or 2 citizens. A row you do not pay "
    "turns inactive; paying for an inactive row makes it active again. (EN l.428-433, "
    "l.647-651)",
    "Mixed groups (newcomer handicap): after setup a newcomer gets 1 extra coin and may take "
    "the citizen from one face-up corner tile, placing it in a row of its class (that corner's "
    "crane is uncovered), or take none and keep only the coin. (DE l.853)",
    "The newcomer's second citizen may go into the row of the citizen drawn at setup, as that "
    "row's second citizen, and then gives that row's second-citizen bonus. (DE l.853; "
    "EN l.636-646)",
    "Merchant I: while it is active, an upgrade moves your slide bar straight to the next "
    "cypress (as the German rulebook words it; the English 'may' offers no better choice). "
    "(DE l.577; EN l.619-620)",
    "Patrician II: completing an area (or the second market step) always gives two different "
    "area bonuses, never one; the second-citizen bonus of the Patrician II row gives one. "
    "(EN l.613-614, l.640)",
    "A double tile of two coloured structures whose two envoys complete two areas gives an area "
    "bonus for each. (EN l.391-392; DE l.521)",
    "A gray and coloured double tile gives its two benefits in the order you choose. "
    "(EN l.302-303, l.333)",
    "The Patrician I row's second-citizen envoy goes on a free space of any colour but keeps "
    "the colour-area rule (a started area of that colour first), unless Patrician I is active; "
    "never on an eagle. (EN l.384-388, l.639)",
    "Eagles: each of your envoys scores for eagles at most once per scoring: 2 VP on an eagle, "
    "else 1 VP if next to one or more eagles (diagonally too with Patrician I active). "
    "(EN l.405-411, l.473-480)",
    "Cranes uncovered in a cycle are scored first in its scoring phase and so count as scored "
    "cranes for the Trajan cards II-4 and III-3 of that same scoring. (EN l.435-438; DE l.761, "
    "l.781)",
    "The slide bar: positions 0 to 8, cypresses at 3, 6 and 8; the largest area scores its "
    "envoys (at most 10) plus 0, 1 or 2 with the bar at 0-2, 3-5 or 6-8, and each Trajan task "
    "3, 5 or 7 VP; a bar flipped by Merchant I reads one position further along, as the "
    "rulebook's scoring example shows. (EN l.482-490, l.548, l.555, l.617-620)",
    "The Forum's boards lie in one fixed arrangement per player count (2 players: three in a "
    "row; 3: a square of four; 4: a cross of five), each one of the arrangements the German "
    "rulebook shows. (DE l.119-123; EN l.64)",
    "Tie-break: with the same score, most active citizens wins, then most resources left "
    "(builders, workers, assistants, coins and tribunes together); players still level share "
    "the victory. (EN l.564-566)",
    "Random Forum boards (an option of the licensed online version): setup draws the boards and "
    "their sides as for the printed Forum, then lays each face's 16 spaces out in a random "
    "order. A generated face so has exactly the colours and eagles of a printed face (2 eagles "
    "and 14 coloured spaces, 3 to 5 of each colour), and the whole Forum those of a printed "
    "Forum that setup could have drawn. (EN l.91-92)",
)
