"""Forum Trajanum's help: the keys, a legend of every symbol, a short rules reference and
the rulings, in the shell's help screen (:class:`~forum_trajanum.tui.dialogs.HelpScreen`).

The rulings are in :data:`forum_trajanum.games.forum_trajanum.data.RULINGS` (the engine applies
them as written).
"""

from __future__ import annotations

from rich.console import Group

from forum_trajanum.games.forum_trajanum.data import (
    AREA_BONUS_LABELS,
    BENEFIT_LABELS,
    CITIZEN_ABILITIES,
    CITIZEN_KINDS,
    COLOUR_NAMES,
    COLOURS,
    GRAY_NAMES,
    GRAYS,
    ROW_TITLES,
    RULINGS,
    STRUCTURE_NAMES,
    TILE_KINDS_PER_PLAYER,
    TILE_LABELS,
    TRACK_BENEFITS,
)
from forum_trajanum.games.forum_trajanum.ui.glossary import WORDS
from forum_trajanum.games.forum_trajanum.ui.labels import GRAY_SHORT, TILE_SHORT
from forum_trajanum.games.forum_trajanum.ui.panels import SEAT_MARKERS
from forum_trajanum.games.forum_trajanum.ui.widgets import (
    CITIZEN_LETTER,
    EAGLE_GLYPH,
    ROW_SHORT,
    TILE_TINY,
)
from forum_trajanum.tui.glossary import heading
from forum_trajanum.tui.help import HelpPages, Row, legend_sections
from forum_trajanum.tui.keys import LEGEND_KEY

#: The area bonuses as the Forum's notes name them.
AREA_BONUS_SHORT = ("tribune", "assistant", "coin", "upgrade", "2 VP")
#: Coloured structures as small cells name them.
STRUCTURE_SHORT = {"B": "fount", "G": "park", "Y": "stabl", "R": "house"}


#: The keys, as (key, what it does).
KEYS: tuple[Row, ...] = (
    ("Enter", "take the highlighted choice, or the cell under the cursor (a cell with "
              "several choices shows them alone in the list)"),
    ("1-9, Shift+A-Z", "take that entry of the decision list directly (entries 1-9, "
                       "then A-Z: the key stands before each entry; a list longer than "
                       "that keeps its entries in groups, so every entry has a key)"),
    ("Home End", "the first or the last entry of the decision list"),
    ("PgUp PgDn", "a page up or down of the words beside your Colonia (the cell under the "
                  "cursor, your tiles and supply, the slide bar, the cranes): their last "
                  "line says how many lines are below; in a small window, of the panel "
                  "shown. The arrows stay with the choices or the board"),
    ("Esc", "close what is open or go back one step, never out of the game: a group of "
            "entries (an entry ending in \u2026 opens one) or a cell's choices, the hint, a "
            "message, a window such as this help; setup: "
            "back one corner while choosing the crane colours (or Backspace)"),
    ("Tab", "move between the decision list, your Colonia and the Forum"),
    ("Arrows", "move the highlight or the cursor of the panel in focus (framed in bright "
               "yellow; the key bar begins with where they go); a click on a cell chooses it"),
    ("c f p l", "show your Colonia, the Forum, the players and tracks, or the log (in a small "
                "window one panel at a time; in a large one l opens the whole log)"),
    ("u", "undo your last step of this turn (not back across a draft pick, a hidden tile "
          "or a turn's end)"),
    ("e", "end the turn (where that is a choice: it is the last entry of a long list)"),
    ("o", "the other players' boards (public)"),
    ("t", "the Trajan cards and the street cards"),
    ("s", "save a copy of the game under a name"),
    ("h", "hint: a bot suggests a choice for your decision, from what you can see (★ hint "
          "in the list, underlined on the board, with its expected points); also in the "
          "command palette (Ctrl+P). Below 120x36 it comes whole below the list: h again "
          "shows the next best; h again, or Esc, hides it"),
    ("k", "the first-game coach on or off for you: it explains each new kind of decision "
          "once"),
    (LEGEND_KEY, "the legend of every symbol and short form"),
    ("? or F1", "this help"),
    ("q", "back to the menu (the game is saved after every action)"),
    ("Hand-over", "when the keyboard passes to another player, a privacy screen waits for "
                  "that player's Enter; nothing secret is on screen before that. The choices "
                  "then take Enter after a short moment, so that a double press chooses "
                  "nothing."),
    ("Scoring", "Enter continues (after a short moment, like the choices)"),
    ("Game over", "1 ranking and chart, 2 points by cycle and category, 3 the final boards; "
                  "q or Esc back to the menu"),
)  # fmt: skip


