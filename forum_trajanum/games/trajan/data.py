"""Trajan (Stefan Feld, Ammonit 2011): every component fact and every ruling, in one place.

The reference is ``shared/design/trajan-components.md`` (cited as "components §n"), read with
the two rulebooks ``trajan-rules-en.txt`` (EN) and ``trajan-rules-pl.txt`` (PL). Every table
carries its flag (:data:`FLAGS`, one entry per public constant): *verified-by-text* (stated in
words, line cited), *two sources* (two independent public transcriptions of the printed
components agree) or *one source*. Nothing outside this module hard-codes one of these values.

The component data (tiles, map, tracks) come from public transcriptions and have not been
checked against a printed copy of the game (:data:`DATA_NOTICE`, shown on the help screen).

Indices used throughout the engine:

- colours 0-5: :data:`COLOURS` (blue, yellow, light green, orange, pink, white);
- trays and actions 0-5, clockwise: :data:`ACTIONS` (Seaport, Forum, Military, Senate, Trajan,
  Construction); the Trajan-tile slot beside tray ``t`` is slot ``t`` (I-VI);
- commodities 0-11: :data:`COMMODITIES`;
- Trajan tiles 0-53 (:data:`TRAJAN_TILES`), forum-type tiles 0-81 (:data:`FORUM_TILES`: the
  70 forum tiles, then the 12 extra action tiles), construction tiles 0-19, provinces 0-9,
  construction sites 0-19 (row-major, 4 rows x 5 columns), bonus tiles 0-11.
"""

from __future__ import annotations

from typing import NamedTuple

from forum_trajanum.core.numerals import numerals

VERIFIED, TWO_SOURCES, ONE_SOURCE = "verified-by-text", "two sources", "one source"

DATA_NOTICE = (
    "The component data (tiles, map, tracks) come from public transcriptions and have not "
    "been checked against a printed copy of the game."
)

# ── colours, trays, commodities ──────────────────────────────────────────────────────────

#: The six marker colours (EN l.89): 2 markers of each per player.
COLOURS: tuple[str, ...] = ("blue", "yellow", "light green", "orange", "pink", "white")
#: One-letter codes of the colours, as the action texts write them.
COLOUR_CODES = "BYGOPW"
NUM_COLOURS = len(COLOURS)
MARKERS_PER_COLOUR = 2  # EN l.89
MARKERS_PER_TRAY_AT_SETUP = 2  # EN l.107

SEAPORT, FORUM, MILITARY, SENATE, TRAJAN, CONSTRUCTION = range(6)
#: The six actions, one per tray, in clockwise order (components §2.2, two sources; consistent
#: with EN l.195 "Trajan tray, 2 markers -> target Seaport").
ACTIONS: tuple[str, ...] = ("Seaport", "Forum", "Military", "Senate", "Trajan", "Construction")
#: One tray per action (EN l.241), a Trajan-tile slot beside each tray (components §2.2), and
#: an extra action space per action (EN l.668).
NUM_ACTIONS = len(ACTIONS)
NUM_TRAYS = NUM_ACTIONS
SLOT_NAMES: tuple[str, ...] = numerals(6)
#: Where the Arch of Trajan starts (EN l.105) and the slots the starting tiles go on (l.129).
ARCH_START = 0
START_SLOTS: tuple[int, ...] = (1, 3, 5)
#: The arch's place in the centre of the circle (all six slots full, EN l.331).
ARCH_CENTRE = NUM_TRAYS

#: 12 commodities x 5 cards (EN l.45); the names are display text only (one source, H).
COMMODITIES: tuple[str, ...] = (
    "Columns", "Furs", "Scrolls", "Oils", "Fruit", "Ceramics",
    "Wine", "Fish", "Jewellery", "Gems", "Cattle", "Wheat",
)  # fmt: skip
CARDS_PER_COMMODITY = 5
START_HAND = 3  # EN l.127
DISCARD_PILES = 2  # EN l.125
#: The Seaport's options (EN l.249-256): draw 2 cards, then discard 1 (l.251); play 1 or 2
#: cards into the display and draw as many (l.253-255, R34).
SEAPORT_DRAW = 2
DISPLAY_CARDS: tuple[int, ...] = (1, 2)

