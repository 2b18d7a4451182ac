"""Text panels of the play screen: supply, secrets, players and tracks, the Forum's notes, log.

Each is a function from public data (or the viewer's own view) to a Rich ``Text``; the play
screen puts them into Static widgets. Words, not codes.
"""

from __future__ import annotations

from rich.text import Text

from forum_trajanum.core.files import name_and_bot
from forum_trajanum.core.seat import Session
from forum_trajanum.games.forum_trajanum.data import (
    AREA_BONUS_LABELS,
    COLOUR_NAMES,
    COLOURS,
    COLUMN_VALUES,
    CORNERS,
    cell_name,
)
from forum_trajanum.games.forum_trajanum.engine import GameError, PlayerView, parse
from forum_trajanum.games.forum_trajanum.engine import actions as A
from forum_trajanum.games.forum_trajanum.engine.state import CRANE_COVERED
from forum_trajanum.games.forum_trajanum.engine.view import ColoniaView
from forum_trajanum.games.forum_trajanum.engine.words import CYCLE_NUMERALS, tile_label
from forum_trajanum.games.forum_trajanum.ui.labels import prestige_parts, prestige_words
from forum_trajanum.games.forum_trajanum.ui.widgets import (
    COLOUR_STYLE,
    EAGLE_GLYPH,
    LEGAL_STYLE,
    MOVE_GLYPH,
    MOVE_STYLE,
    SEAT_STYLE,
)

#: A player's marker on a track (its seat number).
SEAT_MARKERS = ("①", "②", "③", "④")
TRACK_NAMES = {"L": "Library", "S": "Basilica", "M": "Market"}
#: The four steps of each benefit track, named as a player says them.
STEP_NAMES = {
    "L": ("worker + tribune", "builder", "eagle envoy", "any tile"),
    "S": ("2 assistants", "2 tribunes", "upgrade", "extra build"),
    "M": ("coin", "area bonus", "free envoy", "any tile"),
}


def envoys_words(count: int) -> str:
    """The count and the word: 1 envoy, 3 envoys."""
    return f"{count} envoy" + ("" if count == 1 else "s")


def workers_text(colonia: ColoniaView, text: Text) -> None:
    """Append "B1 G0 Y2 R0" with each colour's style (letter and count)."""
    for i, (colour, count) in enumerate(zip(COLOURS, colonia.workers, strict=True)):
        text.append(("" if i == 0 else " ") + f"{colour}{count}", style=COLOUR_STYLE[colour])


def supply_text(colonia: ColoniaView) -> Text:
    """Resources, score, ship, prestige, reserve and cranes of a Colonia (public), a list."""
    text = Text()
    rows: list[tuple[str, str | Text]] = [("Score", f"{colonia.score} VP")]
    rows.append(("Builders", str(colonia.builders)))
    workers = Text()
    workers_text(colonia, workers)
    rows.append(("Workers", workers))
    rows.append(("Assistants", str(colonia.assistants)))
    rows.append(("Coins", str(colonia.coins)))
    rows.append(("Tribunes", str(colonia.tribunes)))
    rows.append(("Ship", envoys_words(colonia.ship)))
    rows.append(("Slide bar", f"{colonia.prestige}/8" + (", flipped" if colonia.flipped else "")))
    rows.append(("Reserve", ", ".join(tile_label(k) for k in colonia.reserve) or "empty"))
    for title, value in rows:
        text.append(f"{title:<11}", style="bold")
        text.append(value if isinstance(value, Text) else Text(value))
        text.append("\n")
    text.append("Prestige: ", style="bold")
    text.append(prestige_words(colonia) + "\n", style="#d7d7af")
    cranes_text(colonia, text)
    return text


def cranes_text(colonia: ColoniaView, text: Text, *, one_a_line: bool = False) -> None:
    """Append each corner's crane to ``text``: its colour and whether it is under a tile,
    uncovered or scored (a colour not chosen yet: "to choose"). ``one_a_line`` (the narrow
    side panel of an 80x24 terminal): "Crane A1 G uncovered", each corner on a line of its
    own, so that no corner's words are broken across two lines."""
    if not one_a_line:
        text.append("Cranes ", style="bold")
    for i, colour in enumerate(colonia.cranes):
        if one_a_line:
            text.append("Crane ", style="bold")
        text.append(f"{cell_name(CORNERS[i])} ")
        if not colour:
            mark = "to choose"
        elif colonia.crane_state[i] == 2:
            mark = " scored"
        else:
            # the engine's word for it: during the setup no tile lies on a corner yet, but its
            # crane is covered (it said "uncovered", which scores at the next scoring)
            covered = colonia.crane_state[i] == CRANE_COVERED
            mark = " under a tile" if covered else " uncovered"
        text.append(colour, style=COLOUR_STYLE.get(colour, ""))
        text.append(mark + (("\n" if one_a_line else "; ") if i < 3 else ""))


