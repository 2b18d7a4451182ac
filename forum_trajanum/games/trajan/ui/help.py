"""Trajan's help screen: the keys, the legend, the rules in player words and this edition's
rulings with the note on where the component data come from (issue 17: "help with the rules
in player words, the legend, the rulings, and the note that the component data come from
public transcriptions not checked against a printed copy")."""

from __future__ import annotations

from rich.console import Group
from rich.text import Text

from forum_trajanum.games.trajan import data as D
from forum_trajanum.games.trajan.ui.glossary import TILE_MEANS, WORDS
from forum_trajanum.games.trajan.ui.panels import short_names
from forum_trajanum.tui.dialogs import HelpScreen
from forum_trajanum.tui.help import HelpPages, Row, legend_sections
from forum_trajanum.tui.keys import LEGEND_KEY

KEYS: tuple[Row, ...] = (
    ("1-9, Shift+A-Z", "take that choice at once: entries 1-9, then A-Z (the key stands "
     "before each entry; also while the coach explains a decision)"),
    ("Esc", "in a group of choices (an entry ending in \u2026 opens one): back to all of them"),
    ("↑ ↓ Enter", "move in the list of choices and take the highlighted one"),
    ("h", "a hint: the choices the Expert bot likes best, each with the points it expects "
     "you to have at the game's end if you take it and why (a setup choice: its reason; "
     "below 120 columns the best first: h again shows the next best); h again, or Esc, "
     "hides it"),
    ("u", "undo your last step (sowing goes back marker by marker)"),
    ("c", "your action circle: trays, markers, Trajan tiles, hand and display"),
    ("b", "the board: forum, senate, ships, discard piles, Trajan stacks"),
    ("m", "the provinces: tiles, leaders, legionnaires and the links between them"),
    ("d", "the construction district: tiles and workers on the 4×5 sites"),
    ("p", "the players: points, cards, camps, buildings and bonus tiles"),
    ("l", "the log of everything that happened"),
    ("o", "the other players' action circles: trays, markers, Trajan tiles, arch, [+2] "
     "markers, tiles, and where each tray they could take would lead (also below the "
     "players panel)"),
    ("PgUp PgDn", "scroll the panel (the choices keep the arrow keys)"),
    (LEGEND_KEY, "the legend: every short form and symbol in words"),
    ("k", "the coach on or off (an explanation of each new kind of decision)"),
    ("? or F1", "this help"),
    ("Esc", "close what is open (the hint, a message, a window such as this help) or go "
     "back one step; it never leaves the game"),
    ("q", "back to the menu (the game is saved after every action)"),
)  # fmt: skip

