"""Trajan's board panels, each a Rich renderable from one view: the board (the time track,
forum, senate, ships, cards, Trajan stacks), the province map, the construction district,
the players (with the others' circles, :mod:`forum_trajanum.games.trajan.ui.circles`)
and the log; one's action circle is drawn by the circles module too."""

from __future__ import annotations

from collections import Counter
from functools import partial

from rich.console import Group
from rich.text import Text

from forum_trajanum.games.trajan import data as D
from forum_trajanum.games.trajan.engine import words as W
from forum_trajanum.games.trajan.engine.actions import (
    FORUM_KEYS,
    TILE_KEY,
)
from forum_trajanum.games.trajan.engine.quarter import votes
from forum_trajanum.games.trajan.engine.state import GameState
from forum_trajanum.games.trajan.engine.words import (
    bonus_tile,
    cards,
    forum_tile,
    plural,
    trajan_tile,
)
from forum_trajanum.games.trajan.ui.circles import circle_panel, others_compact, others_group
from forum_trajanum.games.trajan.ui.playdata import TrajanData
from forum_trajanum.games.trajan.ui.statusline import time_track
from forum_trajanum.tui.render import Drawn

#: The log before anything has happened.
NOTHING_YET = "Nothing has happened yet."

PANELS = ("circle", "board", "map", "district", "players", "log")
PANEL_KEYS = {"circle": "c", "board": "b", "map": "m", "district": "d", "players": "p", "log": "l"}
PANEL_TITLES = {
    "circle": "Your action circle",
    "board": "Forum, senate, ships, cards",
    "map": "Provinces",
    "district": "Construction district",
    "players": "Players",
    "log": "Log",
    "others": "Other players' circles · players",
}

#: A panel in the key bar (one word: all six fit at 80 columns with Hint, Undo and Menu).
PANEL_WORDS = {
    "circle": "Circle",
    "board": "Board",
    "map": "Map",
    "district": "District",
    "players": "Players",
    "log": "Log",
}


def time_line(v: GameState, two_lines: bool = False) -> Text:
    """The board panel's first line: the time track (nothing during the setup); on two lines
    (the track, then when the round ends) where it stands on its own above a narrow board."""
    out = Text()
    if v.quarter > 0:
        out.append("Time: ", style="bold")
        out.append(time_track(v, "\n" if two_lines else ": "))
    return out


def board_panel(v: GameState, names: list[str]) -> Text:
    """The board panel: the time track, then the rest of the board."""
    time = time_line(v)
    return (time + "\n" if time else Text()) + board_below_time(v, names)


def _none_yet(v, empty: str = "none") -> str:
    """An empty place: empty, or not settled yet while the markers are placed (EN l.107
    before l.121-125, R37)."""
    return "drawn once every player has placed their markers" if v.start_player < 0 else empty


def board_below_time(v: GameState, names: list[str]) -> Text:
    """The board panel below its time track: forum, senate, ships, cards, Trajan stacks."""
    out = Text()
    forum = Counter(forum_tile(t) for t in v.forum if t >= 0)
    out.append("Forum: ", style="bold")
    out.append(", ".join(f"{n}× {w}" if n > 1 else w for w, n in sorted(forum.items())) or "empty")
    yellow = [forum_tile(t) for t in v.yellow if t >= 0]
    out.append("\nYellow spaces: ", style="bold")
    out.append(", ".join(yellow) or "empty")
    out.append("\nSenate ", style="bold")
    out.append(f"({W.senate_track()}): ")
    order = sorted(range(len(v.players)), key=lambda p: (v.players[p].senate, v.players[p].height))
    out.append(
        ", ".join(
            f"{names[p]} on space {D.SENATE_VP[v.players[p].senate]} ({votes(v, p)} votes)"
            for p in reversed(order)
        )
    )
    out.append("\nBeside the senate: ", style="bold")
    out.append("; ".join(bonus_tile(t) for t in v.senate_bonus) or _none_yet(v))
    out.append("\nShips ", style="bold")
    out.append(
        "(VP for 1, 2, 3, 4 cards, or 1, 2, 3 pairs; used, it turns grey to the quarter's end): "
    )
    out.append(
        "; ".join(
            f"{name} {'coloured' if side else 'grey'} "
            + "/".join(str(n) for n in (D.SHIP_FRONT if side else D.SHIP_BACK)[ship])
            for ship, (name, side) in enumerate(zip(D.SHIPS, v.ships, strict=True))
        )
    )
    out.append("\nDiscard piles ", style="bold")
    out.append("(the top card last): ")
    out.append(
        " | ".join(
            f"{i + 1}: "
            + (", ".join(D.COMMODITIES[c] for c in pile) if pile else _none_yet(v, "empty"))
            for i, pile in enumerate(v.discards)
        )
    )
    out.append(f"\nFace-down cards: {len(v.deck)} · forum pile {len(v.forum_pile)}")
    out.append("\nTrajan stacks ", style="bold")
    if any(stack and stack[-1] < 0 for stack in v.stacks):  # EN l.107-109, R36
        out.append("(the top tile): hidden until every player has placed their markers")
        return out
    out.append("(the top tile):")
    for s, stack in enumerate(v.stacks):
        top = f"{trajan_tile(stack[-1])} ({len(stack)} left)" if stack else "empty"
        out.append(f"\n  {D.STACK_NAMES[s]}: {top}")
    return out