def side_supply_text(colonia: ColoniaView) -> Text:
    """The play screen's own supply list, short enough for the narrow side panel of an 80x24
    terminal (the status line above the board gives the score): what the slide bar is worth
    first, one phrase a line, and the reserve when there is one (the status line gives the
    resources: at 80x24 the side shows six lines at a time, and the bar's worth was below
    them), then two resources a line, the ship and the cranes."""
    text = Text()

    def row(title: str, value: str | Text, more: str = "") -> None:
        text.append(f"{title} ", style="bold")
        text.append(value if isinstance(value, Text) else Text(value))
        text.append(more + "\n")

    row("Slide bar", f"{colonia.prestige}/8" + (" (flipped)" if colonia.flipped else ""), ":")
    # what the bar is worth, each line marked as its consequence (bare, the two lines read
    # as facts of their own under the bar's line)
    text.append("".join(f"→ {part}\n" for part in prestige_parts(colonia, compact=True)),
                style="#d7d7af")  # fmt: skip
    if colonia.reserve:
        row("Reserve", ", ".join(tile_label(k) for k in colonia.reserve))
    row("Builders", str(colonia.builders), f", assistants {colonia.assistants}")
    workers = Text()
    workers_text(colonia, workers)
    row("Workers", workers)
    row("Coins", str(colonia.coins), f", tribunes {colonia.tribunes}")
    row("Ship", envoys_words(colonia.ship))
    cranes_text(colonia, text, one_a_line=True)
    return text


def private_text(colonia: ColoniaView) -> Text:
    """The viewer's own secrets: hand, kept/received tile, river and still-hidden tiles."""
    text = Text()
    if colonia.taken:
        text.append("In hand: ", style="bold")
        text.append(
            ", ".join(
                f"{tile_label(kind)} (from {cell})"
                for cell, kind in zip(colonia.taken_cells, colonia.taken, strict=False)
            )
            + "\n"
        )
    for title, kind in (
        ("Your kept tile", colonia.kept),
        ("You passed", colonia.passed),
        ("You received", colonia.received),
        ("Your river tile", colonia.river),
    ):
        if kind:
            text.append(f"{title}: ", style="bold")
            text.append(tile_label(kind) + "\n")
    return text


def unseen_text(colonia: ColoniaView) -> Text:
    """The viewer's own tiles still face down in the grid (kinds only, not where)."""
    text = Text()
    if colonia.unseen:
        text.append("Face down in your grid:\n", style="bold")
        text.append("\n".join(f"{n} x {tile_label(kind)}" for kind, n in colonia.unseen.items()))
    return text


def players_text(pv: PlayerView, names: list[str], bots: list[str]) -> Text:
    """Every player's standing and supply, the three tracks with all markers, Trajan cards."""
    text = Text()
    for c in pv.colonias:
        seat = c.seat
        who = f"{seat + 1} {name_and_bot(names[seat], bots[seat])}"
        if seat == pv.viewer:
            who += " (you)"
        text.append("▶ " if seat == pv.decider else "  ", style="bold #ffff00")
        text.append(f"{who:<22}", style=SEAT_STYLE[seat])
        text.append(f"{c.score:>3} VP", style="bold")
        text.append(f"  builders {c.builders} ")
        workers_text(c, text)
        text.append(f" assist {c.assistants} coins {c.coins} trib {c.tribunes}\n")
        text.append(f"    ship {envoys_words(c.ship)}, ")
        text.append(f"slide bar {c.prestige}/8: {prestige_words(c)}\n", style="#d7d7af")
    for i, track in enumerate(("L", "S", "M")):
        text.append(f"{TRACK_NAMES[track]:<9}", style="bold")
        for step in range(5):
            if step:
                text.append(" > ")
                text.append(f"{step} {STEP_NAMES[track][step - 1]}")
            else:
                text.append("start")
            for c in pv.colonias:
                if c.tracks[i] == step:
                    text.append(" " + SEAT_MARKERS[c.seat], style=SEAT_STYLE[c.seat])
        text.append("\n")
    text.append("Trajan cards ", style="bold")
    text.append(
        "  ".join(f"{CYCLE_NUMERALS[i]} {card or '-'}" for i, card in enumerate(pv.trajan_cards))
    )
    text.append(" (t)   ")
    text.append("Start player ", style="bold")
    text.append(names[pv.start_player] + "\n", style=SEAT_STYLE[pv.start_player])
    text.append_text(forum_notes(pv))
    return text