# ── the time track (components §2.1) ──────────────────────────────────────────────────────

#: Spaces in one cycle of the time marker, by player count (one source, H; S's playable code
#: agrees for 4 players).
TIME_CYCLE: dict[int, int] = {2: 11, 3: 16, 4: 21}
ROUNDS_PER_QUARTER = 4  # EN l.163
QUARTERS = 4  # EN l.163
PLAYER_COUNTS = (2, 3, 4)  # EN l.97 (components §3)

# ── Trajan tiles (components §2.3, two sources) ──────────────────────────────────────────

#: The six stacks, in the board's order, and what their tiles do.
STACKS: tuple[str, ...] = ("cards", "points", "plus2", "military", "workers", "demand")
STACK_NAMES: tuple[str, ...] = (
    "Commodity cards", "Victory points", "[+2] marker", "Legionnaires", "Workers", "Demands",
)  # fmt: skip


class TrajanTile(NamedTuple):
    stack: int  # index into STACKS
    effect: str  # "cards" draw 2, "points" none, "plus2", "legion", "worker", "demand"
    amount: int  # cards drawn, tokens deployed, or the demand (0 bread, 1 games, 2 religion)
    vp: int
    colours: tuple[int, int]  # the two marker colours it needs (R3: a pair needs two)


def _tiles(stack: int, effect: str, amount: int, vp: int, pairs: str) -> list[TrajanTile]:
    return [
        TrajanTile(stack, effect, amount, vp, (COLOUR_CODES.index(p[0]), COLOUR_CODES.index(p[2])))
        for p in pairs.split()
    ]


#: The 54 Trajan tiles (EN l.51 for the count; l.652 the 9-VP tile; l.231-233 a 1-worker tile
#: worth 5 VP). The [+2] stack really holds W-P twice (both sources).
TRAJAN_TILES: tuple[TrajanTile, ...] = tuple(
    _tiles(0, "cards", 2, 3, "O-O B-B Y-G Y-Y P-W G-P W-B O-Y B-O")
    + _tiles(1, "points", 0, 9, "O-O B-B Y-Y G-G O-W P-P W-W Y-W B-W")
    + _tiles(2, "plus2", 1, 4, "G-W Y-P W-P O-P P-P G-P W-W B-P W-P")
    + _tiles(3, "legion", 1, 5, "Y-B B-B P-B W-B G-B")
    + _tiles(3, "legion", 2, 2, "W-Y G-Y P-Y O-B")
    + _tiles(4, "worker", 1, 5, "Y-O P-O W-O G-O B-G")
    + _tiles(4, "worker", 2, 2, "Y-Y B-Y O-Y O-O")
    + _tiles(5, "demand", 0, 1, "P-P G-G O-G")
    + _tiles(5, "demand", 1, 1, "G-G Y-G P-G")
    + _tiles(5, "demand", 2, 1, "W-G W-W B-O")
)
assert len(TRAJAN_TILES) == 54

# ── demands ──────────────────────────────────────────────────────────────────────────────

BREAD, GAMES, RELIGION = range(3)
DEMANDS: tuple[str, ...] = ("bread", "games", "religion")
#: 15 demand tiles, 5 of each (split: one source, H); 3 are removed unseen at setup (EN l.93).
DEMAND_TILES: tuple[int, ...] = (BREAD,) * 5 + (GAMES,) * 5 + (RELIGION,) * 5
DEMANDS_REMOVED_AT_SETUP = 3
#: Demand tiles revealed per quarter, one after each of its first 3 rounds (EN l.401-405,
#: l.411); the quarter ends instead of revealing a 4th.
DEMANDS_PER_QUARTER = 3
assert DEMANDS_PER_QUARTER == ROUNDS_PER_QUARTER - 1
#: VP lost for 0, 1, 2 or 3 unmet demands (EN l.423-425).
DEMAND_PENALTY: tuple[int, ...] = (0, 4, 9, 15)
assert len(DEMAND_PENALTY) == DEMANDS_PER_QUARTER + 1

# ── forum tiles and extra action tiles (components §2.4, §2.5) ───────────────────────────