def legend() -> Group:
    """Every symbol and short form the screens use, with its meaning in words. The short forms
    come from the constants the board widgets draw with, so the two cannot drift apart."""
    sections: list[tuple[str, list[Row]]] = []

    def section(title: str, rows: list[Row]) -> None:
        sections.append((title, rows))

    section(
        "Colours (always printed with their letter; the colour only helps)",
        [(c, COLOUR_NAMES[c]) for c in COLOURS],
    )
    section(
        "Colonia cells",
        [
            ("░░░░░", "a face-down tile: nobody knows which (its owner knows the set left)"),
            ("▲ templ", "a temple: never built on"),
            (
                "·",
                "an empty building space: its tile was taken, so you may build there "
                "(during setup, before the tiles are laid out, every space is empty)",
            ),
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
            ("cr B, cr B✓", "the same in the one-line cells at 80x24"),
            ("I-VI, a-f", "street symbols on the edges: a street card names one of them"),
            ("lit, tinted", "the streets of this round's street cards"),
            ("▸", "a cell or Forum space you may choose now"),
            ("reversed", "the cursor"),
            ("underlined", "the last move of another player (a building, an envoy)"),
        ],
    )
    section(
        "Face-up tiles, as small cells show them (in brackets: the one-line cells at 80x24)",
        [
            (" ".join(TILE_SHORT[k][0]) + f" ({TILE_TINY[k]})", TILE_LABELS[k])
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
            ("female-back", WORDS["female-back citizen"]),
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
            ("dark gap", "between two spaces: one colour area ends there, the next begins"),
            ("▏ underline", "a mosaic board ends there (a colour area may go on across it)"),
            (
                "lit area",
                "while you place an envoy: the started area the colour-area rule "
                "sends it to (its rows and columns are named under the Forum)",
            ),
            ("colour-area rule", WORDS["colour-area rule"]),
            ("area bonus", WORDS["area bonus"]),
            (
                "Trajan's Column",
                "its value now (3, 2, 1 VP in cycles I, II, III) is what a "
                "triumphal column or a finished track scores, plus your active "
                "citizens; the markers beside it are finished tracks",
            ),
        ],
    )
    section(
        "Players, tracks and the slide bar",
        [
            (" ".join(SEAT_MARKERS), "the markers of seats 1-4 on the benefit tracks"),
            ("library", "benefit track of the library (LIB), steps 1-4"),
            ("basilica", "benefit track of the basilica (BAS), steps 1-4"),
            ("market", "benefit track of the market (MKT), steps 1-4"),
            (
                "slide bar",
                "its position, 0-8 (the rules call it the prestige track); cypresses at 3, 6 and 8",
            ),
            ("flipped", "Merchant I has flipped the bar: it reads one position further"),
            ("▶", "the player deciding now"),
            ("ship", "your envoys: your own tiles that were used or left unused"),
            ("reserve", WORDS["reserve"]),
            ("river tile", WORDS["river tile"]),
            ("beside the Column", WORDS["marker beside Trajan's Column"]),
            ("assist, trib", "assistants, tribunes"),
            ("VP", "victory points"),
        ],
    )
    section(
        "The status line (short forms where the window is narrow)",
        [
            ("I 3/4", "cycle I, round 3 of 4"),
            ("streets I c", "the street symbols of this round's two street cards"),
            ("bld, asst", "builders, assistants (coin: coins, trib: tribunes)"),
            ("B0 G0 Y0 R0", "your workers of each colour"),
        ],
    )
    section(
        "Trajan cards (t)",
        [
            ("met twice", "you fulfil the task twice now: a scoring now counts it twice"),
            ("missing", "what a first fulfilment still lacks, the nearest way"),
            ("collection task", WORDS["collection task"]),
        ],
    )
    section(
        "Area bonuses (filling an area's last space: one of them)",
        [(short, label) for short, label in zip(AREA_BONUS_SHORT, AREA_BONUS_LABELS.values(),
                                                strict=True)],
    )  # fmt: skip
    return legend_sections(sections)


def _steps(track: str) -> str:
    """ "step 1: 2 assistants; step 2: ...": what each step of a benefit track gives."""
    return "; ".join(
        f"step {n}: {BENEFIT_LABELS[benefit]}" for n, benefit in enumerate(TRACK_BENEFITS[track], 1)
    )