#: The rules in player words: each paragraph one line (the window wraps it), headings alone.
RULES_PARAGRAPHS: tuple[str, ...] = (
    "The game lasts four quarters of four rounds. You score victory points (VP); the most VP "
    "wins, a tie goes to the player higher in the senate.",
    "# Your turn: the action circle",
    "Your circle has six trays, clockwise: Seaport, Forum, Military, Senate, Trajan, "
    "Construction. Take all the markers of one tray and sow them one by one into the next "
    "trays clockwise (with 6 or more markers you go round, the emptied tray included). The "
    "tray that gets the last marker is the target: you may perform its action.",
    "If the target tray then holds the two colours of the Trajan tile beside it, you "
    "accomplish that tile at once: its VP and its special action (draw 2 cards, a [+2] "
    "marker, legionnaires, workers, or a tile kept for a demand).",
    "The time marker moves one space per marker taken; when it arrives at or crosses its "
    "start space, the round ends after your turn.",
    "# The six actions",
    "Seaport: one of four options. Draw 2 cards from the face-down pile, then discard any "
    "one card of your hand face up onto a discard pile; or take the top card of a discard "
    "pile; or play 1-2 cards to your display and draw as many; or ship cards for a ship's "
    "VP: identical cards, 1-3 pairs of different commodities, or all different.",
    "Forum: take a tile from the forum (bread, games, religion, senate votes, extra actions, "
    "wild cards). At each quarter's end a bread, games or religion tile is spent to meet "
    "one of the people's demands (removed from the game, EN l.413-419); the tiles you keep "
    "count for the bonus tiles at the end.",
    "Military: recruit a token into your military camp, march your leader to a neighbouring "
    "province (taking the tile there; no VP yet), or deploy a legionnaire where your leader "
    "stands for the province's VP (3 less per other player's legionnaire there).",
    "Senate: move up the senate track for its VP; the senate vote at each quarter's end "
    "gives bonus tiles to the consul and vice consul.",
    "Trajan: put the top tile of a Trajan stack on the slot the arch points at.",
    "Construction: hire a worker into your camp, or put a worker from the camp on a site and "
    "take its building tile (the first of a type gives that type's action too). Your first "
    "worker may go to any site; each later one next to one of yours.",
    "An extra action tile lets you repeat the action you just did; a [+2] marker on that "
    "action lets you repeat it twice.",
    "# The round's end: the people demand",
    "At each round's end a demand tile (bread, games or religion) is revealed. At the "
    "quarter's end each player meets every demand with a matching forum tile, a demand wild "
    "card or a kept Trajan tile; unmet demands cost VP (1 unmet: 4, 2: 9, 3: 15).",
    "Then the senate votes (the space's votes plus senate tiles). The most votes make the "
    "consul, who takes a bonus tile yellow side up; the second most the vice consul, who "
    "takes the other grey side up. A tie goes to the player higher on the senate track, and "
    "on the same space to the disc on top.",
    "# The end",
    "After the fourth quarter: 1 VP per card in your hand, per worker in the worker camp, "
    "per legionnaire in the military camp and per Trajan tile still beside a tray; "
    "construction sets (3 of a type 10 VP, 4 of a type 20 VP); and the bonus tiles (a grey "
    "tile gives less than its yellow side: the construction one half a VP per worker on a "
    "site, rounded up).",
    "# The bots",
    "A seat's level in the New game form, or easy, normal, hard or expert in --seats. "
    "Easy plays Normal's choice half the time, otherwise any choice that does something. "
    "Normal plans each choice over the rest of its turn. Hard tries Normal's best few "
    "choices in worlds sampled from what it can see, two of its own turns ahead. Expert "
    "searches a tree over what its seat may know: Normal's best choices, each played in the "
    "same sampled worlds three of its own turns ahead, judged by the points it can expect at "
    "the end (the final scoring as it stands, Trajan tiles within reach, the quarter's "
    "demands and senate vote). Every bot sees only what its seat may see and answers "
    "within 3 seconds. How strong, in two-player games with each deal played from both "
    "seats: Expert beat Hard in 128 of 200 (64.0 %, about 57-70 %), 124 points to 117 "
    "(forum-trajanum simulate --game trajan --players expert,hard --seed 9903, its 200 games "
    "played in slices with --first-game and --json, then read together with simulate "
    "--combine); on seed 9401's 200, before it weighed the senate and the demand tiles as "
    "Hard does, 125 (62.5 %).",
)


def rules_text() -> Text:
    """The rules paragraphs with their headings, a blank line between any two."""
    out = Text()
    for n, paragraph in enumerate(RULES_PARAGRAPHS):
        if n:
            out.append("\n\n")
        if paragraph.startswith("# "):
            out.append(paragraph[2:], style="bold #ffd75f")
        else:
            out.append(paragraph)
    return out