class ForumTile(NamedTuple):
    kind: str  # "senate", "demand", "wild_commodity", "wild_demand", "wild_construction",
    #            "wild_extra", "extra"
    value: int  # votes (senate), demand (demand), action (extra); 0 otherwise
    forum_back: bool  # True: in the forum pile; False: in the extra action pile


def _forum_tiles() -> tuple[ForumTile, ...]:
    tiles = [ForumTile("senate", votes, True) for votes in (2, 3, 4, 5) for _ in range(3)]
    tiles += [ForumTile("demand", d, True) for d in range(3) for _ in range(14)]
    tiles += [ForumTile("wild_commodity", 0, True)] * 3
    tiles += [ForumTile("wild_demand", 0, True)] * 3
    tiles += [ForumTile("wild_construction", 0, True)] * 2
    tiles += [ForumTile("wild_extra", 0, True)] * 2
    # the doubtful six (components §2.4): extra action tiles with a forum back, one per action
    tiles += [ForumTile("extra", action, True) for action in range(6)]
    # the extra action pile: 2 per action (one source, H; the total 12 is EN l.59)
    tiles += [ForumTile("extra", action, False) for action in range(6) for _ in range(2)]
    return tuple(tiles)


#: Forum tiles 0-69 (EN l.55, l.598; the split is H's alone, one source) and extra action
#: tiles 70-81 (their own back, EN l.91).
FORUM_TILES: tuple[ForumTile, ...] = _forum_tiles()
FORUM_PILE: tuple[int, ...] = tuple(i for i, t in enumerate(FORUM_TILES) if t.forum_back)
EXTRA_PILE: tuple[int, ...] = tuple(i for i, t in enumerate(FORUM_TILES) if not t.forum_back)
assert len(FORUM_PILE) == 70 and len(EXTRA_PILE) == 12
#: Forum spaces besides the 3 yellow ones, by player count (EN l.97, l.337).
FORUM_SPACES: dict[int, int] = {2: 6, 3: 9, 4: 12}
YELLOW_SPACES = 3  # EN l.99

# ── construction (components §2.6, two sources) ──────────────────────────────────────────

BUILDING_TYPES: tuple[str, ...] = ("Steps", "Door", "Fountain", "Roof", "Window")
#: The action the first tile of each type gives (EN l.373, l.387); no type gives Construction.
BUILDING_BONUS: tuple[int, ...] = (FORUM, SENATE, SEAPORT, TRAJAN, MILITARY)
#: The VP of the four tiles of each type (components §2.6; a 4-VP window EN l.393).
BUILDING_VP: tuple[int, ...] = (2, 3, 4, 5)
#: The 20 construction tiles: (type, VP).
CONSTRUCTION_TILES: tuple[tuple[int, int], ...] = tuple(
    (kind, vp) for kind in range(5) for vp in BUILDING_VP
)
DISTRICT_ROWS, DISTRICT_COLUMNS = 4, 5  # EN l.101 (20 sites); the grid: two sources


def _site_neighbours() -> tuple[tuple[int, ...], ...]:
    out = []
    for site in range(DISTRICT_ROWS * DISTRICT_COLUMNS):
        row, col = divmod(site, DISTRICT_COLUMNS)
        near = []
        for dr, dc in ((-1, 0), (1, 0), (0, -1), (0, 1)):  # never diagonal (EN l.370)
            r, c = row + dr, col + dc
            if 0 <= r < DISTRICT_ROWS and 0 <= c < DISTRICT_COLUMNS:
                near.append(r * DISTRICT_COLUMNS + c)
        out.append(tuple(sorted(near)))
    return tuple(out)


SITE_NEIGHBOURS: tuple[tuple[int, ...], ...] = _site_neighbours()
#: Construction sets at the end (R10): 3 of a type 10 VP, 4 of a type 20 VP.
SET_POINTS: dict[int, int] = {3: 10, 4: 20}

# ── provinces (components §2.7: names and VP two sources; adjacency H + S's map) ─────────