COLONIA_LEGEND = Text.assemble(
    ("Legend  ", "bold"), ("░░", "#5a5a5a"), " face-down tile, ", ("▲", "bold #af87ff"),
    " temple, ", ("▸", LEGAL_STYLE), " a choice now, ", (MOVE_GLYPH, MOVE_STYLE),
    " the last move, LIB library, BAS basilica, MKT market, ",
    "COL triumphal column, B G Y R structures (fountain, park, stable, house), crane with its ",
    "colour (✓ scored); citizens P M C. Streets of the street cards lit on the edges.",
)  # fmt: skip

FORUM_LEGEND = Text.assemble(
    ("B G Y R", "bold"), " spaces, ", (EAGLE_GLYPH, "bold #ffd75f"), " eagle, ",
    ("1-4", "bold"), " envoy of that seat, ", ("▸", LEGAL_STYLE), " a choice, ",
    (MOVE_GLYPH, MOVE_STYLE), " last move; a gap: an area ends; ", ("▏", "bold #b0b0b0"),
    " or underline: a board ends",
)  # fmt: skip


def rule_words(rule, pv: PlayerView) -> Text:
    """What the colour-area rule (the engine's ``area_rule``) says about the envoy being
    placed, in words; empty when no envoy is being placed."""
    text = Text()
    if rule.ignored:
        text.append("This envoy ignores the colour-area rule: ", style="bold #ffd75f")
        text.append("any space marked ▸.")
        return text
    if not rule.colours:
        return text
    one = len(rule.colours) == 1
    colour = f"{COLOUR_NAMES[rule.colours]} ({rule.colours})" if one else "coloured"
    text.append("Colour-area rule: ", style="bold #ffd75f")
    if not rule.areas:
        text.append(
            f"no {colour} area is started and still has room: any free {colour} space will do."
        )
        return text
    where = "; ".join(_area_place(pv, area) for area in rule.areas)
    areas = "area" if len(rule.areas) == 1 else "areas"
    text.append(f"the lit {areas} ({where}) {'is' if len(rule.areas) == 1 else 'are'} started "
                "and not full: ")  # fmt: skip
    if rule.waived:
        text.append("your Patrician I lets you open a new area instead.")
    elif one:
        text.append("your envoy must go there.")
    else:
        text.append("an envoy of its colour must go there.")
    return text


def _area_place(pv: PlayerView, area: tuple[int, ...]) -> str:
    """ "rows 1-2, columns 3-4": where an area lies."""
    rows = sorted({pv.forum_coords[i][0] + 1 for i in area})
    cols = sorted({pv.forum_coords[i][1] + 1 for i in area})

    def span(word: str, values: list[int]) -> str:
        if len(values) == 1:
            return f"{word} {values[0]}"
        return f"{word}s {values[0]}-{values[-1]}"

    return f"{span('row', rows)}, {span('column', cols)}"


def forum_notes(pv: PlayerView) -> Text:
    """What the Forum's board shows beside the mosaic: the area bonuses and Trajan's Column
    with its value now and the markers beside it (finished benefit tracks)."""
    text = Text()
    text.append("Area bonus", style="bold")
    text.append(" (an area's last space): ")
    text.append(" · ".join(AREA_BONUS_LABELS.values()).replace("1 ", ""), style="#d7d7af")
    text.append("\n")
    text.append(f"Trajan's Column {pv.column_value} VP", style="bold")
    cycle = max(pv.cycle, 1)
    later = ", ".join(
        f"{v} in {CYCLE_NUMERALS[i]}" for i, v in enumerate(COLUMN_VALUES) if i >= cycle
    )
    text.append(f"{' (' + later + ')' if later else ''} + active citizens per triumphal "
                "column or finished track; beside it: ")  # fmt: skip
    beside = [(c.seat, c.tracks.count(4)) for c in pv.colonias if 4 in c.tracks]
    if not beside:
        text.append("none")
    for i, (seat, count) in enumerate(beside):
        text.append(("" if i == 0 else " ") + SEAT_MARKERS[seat] * count, style=SEAT_STYLE[seat])
    return text


def log_lines(session: Session, names: list[str]) -> list[str]:
    """The public log in player words, with a mark line where a new period (cycle and round,
    quarter and round) begins, in the game's own words."""
    lines, when = [], None
    for entry in session.log:
        if entry.period != when:
            when = entry.period
            lines.append(f"── {session.rules.period_name(when)} ──")
        lines.append(f"{names[entry.seat]} {entry.text}")
    return lines


def last_move(text: str) -> tuple[tuple[str, ...], tuple[tuple[int, int], ...]]:
    """The public cells of a move to highlight: a building's cells or an envoy's Forum cell
    (draft takes are not shown: other players may not see them before all have passed)."""
    try:
        action = parse(text)
    except GameError:
        return (), ()
    if isinstance(action, A.Build):
        return tuple(c for c in (action.cell_a, action.cell_b) if c), ()
    if isinstance(action, A.PlaceEnvoy) and not action.declined:
        return (), ((action.row - 1, action.col - 1),)
    return (), ()