#: The rules reference: one paragraph a line, wrapped by the screen (never by this text, so
#: that a narrow window does not break its lines twice).
RULES_PARAGRAPHS: tuple[str, ...] = (
    "The game runs 3 cycles of 4 rounds; after each cycle comes a scoring. Most VP after "
    "cycle III wins; ties: most active citizens, then most resources left.",
    "Round. Two street cards are revealed. In turn, each player takes one face-down tile "
    "from the street named by each card (a tribune lets you ignore a card and take from "
    "anywhere), sees the first before taking the second, keeps one and passes the other to "
    "the right. Then, in turn order, each player uses one tile: the kept one or the received "
    "one (2 tribunes: both). Resource tiles give builders, workers, assistants, coins, "
    "tribunes or upgrades; citizen tiles go into a citizen row of their class and activate "
    "its ability. Your own tiles, used or not, go to the ship: they are your envoys. Tiles "
    "received go to your reserve.",
    "Building step. Once per turn build on a free space (where a tile was taken): a gray "
    "building (library LIB, basilica BAS, market MKT, triumphal column COL) costs 1 builder; "
    "a coloured structure (fountain B, park G, stable Y, house R) costs 1 worker of its "
    "colour. A double tile covers two adjacent spaces. Conversions: 2 workers of a colour "
    "make 1 builder; 1 assistant changes a worker's colour; citizen abilities add more.",
    "Benefit tracks. Each library, basilica or market moves your marker one step along its "
    "track; take the benefit of the step reached or of any step before it. After the fourth "
    "step your marker moves beside Trajan's Column and scores like a triumphal column; later "
    "buildings of that kind give no benefit.",
    f"Library: {_steps('L')}.",
    f"Basilica: {_steps('S')}.",
    f"Market: {_steps('M')}.",
    "Trajan's Column shows 3, 2, 1 VP in cycles I, II, III: a triumphal column (or a "
    "finished track) scores that value plus 1 VP per active citizen in your Colonia.",
    "Envoys. A coloured structure lets you send an envoy from your ship to a free Forum "
    "space of its colour; the colour-area rule: " + WORDS["colour-area rule"] + " Filling "
    "an area's last space gives an area bonus: 1 tribune, 1 assistant, 1 coin, 1 upgrade or "
    "2 VP.",
    "The prestige track. Each upgrade moves your slide bar one position along the prestige "
    "track (0-8, cypresses at 3, 6 and 8). What the bar is worth: your largest connected "
    "group of envoys scores 1 VP per envoy (at most 10), +1 from position 3 and +2 from "
    "position 6; each Trajan task you fulfil scores 3 VP, 5 VP from position 3 and 7 VP "
    "from position 6. A first Merchant I flips your slide bar for good: it then reads one "
    "position further along (at 2 it is worth what 3 is), and each upgrade moves it "
    "straight to the next cypress. The players' strip says what your bar is worth now.",
    "Scoring after each cycle. First pay 1 coin per citizen row with a citizen, or it turns "
    "inactive. Then: cranes (3, 2, 1 VP in cycles I, II, III per structure of an uncovered "
    "crane's colour, once per crane); the Colonia (for each of the 6 rows: the number of "
    "different gray building kinds in it, 0-4, times 1 + the active citizens of its citizen "
    "row, so 1, 2 or 3 VP per kind); the Forum's eagles (2 VP per envoy on an eagle, 1 VP per "
    "envoy next to one); your largest connected group of envoys (as your slide bar says); "
    "and the cycle's Trajan card, its building task and its collection task, each as often "
    "as you fulfil it.",
    "Bots (a seat's level in the New game form, or easy, normal, hard or expert in "
    "--seats). Easy plays plausible moves with some randomness. Normal plans its draft and "
    "builds for Colonia rows, Trajan tasks, cranes and the Forum, one step ahead. Hard tries "
    "the best few moves of a sharper Normal (it judges a tile to use by the build it allows "
    "right after; at a building step a build and ending the turn always among them) in "
    "worlds sampled from what it can see, each played out to the end of the round (from "
    "cycle III's third round, to the end of the game). Expert searches a tree over "
    "what its seat may know: Normal's best moves, each played in the same sampled worlds "
    "and judged by the points the position should bring by the end of the game "
    "(the scorings still to come, this and later cycles' Trajan cards, the Forum); against "
    "one opponent it searches and judges as Hard does. Every bot "
    "sees only what its seat may see and answers within 3 seconds. How strong, in two-player "
    "games with each deal played from both seats: Hard beat Normal in 166 of 200 (83 %, "
    "about 77-88 %), 99 points to 76 (forum-trajanum simulate --players hard,normal --seed "
    "9601, its 200 games played in slices with --first-game and --json, then read together "
    "with simulate --combine); Expert was a little stronger than Hard before Hard's sharper "
    "Normal: 69 of 120 against it "
    "(58 %; simulate --players expert,hard --games 20 --seed 4242: 10 of 20, with --seed "
    "9902: 11 of 20, with --seed 9904: 48 of 80, 94 points to 91); with the sharper Normal "
    "in both, about level in a first screen (18.5 of 40, 92 points to 91, --seed 9904). "
    "In four-player games "
    "(simulate --players expert,hard,normal,easy "
    "--games 8 --first-game 4 --seed 9701) Expert had the highest mean, 93 points to "
    "that Hard's 88, Normal's 80 and Easy's 32.",
    "Words.",
    *(f"{heading(word)}: {text}" for word, text in WORDS.items()),
)  # fmt: skip

RULES_REFERENCE = "\n\n".join(RULES_PARAGRAPHS)

#: What the help screen shows of Forum Trajanum.
PAGES = HelpPages(
    keys=KEYS,
    legend=legend,
    rules=lambda: RULES_REFERENCE,
    rulings=tuple(("•", ruling) for ruling in RULINGS),
)


def help_screen(tab: str = "keys"):
    """Forum Trajanum's help: keys, legend, rules and rulings; ``tab`` shown first."""
    from forum_trajanum.tui.dialogs import HelpScreen

    return HelpScreen(tab, PAGES)