PROVINCES: tuple[str, ...] = (
    "Alpes", "Raetia", "Noricum", "Narbonensis", "Lugudunensis", "Belgica",
    "Germania Superior", "Aquitania", "Germania Inferior", "Britannia",
)  # fmt: skip
PROVINCE_VP: tuple[int, ...] = (3, 3, 5, 6, 6, 6, 6, 10, 10, 10)
_EDGES = (
    "Alpes-Narbonensis Alpes-Lugudunensis Alpes-Belgica Alpes-Raetia Raetia-Belgica "
    "Raetia-Germania_Superior Raetia-Noricum Narbonensis-Lugudunensis Narbonensis-Aquitania "
    "Lugudunensis-Aquitania Lugudunensis-Belgica Lugudunensis-Britannia "
    "Belgica-Germania_Superior Belgica-Germania_Inferior Belgica-Britannia "
    "Germania_Superior-Germania_Inferior Britannia-Germania_Inferior"
)


def _adjacency() -> tuple[tuple[int, ...], ...]:
    near: list[set[int]] = [set() for _ in PROVINCES]
    for edge in _EDGES.split():
        a, b = (PROVINCES.index(name.replace("_", " ")) for name in edge.split("-"))
        near[a].add(b)
        near[b].add(a)
    return tuple(tuple(sorted(n)) for n in near)


#: Province adjacency (17 edges, symmetric; Britannia-Germania Inferior is a sea link).
ADJACENT: tuple[tuple[int, ...], ...] = _adjacency()
#: The military camp (not a province): its one-way exits (EN l.319: three of them; R6).
CAMP = -1
CAMP_EXITS: tuple[int, ...] = (0, 1, 2)  # Alpes, Raetia, Noricum
#: VP lost per other player's legionnaire in a province (EN l.322; never below 0, l.349).
LEGION_CROWDING = 3
TOKENS = 15  # per player (EN l.15)
#: EN l.105: 1 legionnaire and 1 worker start in the camps, the other 13 in the supply.
LEGIONS_AT_START = 1
WORKERS_AT_START = 1
SUPPLY_AT_START = 13
assert SUPPLY_AT_START == TOKENS - LEGIONS_AT_START - WORKERS_AT_START

# ── senate (components §2.8, two sources; EN l.357-361, l.379) ───────────────────────────

#: VP for entering each space = the votes while there; space 0 is the start space.
SENATE_VP: tuple[int, ...] = (0, 2, 3, 4, 5, 6, 7, 8)
SENATE_TOP = len(SENATE_VP) - 1

# ── ships (components §2.9; PL l.238-286 gives all three, EN l.262-300 two) ──────────────

SHIPS: tuple[str, ...] = ("identical", "pairs", "different")
IDENTICAL, PAIRS, DIFFERENT = range(3)
#: The pairs ship counts pairs: two cards of one commodity, each pair of another (PL l.250-253).
PAIR_CARDS = 2
#: VP by load size (cards for identical and different, pairs for the pairs ship), front
#: (coloured) and back (grey).
SHIP_FRONT: tuple[tuple[int, ...], ...] = ((2, 6, 12, 20), (5, 10, 15), (2, 4, 6, 8))
SHIP_BACK: tuple[tuple[int, ...], ...] = ((0, 1, 7, 15), (1, 6, 11), (0, 1, 3, 5))

# ── bonus tiles (components §2.10; values EN l.544-594; the set of 12: two sources) ──────


class BonusTile(NamedTuple):
    kind: str  # "demand", "construction", "military", "bonus", "commodities"
    value: int  # the demand, or the first commodity of the pair (the pair is value, value+1)


BONUS_TILES: tuple[BonusTile, ...] = (
    BonusTile("demand", BREAD),
    BonusTile("demand", GAMES),
    BonusTile("demand", RELIGION),
    BonusTile("construction", 0),
    BonusTile("military", 0),
    BonusTile("bonus", 0),
    *(BonusTile("commodities", 2 * i) for i in range(6)),
)
#: Yellow / grey points: demand tile owned (EN l.550-554); per own yellow bonus tile (R9,
#: l.590-594); per legionnaire in a province (l.580-584); per display card of the pair
#: (l.570-574).
BONUS_DEMAND = (9, 6)
BONUS_PER_BONUS = (3, 2)
BONUS_PER_LEGIONNAIRE = (2, 1)
BONUS_PER_CARD = (3, 2)
#: Yellow / grey: (VP, per so many workers on sites), the total rounded up: 1 VP per worker,
#: grey 1/2 VP per worker rounded up (EN l.560-564).
BONUS_PER_WORKER: tuple[tuple[int, int], ...] = ((1, 1), (1, 2))
#: Bonus tiles beside the senate track (EN l.123, l.486).
SENATE_BONUS_SPACES = 2