def legend() -> Group:
    """The letters and words the screens use."""
    sections: list[tuple[str, list[Row]]] = []

    def section(title: str, rows: list[Row]) -> None:
        sections.append((title, rows))

    section("Marker colours", [(code, D.COLOURS[c]) for c, code in enumerate(D.COLOUR_CODES)])
    section(
        "On your action circle",
        [
            ("I … VI", "the slots beside the trays, clockwise from the Seaport"),
            ("◆ arch", WORDS["◆ arch"]),
            ("Y+O 5 VP", f"a Trajan tile: {TILE_MEANS}"),
            ("kept: meets bread", "a Trajan tile kept on your mat: it meets a bread demand"),
            ("[+2]", WORDS["[+2]"]),
            ("Hand", "your commodity cards: only you see them, the others see how many"),
            ("Display", "the commodity cards you played face up in front of you"),
            ("Tiles", "the forum and extra action tiles you own"),
            ("supply, camps", "your tokens: in your supply, as workers, as legionnaires"),
        ],
    )
    section(
        "Choosing a tray",
        [
            ("→ Forum action", "the target: where the last marker lands; you may do its action"),
            ("time +3", "how far the time marker moves"),
            ("round ends", "the time marker arrives at or crosses its start: a demand is revealed"),
            (
                "game ends",
                "the round ends in the game's last round: its quarter's scoring ends the game",
            ),
            ("can complete", "the markers can be sown so that the target's tile is done"),
        ],
    )
    section("On the status line", [("demands", WORDS["demands"])])
    section(
        "On the board",
        [
            ("(yellow) (grey)", "a bonus tile's side: the consul takes it yellow side up, "
             "the vice consul grey side up (fewer VP)"),
            ("coloured, grey", "a ship's side: a ship used turns grey until the quarter ends"),
            ("2/6/12/20", "a ship's VP for 1, 2, 3 or 4 cards (the pairs ship: 1, 2 or 3 pairs)"),
            ("the top card last", "a discard pile in order: only its last card can be taken"),
            ("Yellow spaces", "the extra action tiles the Forum action can take too"),
            ("extra action tile", WORDS["extra action tile"]),
        ],
    )  # fmt: skip
    section(
        "On the province map",
        [
            (
                "⚑B",
                "the leader of the player marked B is there (each player's mark is their "
                "name's initial, or another of its letters: the line below the map names them)",
            ),
            ("⚔AC", "a legionnaire of the player marked A and one of the player marked C"),
            ("10 VP", "what a legionnaire deployed there scores (3 less per other player's)"),
            ("+Forum", "an extra action tile: repeat that action once in a turn"),
            ("senate 4", "a senate tile worth 4 votes in the quarter's vote"),
            # each short name whole (at 160x45 the map stands without its list, 36.14)
            *((short, f"{whole} (shortened to fit)") for short, whole in short_names()),
            ("── │ ╱ ╲", "the links a leader may march along"),
        ],
    )
    section(
        "In the construction district",
        [
            ("a1 … d5", "the sites: row letter, column number"),
            ("Roof 5", "a building tile: its type and its VP (Fount.: Fountain)"),
            (
                "worker B",
                "the worker of the player marked B on a site whose tile was taken "
                "(the line below the district names them)",
            ),
        ],
    )
    section(
        "The hint",
        [
            ("about 115 VP", "your expected points at the game's end if you take that choice "
             "and play on as the Normal bot would (the Expert's search, checked against the "
             "final scores of bot games; a choice's lead over the Normal bot's own choice "
             "counts half, which keeps the figure steady from turn to turn: the suggestion "
             "may well lead to more)"),
        ],
    )  # fmt: skip
    section(
        "Demands",
        [
            (word, f"met by a forum {word} tile, a demand wild card or a kept Trajan tile")
            for word in D.DEMANDS
        ],
    )
    return legend_sections(sections)


#: What the help screen shows of Trajan.
PAGES = HelpPages(
    keys=KEYS,
    legend=legend,
    rules=rules_text,
    # each ruling with the rulebook lines it reads (the data module holds both)
    rulings=tuple((ruling.code, f"{ruling.text} ({ruling.source})") for ruling in D.RULINGS),
    notice=D.DATA_NOTICE,
)


class TrajanHelpScreen(HelpScreen):
    """Help for Trajan in the same four tabs as Forum Trajanum's."""

    def __init__(self, tab: str = "keys") -> None:
        super().__init__(tab, PAGES)