#: Where each province is drawn: (row, column) on a 3x4 grid, north up (components §2.7).
MAP_PLACES: dict[str, tuple[int, int]] = {
    "Britannia": (0, 1), "Germania Inferior": (0, 2),
    "Aquitania": (1, 0), "Lugudunensis": (1, 1), "Belgica": (1, 2), "Germania Superior": (1, 3),
    "Narbonensis": (2, 0), "Alpes": (2, 1), "Raetia": (2, 2), "Noricum": (2, 3),
}  # fmt: skip
MAP_CELL, MAP_GAP = 17, 2
#: Shorter forms of the long province names, for a narrow map (the list below has them whole).
SHORT_PROVINCES: dict[str, tuple[str, ...]] = {
    "Germania Inferior": ("Germ. Inferior", "Germ. Inf."),
    "Germania Superior": ("Germ. Superior", "Germ. Sup."),
    "Lugudunensis": ("Lugudun.",),
    "Narbonensis": ("Narbon.",),
}


def _fit(forms, width: int) -> str:
    """The first (longest) of ``forms`` that fits ``width`` characters; when none does, the
    shortest cut with "…" (never cut without a mark: "wild deman" read as a word, QA)."""
    return next((f for f in forms if len(f) <= width), forms[-1][: width - 1] + "…")


def _short_tile(tile: int) -> tuple[str, ...]:
    """A forum-type tile on the map, as its forms from long to short."""
    kind, value = FORUM_KEYS[TILE_KEY[tile]]
    if kind == "senate":
        return (f"senate {value}", f"sen. {value}")
    if kind == "demand":
        return (D.DEMANDS[value],)
    if kind == "extra":
        action = D.ACTIONS[value]
        return (f"+{action}", f"+{action[:6]}.")
    return WILD_FORMS[kind]


#: The wild cards on the map, from long to short.
WILD_FORMS = {
    "wild_commodity": ("wild: commodity", "wild: any card", "wild: card", "wild card"),
    "wild_construction": ("wild: building", "wild: build.", "wild build.", "wild bld."),
    "wild_demand": ("wild: demand", "wild demand", "wild dem."),
    "wild_extra": ("wild: extra", "wild extra", "wild ext."),
}