# ── final scoring (EN l.524-538) ─────────────────────────────────────────────────────────

#: 1 VP per card in hand, per worker and legionnaire in the camps, per Trajan tile on the
#: action circle (EN l.526-529; R17).
LEFTOVER_VP = 1

# ── the flags of every fact (components §0) ──────────────────────────────────────────────

#: The flag and source of every public constant above, by name (a test checks that none is
#: missing). Names of indices (SEAPORT, BREAD, IDENTICAL, ...) and counts taken from a table
#: (NUM_COLOURS, ...) share the flag of that table.
FLAGS: dict[str, tuple[str, str]] = {
    # colours, trays, commodities
    "COLOURS": (VERIFIED, "EN l.89"),
    "COLOUR_CODES": (VERIFIED, "initials of the colour names, EN l.89"),
    "NUM_COLOURS": (VERIFIED, "EN l.89"),
    "MARKERS_PER_COLOUR": (VERIFIED, "EN l.89"),
    "MARKERS_PER_TRAY_AT_SETUP": (VERIFIED, "EN l.107"),
    "ACTIONS": (TWO_SOURCES, "clockwise order: components §2.2; consistent with EN l.195"),
    "SEAPORT": (TWO_SOURCES, "index into ACTIONS, components §2.2"),
    "FORUM": (TWO_SOURCES, "index into ACTIONS, components §2.2"),
    "MILITARY": (TWO_SOURCES, "index into ACTIONS, components §2.2"),
    "SENATE": (TWO_SOURCES, "index into ACTIONS, components §2.2"),
    "TRAJAN": (TWO_SOURCES, "index into ACTIONS, components §2.2"),
    "CONSTRUCTION": (TWO_SOURCES, "index into ACTIONS, components §2.2"),
    "NUM_ACTIONS": (VERIFIED, "EN l.9, l.241, l.668"),
    "NUM_TRAYS": (VERIFIED, "one tray per action, EN l.241"),
    "SLOT_NAMES": (VERIFIED, "EN l.105, l.129, l.353"),
    "ARCH_START": (VERIFIED, "EN l.105"),
    "START_SLOTS": (VERIFIED, "EN l.129"),
    "ARCH_CENTRE": (VERIFIED, "EN l.331"),
    "COMMODITIES": (ONE_SOURCE, "names: H, display text only; 12 x 5 cards EN l.45"),
    "CARDS_PER_COMMODITY": (VERIFIED, "EN l.45"),
    "START_HAND": (VERIFIED, "EN l.127"),
    "DISCARD_PILES": (VERIFIED, "EN l.125"),
    "SEAPORT_DRAW": (VERIFIED, "EN l.251"),
    "DISPLAY_CARDS": (VERIFIED, "EN l.253-255"),
    # the time track
    "TIME_CYCLE": (ONE_SOURCE, "H; S's playable code agrees for 4 players"),
    "ROUNDS_PER_QUARTER": (VERIFIED, "EN l.163"),
    "QUARTERS": (VERIFIED, "EN l.163, l.494-496"),
    "PLAYER_COUNTS": (VERIFIED, "EN l.97"),
    # Trajan tiles
    "STACKS": (TWO_SOURCES, "components §2.3; the categories EN l.642-680"),
    "STACK_NAMES": (TWO_SOURCES, "components §2.3; display text"),
    "TRAJAN_TILES": (TWO_SOURCES, "components §2.3; count EN l.51"),
    # demands
    "BREAD": (VERIFIED, "EN l.550, l.680"),
    "GAMES": (VERIFIED, "EN l.550, l.680"),
    "RELIGION": (VERIFIED, "EN l.550, l.680"),
    "DEMANDS": (VERIFIED, "EN l.550, l.680"),
    "DEMAND_TILES": (ONE_SOURCE, "split: H; count EN l.67"),
    "DEMANDS_REMOVED_AT_SETUP": (VERIFIED, "EN l.93"),
    "DEMANDS_PER_QUARTER": (VERIFIED, "EN l.401-405, l.411"),
    "DEMAND_PENALTY": (VERIFIED, "EN l.423-425"),
    # forum tiles and extra action tiles
    "FORUM_TILES": (ONE_SOURCE, "split: H; the six forum-back extra action tiles doubtful"),
    "FORUM_PILE": (ONE_SOURCE, "split: H; count 70 EN l.55, l.598"),
    "EXTRA_PILE": (ONE_SOURCE, "2 per action: H; the total 12 EN l.59"),
    "FORUM_SPACES": (VERIFIED, "EN l.97, l.337"),
    "YELLOW_SPACES": (VERIFIED, "EN l.99, l.337"),
    # construction
    "BUILDING_TYPES": (TWO_SOURCES, "components §2.6"),
    "BUILDING_BONUS": (TWO_SOURCES, "components §2.6; a door gives the Senate, EN l.387"),
    "BUILDING_VP": (TWO_SOURCES, "components §2.6; a 4-VP window EN l.393"),
    "CONSTRUCTION_TILES": (TWO_SOURCES, "components §2.6; count EN l.101"),
    "DISTRICT_ROWS": (TWO_SOURCES, "4x5 grid, components §2.6; 20 sites EN l.101"),
    "DISTRICT_COLUMNS": (TWO_SOURCES, "4x5 grid, components §2.6; 20 sites EN l.101"),
    "SITE_NEIGHBOURS": (TWO_SOURCES, "4x5 grid; no diagonals EN l.370"),
    "SET_POINTS": (VERIFIED, "EN l.530-534, with R10"),
    # provinces and tokens
    "PROVINCES": (TWO_SOURCES, "components §2.7"),
    "PROVINCE_VP": (TWO_SOURCES, "components §2.7"),
    "ADJACENT": (TWO_SOURCES, "H; S 19 of 20 edges; Britannia's 3 links EN l.319"),
    "CAMP": (VERIFIED, "the military camp, not a province, EN l.105, l.319"),
    "CAMP_EXITS": (TWO_SOURCES, "components §2.7; degree 3 EN l.319"),
    "LEGION_CROWDING": (VERIFIED, "EN l.322, l.349"),
    "TOKENS": (VERIFIED, "EN l.15"),
    "LEGIONS_AT_START": (VERIFIED, "EN l.105"),
    "WORKERS_AT_START": (VERIFIED, "EN l.105"),
    "SUPPLY_AT_START": (VERIFIED, "EN l.105"),
    # senate
    "SENATE_VP": (TWO_SOURCES, "4 to 5 gains 5 EN l.379; top worth 8 EN l.361"),
    "SENATE_TOP": (VERIFIED, "the 8-VP space, EN l.361"),
    # ships
    "SHIPS": (VERIFIED, "PL l.238-286; EN l.262-300"),
    "IDENTICAL": (VERIFIED, "index into SHIPS, PL l.238-286"),
    "PAIRS": (VERIFIED, "index into SHIPS, PL l.238-286"),
    "DIFFERENT": (VERIFIED, "index into SHIPS, PL l.238-286"),
    "PAIR_CARDS": (VERIFIED, "PL l.250-253"),
    "SHIP_FRONT": (VERIFIED, "PL l.238-286; EN l.262-280"),
    "SHIP_BACK": (VERIFIED, "PL l.238-286; EN l.282-300"),
    # bonus tiles
    "BONUS_TILES": (TWO_SOURCES, "the set of 12; values EN l.544-594"),
    "BONUS_DEMAND": (VERIFIED, "EN l.550-554"),
    "BONUS_PER_BONUS": (VERIFIED, "EN l.590-594, with R9"),
    "BONUS_PER_LEGIONNAIRE": (VERIFIED, "EN l.580-584"),
    "BONUS_PER_CARD": (VERIFIED, "EN l.570-574"),
    "BONUS_PER_WORKER": (VERIFIED, "EN l.560-564"),
    "SENATE_BONUS_SPACES": (VERIFIED, "EN l.123, l.486"),
    # final scoring
    "LEFTOVER_VP": (VERIFIED, "EN l.526-529, with R17"),
}

# ── rulings (components §5, and this project's own where the reference is silent) ────────


class Ruling(NamedTuple):
    """A ruling: its code, its words (shown in the help's rulings as they are here) and the
    rulebook lines it reads ("EN l.N": ``shared/rules/trajan-rules-en.txt``; "PL l.N": the
    Polish rulebook)."""

    code: str
    text: str
    source: str


R1 = Ruling("R1", "Sowing 6 or more markers goes round the whole circle, the emptied source "
            "tray included: the last marker goes to the tray n places clockwise from the "
            "source (n markers, counting round the six trays as often as needed), and that "
            "tray is the target.",
            "EN l.187-193")  # fmt: skip
R2 = Ruling("R2", "A matching Trajan tile is accomplished automatically, with its VP; only its "
            "special action is optional.",
            "EN l.170, l.217-223")  # fmt: skip
R3 = Ruling(
    "R3", "A tile showing two markers of one colour needs two markers of that colour.", "EN l.219"
)
R4 = Ruling("R4", "An empty face-down pile is rebuilt from both discard piles except their top "
            "cards, shuffled; with no card left nothing is drawn.",
            "EN l.125, l.251")  # fmt: skip
R5 = Ruling("R5", "No hand limit.", "EN l.251-255")
R6 = Ruling("R6", "A leader never moves back into the military camp.", "EN l.319, l.343")
R7 = Ruling(
    "R7", "A worker may not go to a site that holds a worker of the same player.", "EN l.370"
)
R8 = Ruling("R8", "At most one [+2] marker per action per player; with all six placed a [+2] "
            "Trajan tile still scores its 4 VP but no marker is taken.",
            "EN l.634, l.668-670")  # fmt: skip