def map_drawing(v: GameState, names: list[str], width: int = 4 * MAP_CELL + 3 * MAP_GAP) -> Text:
    """The provinces as a small map with their links, drawn to fit ``width`` characters:
    each province its name and VP, its tile, and who is there (⚑ leaders, ⚔ legionnaires,
    each player by the mark of their name, :func:`words.marks`, a legend line naming them)."""
    who = W.marks(names or [f"Player {p + 1}" for p in range(len(v.players))])
    at = {MAP_PLACES[name]: q for q, name in enumerate(D.PROVINCES)}
    linked = {(a, b) for a in range(len(D.PROVINCES)) for b in D.ADJACENT[a]}
    size = max(8, min(MAP_CELL, (width - 3 * MAP_GAP) // 4))

    def link(a, b) -> bool:
        qa, qb = at.get(a), at.get(b)
        return qa is not None and qb is not None and (qa, qb) in linked

    def cell(q: int, line: int) -> str:
        if line == 0:
            name = D.PROVINCES[q]
            return _fit((name, *SHORT_PROVINCES.get(name, ())), size)
        if line == 1:
            tile = v.provinces[q]
            return _fit(_short_tile(tile), size) if tile >= 0 else "no tile"
        leaders = "".join(who[p] for p, pl in enumerate(v.players) if pl.leader == q)
        legions = "".join(who[p] for p in v.legions[q])
        marks = (f" ⚑{leaders}" if leaders else "") + (f" ⚔{legions}" if legions else "")
        vp = D.PROVINCE_VP[q]
        return _fit((f"{vp} VP{marks}", f"{vp}VP{marks.replace(' ', '')}"), size)

    out = Text()
    for row in range(3):
        for line in range(3):
            for col in range(4):
                q = at.get((row, col))
                joined = col < 3 and line == 0 and link((row, col), (row, col + 1))
                text = cell(q, line) if q is not None else ""
                out.append(text, style="bold" if line == 0 else "")
                if col < 3:  # a link to the right runs from the name to the next one
                    fill = size - len(text) + MAP_GAP
                    out.append(" " + "─" * (fill - 1) if joined else " " * fill)
            out.append("\n")
        if row < 2:  # the links to the row below: straight down and the diagonals
            for col in range(4):
                down = link((row, col), (row + 1, col))
                out.append(("│" if down else " ").center(size))
                if col < 3:
                    mark = " "
                    if link((row, col), (row + 1, col + 1)):
                        mark = "╲"
                    elif link((row, col + 1), (row + 1, col)):
                        mark = "╱"
                    out.append(mark.center(MAP_GAP))
            out.append("\n")
    # the military camp below the map, one way up into Alpes, Raetia and Noricum
    out.append(" " * (size + MAP_GAP))
    out.append((" " * (MAP_GAP)).join("↑".center(size) for _ in range(3)).rstrip() + "\n")
    camp = "".join(who[p] for p, pl in enumerate(v.players) if pl.leader < 0)
    out.append(" " * (size + MAP_GAP) + "military camp (one way up)", style="bold")
    out.append(f" ⚑{camp}\n" if camp else "\n")
    named = ", ".join(f"{m} {name}" for m, name in zip(who, names, strict=False))
    out.append(f"⚑ leaders, ⚔ legionnaires: {named} · +Forum: an extra action tile")
    return out


def short_names() -> list[tuple[str, str]]:
    """Every short name the map may draw, with its whole words (the legend's key to them:
    at 160x45 the map stands without its list of provinces, issue 36.14)."""
    out = [(short, name) for name, forms in SHORT_PROVINCES.items() for short in forms]
    for kind, forms in WILD_FORMS.items():
        whole = W.forum_tile_with_article(next(t for t, k in enumerate(TILE_KEY)
                                               if FORUM_KEYS[k][0] == kind))  # fmt: skip
        out += [(form, whole) for form in forms[1:] if form.endswith(".")]
    out.append(("sen. 4", "a senate tile of 4 votes"))
    return out


def map_panel(v: GameState, names: list[str]) -> Group:
    """The map, and below it each province in words (its whole tile name, who is there, its
    neighbours)."""
    out = Text("\n")
    camp = [names[p] for p, pl in enumerate(v.players) if pl.leader < 0]
    out.append("Military camp", style="bold")
    out.append(f": leaders {', '.join(camp) or 'none'} · to Alpes, Raetia, Noricum\n")
    for q, name in enumerate(D.PROVINCES):
        tile = v.provinces[q]
        leaders = [names[p] for p, pl in enumerate(v.players) if pl.leader == q]
        legions = [names[p] for p in v.legions[q]]
        out.append(f"{name} {D.PROVINCE_VP[q]} VP", style="bold")
        out.append(f": {forum_tile(tile) if tile >= 0 else 'no tile'}")
        if leaders:
            out.append(f" · leader {', '.join(leaders)}")
        if legions:
            out.append(f" · legionnaires {', '.join(legions)}")
        out.append(f" · to {', '.join(D.PROVINCES[n] for n in D.ADJACENT[q])}\n")
    out.rstrip()
    return Group(Drawn(partial(map_drawing, v, names)), out)


#: Shorter forms of the building types, for a narrow district.
SHORT_BUILDINGS = {"Fountain": "Fount."}


def district_drawing(v: GameState, names: list[str], width: int = 75) -> Text:
    """The construction district as its 4×5 grid, drawn to fit ``width`` characters: each
    site its tile (building type and VP), or the marks of the players whose workers are
    there (:func:`words.marks`)."""
    mark = W.marks(names or [f"Player {p + 1}" for p in range(len(v.players))])
    cols = D.DISTRICT_COLUMNS
    size = max(7, min(14, (width - 2) // cols))
    out = Text()
    out.append("  " + "".join(f"{c + 1:<{size}}" for c in range(cols)).rstrip() + "\n", "dim")
    for r in range(D.DISTRICT_ROWS):
        out.append(f"{'abcd'[r]} ", style="dim")
        for c in range(cols):
            site = r * cols + c
            tile = v.district[site]
            if tile >= 0:
                t, vp = D.CONSTRUCTION_TILES[tile]
                name = D.BUILDING_TYPES[t]
                forms = (f"{name} {vp}", f"{SHORT_BUILDINGS.get(name, name)} {vp}")
                out.append(f"{_fit(forms, size - 1):<{size}}")
            else:
                seats = [mark[p] for p in v.workers[site]]
                forms = (f"workers {' '.join(seats)}", f"w: {','.join(seats)}")
                if len(seats) == 1:
                    forms = (f"worker {seats[0]}", *forms[1:])
                out.append(f"{_fit(forms, size - 1):<{size}}", style="#87d7ff")
        out.append("\n")
    return out


def district_panel(v: GameState, names: list[str]) -> Group:
    # the marks on the grid's taken sites are the players': each named
    mark = W.marks(names)
    others = "".join(f", {mark[p]} {name}" for p, name in enumerate(names) if p)
    out = Text(
        f"Roof 5: a tile and its VP · worker {mark[0]}: {names[0]}'s worker (tile taken){others}\n"
    )
    out.append("The first tile of a type also gives: ")
    out.append(
        ", ".join(
            f"{D.BUILDING_TYPES[t]} → {D.ACTIONS[D.BUILDING_BONUS[t]]}"
            for t in range(len(D.BUILDING_TYPES))
        )
    )
    return Group(Drawn(partial(district_drawing, v, names)), out)


def players_panel(v: GameState, names: list[str]) -> Text:
    out = Text()
    for p, pl in enumerate(v.players):
        out.append(f"{names[p]}: {pl.score} VP", style="bold")
        shown = cards(Counter(pl.display)) or "none"
        out.append(f" · {plural(len(pl.hand), 'card')} in hand · display: {shown}")
        tiles = Counter(forum_tile(t) for t in pl.tiles)
        owned = ", ".join(f"{n}× {w}" if n > 1 else w for w, n in sorted(tiles.items()))
        out.append(f" · tiles: {owned or 'none'}")
        out.append(f" · senate {D.SENATE_VP[pl.senate]} ({votes(v, p)} votes)")
        out.append(f" · camps: {plural(pl.workers, 'worker')}, {plural(pl.legions, 'legionnaire')}")
        out.append(f" · supply {pl.supply}")
        built = ", ".join(f"{n} {D.BUILDING_TYPES[t]}" for t, n in enumerate(pl.buildings) if n)
        out.append(f" · buildings: {built or 'none'}")
        out.append(
            " · bonus: "
            + (
                "; ".join(
                    bonus_tile(t, y, own=p == v.viewer)
                    for t, y in zip(pl.bonus, pl.yellow, strict=True)
                )
                or _none_yet(v)
            )
            + "\n"
        )
    out.rstrip()
    return out


def panel_seat(data: TrajanData) -> int:
    """Whose action circle the circle panel shows."""
    v = data.view
    return max(v.viewer if v.viewer >= 0 else (data.home if data.home >= 0 else v.decider), 0)


def panel_text(data: TrajanData, panel: str, heading: bool = True):
    """One panel's content (a Rich renderable; the map and the district fit the width)."""
    v, names = data.view, data.names
    if panel == "circle":
        return circle_panel(v, panel_seat(data), names, heading)
    if panel == "board":
        return board_panel(v, names)
    if panel == "map":
        return map_panel(v, names)
    if panel == "district":
        return district_panel(v, names)
    if panel == "players":  # the others' circles below (issue 28)
        home = v.viewer if v.viewer >= 0 else data.home
        return Group(players_panel(v, names), Text(""), others_group(v, home, names))
    if panel == "others":  # from 160 columns: the others' circles first, all in view
        home = v.viewer if v.viewer >= 0 else data.home
        return Group(others_compact(v, home, names), Text(""), players_panel(v, names))
    return Text("\n".join(data.log[-200:]) or NOTHING_YET)


def log_lines(session, names: list[str]) -> list[str]:
    lines, when = [], None
    for entry in session.log:
        if entry.period != when:
            when = entry.period
            lines.append(f"── {session.rules.period_name(when)} ──")
        who = f"{names[entry.seat]} " if entry.seat >= 0 else ""
        lines.append(f"{who}{entry.text}")
    return lines