R9 = Ruling("R9", "The yellow 'bonus' bonus tile counts itself while it is yellow.", "EN l.588-590")
R10 = Ruling("R10", "Construction sets score per type by count: 3 -> 10 VP, 4 -> 20 VP (not "
             "cumulative); construction wild cards are placed to score most.",
            "EN l.530-534, l.626")  # fmt: skip
R11 = Ruling(
    "R11", "An empty discard pile is refilled at once from the face-down pile.", "EN l.127"
)
R12 = Ruling(
    "R12",
    "A quarter's 3 revealed demand tiles leave the game after its scoring.",
    "EN l.405, l.480",
)
R13 = Ruling("R13", "The final tie-break reads the senate stack after the last reset (consul "
             "on top).",
            "EN l.474, l.542")  # fmt: skip
R14 = Ruling("R14", "At the demands each player meets as many as possible; Trajan demand tiles "
             "first; the player is asked only when more than one set of spent forum tiles "
             "remains possible.",
            "EN l.411-417, l.452")  # fmt: skip
R15 = Ruling("R15", "The arch moves to a freed slot only from the centre.", "EN l.329-333")
R16 = Ruling("R16", "A first construction tile's bonus action may be followed by an extra "
             "action tile; still one extra action tile per turn.",
            "EN l.638-640")  # fmt: skip
R17 = Ruling("R17", "Final scoring: 1 VP per Trajan tile still on a slot I-VI; kept demand "
             "tiles do not count.",
            "EN l.526-529")  # fmt: skip
R18 = Ruling("R18", "The pairs ship (PL) is in the game: 3 ships.", "PL l.238-286")
R19 = Ruling("R19", "At most one round ends per turn; the time marker moves on one space "
             "per marker, past its start space and round the track as often as "
             "needed.",
            "EN l.205, l.399-403")  # fmt: skip
R20 = Ruling("R20", "After the 4th quarter's demands and senate, final scoring follows; "
             "nothing is refilled.",
            "EN l.496, l.524")  # fmt: skip
R21 = Ruling("R21", "Empty piles leave spaces empty (provinces refilled first); an action "
             "with nothing to take cannot be chosen.",
            "EN l.329, l.487-490")  # fmt: skip
R22 = Ruling("R22", "A Trajan tile's token action deploys what the supply still holds; the "
             "token options of Military and Construction need a token in the supply.",
            "EN l.318, l.369, l.656-664")  # fmt: skip
R23 = Ruling("R23", "The commodity wild card counts as a card of any commodity only when "
             "shipping and is then removed; unused, it counts as one display card for the "
             "owner's best commodity bonus tile.",
            "EN l.616-618")  # fmt: skip
R24 = Ruling("R24", "The demand wild card only meets demands; the construction wild card "
             "counts only for final sets.",
            "EN l.622, l.626")  # fmt: skip
R25 = Ruling("R25", "The vice consul is always the second-ranked player, even with 0 votes; "
             "ranks and the reset stack use the consul tie-break.",
            "EN l.470-472")  # fmt: skip
R26 = Ruling("R26", "The first-tile bonus action is optional, resolved at once, and lost if "
             "it cannot be performed.",
            "EN l.373")  # fmt: skip
R27 = Ruling("R27", "An extra action tile repeats an action performed this turn, right after "
             "it, with a free choice of option; a [+2] marker gives a second repeat, also "
             "with the wild card.",
            "EN l.630, l.634")  # fmt: skip
R28 = Ruling("R28", "A new legionnaire scores the province's VP less 3 per other players' "
             "legionnaire there (not leaders), never below 0; a leader entering a province "
             "without a tile takes nothing.",
            "EN l.322, l.349")  # fmt: skip
R29 = Ruling("R29", "Seaport with too few cards: draw what can be drawn; option 1 still "
             "discards a card.",
            "EN l.251")  # fmt: skip
R30 = Ruling(
    "R30", "Both discard piles are wholly visible; only a top card can be taken.", "EN l.125, l.251"
)
R31 = Ruling("R31", "The Forum action may take any tile in the forum, an extra action tile "
             "on a yellow space included.",
            "EN l.308, l.337")  # fmt: skip
# This project's own rulings (the reference is silent):
R32 = Ruling("R32", "An extra action tile is offered only when the action it repeats has a "
             "legal option at that moment, so a tile is never spent for nothing; the second "
             "repeat of a [+2] marker may be passed.",
            "EN l.634-638")  # fmt: skip
R33 = Ruling("R33", "Setup defaults are drawn from the seed: a marker arrangement and an "
             "order of Trajan stacks per player; the start player is drawn too.",
            "EN l.107, l.115")  # fmt: skip
R34 = Ruling("R34", "The Seaport display option plays 1 or 2 cards and then draws as many "
             "(R29 when the piles run short); shipping draws nothing.",
            "EN l.253-255")  # fmt: skip
R35 = Ruling("R35", "If fewer than two bonus tiles lie beside the senate, the consul takes "
             "the one there and the vice consul none.",
            "EN l.436, l.470")  # fmt: skip
R36 = Ruling("R36", "The markers are placed before the Trajan stacks are laid out: no stack's "
             "top tile is seen until every player has filled their trays, and each player "
             "places unseen; all the trays are shown together once the last player has "
             "placed.",
            "EN l.107-109")  # fmt: skip

R37 = Ruling("R37", "Setup in the rulebook's order: every player first fills their trays with "
             "action markers, one player after another in seat order (R36); only then are the "
             "start player drawn and the senate stack built, each player's bonus tile, the two "
             "bonus tiles beside the senate and the two face-up discard cards drawn and shown. "
             "The starting cards and Trajan tiles follow in turn order from the start player.",
             "EN l.107, l.113-125")  # fmt: skip
R38 = Ruling("R38", "At a quarter's end the senate tiles on the players' mats leave the game, "
             "used or not; a senate tile lying in a province stays there until a leader takes "
             "it ('all face-up senate tiles are removed' is read as the players' tiles, as "
             "'no matter if they were used or not' says).",
             "EN l.481, l.487, l.604")  # fmt: skip
R39 = Ruling("R39", "At setup each player takes their three starting Trajan tiles in a row, "
             "then the next player in turn order takes theirs ('all players select 3 Trajan "
             "tiles, in player order' is read as one player's three at a time, not one tile "
             "each in turn).",
             "EN l.129")  # fmt: skip

RULINGS: tuple[Ruling, ...] = tuple(
    sorted(
        (value for value in globals().values() if isinstance(value, Ruling)),
        key=lambda ruling: int(ruling.code[1:]),
    )
)
