"""One spec per action kind: everything the program says about a kind of action besides its rule.

An :class:`ActionSpec` holds, for one action class of ``engine/actions.py`` (its text form and
its parsing):

* ``log``: its public log words (``log.public_description``), and ``secret``: the lines only
  its player knew then (shown when a finished game is replayed);
* ``reveals``: whether it shows its player something hidden or ends the turn (undo never goes
  back across it), and ``draft``: whether its log line waits until every player has drafted;
* ``preview``: what it costs and gives the acting player, from that player's view
  (``preview.preview``);
* ``words``: what the choice is, in a player's words, and ``says``: the parts of its preview
  those words already name (the app leaves them out of the rest of the label);
* ``cells`` and ``forum``: the Colonia cells and the Forum cell it is about (the app's board
  cursor).

:data:`SPECS` holds one spec per action kind, built here and nowhere else, and is checked at
import: every action class has exactly one spec, and every spec every field. A new action kind
is its class in ``engine/actions.py``, its spec here, and the rule that makes it legal.

The choice words and the board cells live here, in the engine, not in the app: they are the
game's words (what a choice is, which cells it is about), computed from a player's view alone,
and this module imports nothing from ``forum_trajanum.tui``. The app's labels
(``tui/labels.py``) read them from the specs and add only the screen's own wording (costs and
gains from the preview, the decision's context). ``view.py`` and ``preview.py`` read the specs
too; this module imports neither of them (only their types, for annotations), so the imports
run one way.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from forum_trajanum.core.actions import LogSpec, check_complete
from forum_trajanum.games.forum_trajanum.data import (
    AREA_BONUS_LABELS,
    AREA_BONUS_VP,
    BENEFIT_LABELS,
    CITIZEN_ABILITIES,
    CITIZEN_KINDS,
    CITIZEN_ROWS,
    COLOUR_NAMES,
    CORNERS,
    DIAGONALS,
    GRAY_NAMES,
    GRAYS,
    HANDICAP_EXTRA_COINS,
    MERCHANT_I,
    PATRICIAN_I,
    PATRICIAN_II,
    PRESTIGE_MAX,
    ROW_TITLES,
    TILE_GAINS,
    TILE_LABELS,
    TRACK_BENEFITS,
    TRACKS,
    area_points,
    cell_index,
    cell_name,
    next_cypress,
)
from forum_trajanum.games.forum_trajanum.engine import actions as A
from forum_trajanum.games.forum_trajanum.engine.cards import after_paying, shown, tasks_met
from forum_trajanum.games.forum_trajanum.engine.cells import CellKind, parse_cell
from forum_trajanum.games.forum_trajanum.engine.effects import CELL_NAMES
from forum_trajanum.games.forum_trajanum.engine.forum import (
    completes_area,
    eagle_place,
    eagle_points,
    geometry,
    group_at,
    largest_group,
)
from forum_trajanum.games.forum_trajanum.engine.state import tile_kind
from forum_trajanum.games.forum_trajanum.engine.tasks import Decision
from forum_trajanum.games.forum_trajanum.engine.words import (
    CONVERT_NAMES,
    CORNER_NAMES,
    GAIN_WORDS,
    building_name,
    building_words,
    citizen_name,
    street_name,
    tile_label,
    tile_words,
)

if TYPE_CHECKING:
    from forum_trajanum.games.forum_trajanum.engine.state import GameState
    from forum_trajanum.games.forum_trajanum.engine.view import ColoniaView, PlayerView

#: The parts of a preview that an action's own words may already name (``ActionSpec.says``).
SAYABLE = frozenset(
    (
        "pay",
        "tile",
        "hidden_tile",
        "gain",
        "points",
        "track",
        "citizen_row",
        "inactive_rows",
        "trajan_tasks",
    )
)

Log = Callable[["GameState", Any, int], str]
Secret = Callable[["GameState", Any, "GameState", int], list[tuple[int, str]]]
PreviewRule = Callable[["PlayerView", "ColoniaView", Any, dict], None]
Words = Callable[[Any, "PlayerView", "ColoniaView | None"], str]
Cells = Callable[[Any], tuple[str, ...]]
ForumCell = Callable[[Any], "tuple[int, int] | None"]


def _no_forum_cell(action) -> None:
    return None


@dataclass(frozen=True, kw_only=True, slots=True)
class ActionSpec(LogSpec):
    """What the program says about one action kind (see the module's docstring): the core's
    :class:`~forum_trajanum.core.actions.LogSpec` (log words, reveals, secret lines) and the
    rest of what Forum Trajanum says about it."""

    #: the action class: its kind, its text form and its parsing
    action: type[A.Action]
    #: ``log(before, action, player) -> str``: the public log words (the state before it)
    log: Log
    #: whether it shows its player something hidden or ends the turn: undo stops there
    reveals: bool
    #: ``preview(view, me, action, out)``: fills ``out`` with the Preview's fields
    preview: PreviewRule
    #: ``words(action, view, me) -> str``: the choice in words (``me`` None for an onlooker)
    words: Words
    #: ``cells(action)``: the Colonia cells it is about ("A1"), none included
    cells: Cells
    #: the preview's parts (:data:`SAYABLE`) that ``words`` already names
    says: frozenset[str] = frozenset()
    #: ``forum(action)``: the Forum cell (0-based row, col) it is about, or None
    forum: ForumCell = _no_forum_cell
    #: ``secret(before, action, after, seat)``: the lines only its player knew then
    secret: Secret | None = None
    #: a draft step: nobody reads what it was until every player has drafted
    draft: bool = False
    #: the action's kind (the first word of its text), from its class
    kind: str = field(init=False)

    def __post_init__(self) -> None:
        kind = self.action.model_fields["kind"].default
        if A.ACTION_KINDS.get(kind) is not self.action:
            raise TypeError(f"{self.action.__name__} is not a Forum Trajanum action class")
        object.__setattr__(self, "kind", kind)
        for name in ("log", "preview", "words", "cells", "forum"):
            if not callable(getattr(self, name)):
                raise TypeError(f"the spec of {kind!r}: {name} is not a function")
        if self.secret is not None and not callable(self.secret):
            raise TypeError(f"the spec of {kind!r}: secret is not a function")
        if not isinstance(self.reveals, bool) or not isinstance(self.draft, bool):
            raise TypeError(f"the spec of {kind!r}: reveals and draft are True or False")
        if not self.says <= SAYABLE:
            raise TypeError(f"the spec of {kind!r} says unknown parts {set(self.says - SAYABLE)}")

    def reveals_in(self, before, action) -> bool:
        """Whether ``action`` reveals hidden information (``core.actions.reveals`` asks)."""
        return self.reveals


def _registry(*specs: ActionSpec) -> dict[str, ActionSpec]:
    """The specs by kind; refuses a kind given twice or an action class without its spec."""
    table: dict[str, ActionSpec] = {}
    for spec in specs:
        if spec.kind in table:
            raise TypeError(f"the action kind {spec.kind!r} has two specs")
        table[spec.kind] = spec
    return check_complete(A.ACTIONS, table, "action spec")


# ── shared by several kinds ───────────────────────────────────────────────────────────────


def _say(words: str) -> Log:
    return lambda state, action, player: words


def _drafted(state: GameState, action, player: int) -> str:
    return "drafted"  # the details become public when everybody has passed: public_lines


def _nothing(view, me, action, out) -> None:
    """A choice whose effect is its own wording (crane colours, the diagonal, skipping a
    street card, ending the turn)."""


def _one_cell(action) -> tuple[str, ...]:
    return (action.cell,)


def _no_cell(action) -> tuple[str, ...]:
    return ()


#: Supply key of each simple resource ($, T, A) in a preview.
_SIMPLE = {"$": "coin", "T": "tribune", "A": "assistant"}
#: Track benefits that add to the supply at once.
_BENEFIT_GAINS = {
    "builder": {"builder": 1},
    "two_assistants": {"assistant": 2},
    "two_tribunes": {"tribune": 2},
    "coin": {"coin": 1},
    "worker_and_tribune": {"tribune": 1},
}


def _add(out: dict, field: str, key: str, amount: int) -> None:
    if amount:
        bucket = out.setdefault(field, {})
        bucket[key] = bucket.get(key, 0) + amount


def _upgrades(me: ColoniaView, count: int, out: dict) -> None:
    """``count`` upgrades: +1 each, or with Merchant I active straight to the next cypress."""
    if not count:
        return
    k = out.get("prestige", -1)
    k = me.prestige if k < 0 else k
    merchant = me.row_active[MERCHANT_I] and bool(me.citizens[MERCHANT_I][0])
    moved = 0
    for _ in range(count):
        after = next_cypress(k) if merchant else min(k + 1, PRESTIGE_MAX)
        moved += after != k
        k = after
    if moved:
        out["prestige"] = k
    _add(out, "gain", "upgrade", moved)
    # an upgrade with the slide bar at its end does nothing: said, never promised
    _add(out, "lost", "upgrade", count - moved)


def _column_points(view: PlayerView, me: ColoniaView) -> int:
    """A triumphal column or a finished track: the column's value + 1 per active citizen."""
    return view.column_value + me.active_citizens()


def _patrician1(me: ColoniaView) -> bool:
    return me.row_active[PATRICIAN_I] and bool(me.citizens[PATRICIAN_I][0])


def _patrician2(me: ColoniaView) -> bool:
    return me.row_active[PATRICIAN_II] and bool(me.citizens[PATRICIAN_II][0])


def _grid_tile(me: ColoniaView, cell: int, out: dict) -> None:
    """Taking the tile on ``cell``: a face-up corner tile is known, a face-down one is not."""
    kind, detail = parse_cell(me.cells[cell])
    if kind == CellKind.TILE:
        out["tile"] = detail
    else:
        out["hidden_tile"] = True
    if cell in CORNERS:
        out["crane"] = me.cranes[CORNERS.index(cell)]


def _tile_gains(me: ColoniaView, kind: str, out: dict) -> None:
    """Using a Colonia tile of ``kind``: its resources, or a citizen to seat."""
    out["tile"] = kind
    if kind in CITIZEN_KINDS:
        return  # where it goes is the next choice
    builders, workers, assistants, coins, tribunes, upgrades = TILE_GAINS[kind]
    _add(out, "gain", "builder", builders)
    for colour, count in workers.items():
        _add(out, "gain", f"worker:{colour}", count)
    _add(out, "gain", "assistant", assistants)
    _add(out, "gain", "coin", coins)
    _add(out, "gain", "tribune", tribunes)
    _upgrades(me, upgrades, out)


def _gray_benefit(view: PlayerView, me: ColoniaView, code: str, out: dict) -> None:
    """A gray building's benefit: the column's points, or the next step of its track."""
    if code == "C":
        out["points"] = out.get("points", 0) + _column_points(view, me)
        return
    track = TRACKS.index(code)
    reached = me.tracks[track] + 1
    if reached > 4:
        return  # the track is finished: no more benefits from this building type
    out["track"], out["step"] = code, reached
    out["benefits"] = TRACK_BENEFITS[code][:reached]
    if reached == 4:
        out["track_ends"] = True
        out["points"] = out.get("points", 0) + _column_points(view, me)


def _free_spaces(view: PlayerView, mode: str, colour: str = "") -> int:
    """Free Forum spaces an envoy of ``mode`` may go to (``benefits.envoy_targets``): of
    ``colour`` ("colour"), any coloured one ("any", "free"; under the colour-area rule an
    envoy of "any" colour still finds every colour with a free space), an eagle space
    ("eagle")."""
    geo = geometry(view.forum_faces, view.forum_layout)
    cells: Sequence[int]
    if mode == "colour":
        cells = geo.cells_of_colour.get(colour, ())
    elif mode == "eagle":
        cells = geo.eagles
    else:
        cells = [i for i, c in enumerate(geo.colours) if c != "E"]
    return sum(1 for i in cells if view.forum[i] < 0)


def _envoys(
    view: PlayerView, me: ColoniaView, out: dict, count: int, mode: str, colour: str = ""
) -> None:
    """``count`` envoys sent to the Forum (``mode`` as in :func:`_free_spaces`): as many as
    the ship holds and the Forum has free spaces for go to ``envoys``; the rest, which the
    action would send but cannot, to ``envoys_lost``."""
    placed = min(count, me.ship, _free_spaces(view, mode, colour))
    out["envoys"] = out.get("envoys", 0) + placed
    if count > placed:
        out["envoys_lost"] = out.get("envoys_lost", 0) + count - placed


def _tile_in_hand(me, cell: str) -> str:
    if me is not None and cell in me.taken_cells:
        return me.taken[me.taken_cells.index(cell)]
    return ""


# ── setup: the cranes, the diagonal, a citizen's row, the handicap ───────────────────────


def _cranes_log(state: GameState, action: A.SetupCranes, player: int) -> str:
    return "placed the cranes: " + ", ".join(
        f"{corner} {COLOUR_NAMES[c]} ({c})"
        for corner, c in zip(CORNER_NAMES, action.colours, strict=True)
    )


def _cranes_words(action: A.SetupCranes, pv: PlayerView, me) -> str:
    pairs = ", ".join(f"{c} {COLOUR_NAMES[k]}" for c, k in zip(
        CORNER_NAMES, action.colours, strict=True))  # fmt: skip
    return f"Cranes: {pairs}"


def _diagonal_log(state: GameState, action: A.SetupDiagonal, player: int) -> str:
    a, b = (CELL_NAMES[c] for c in DIAGONALS[action.diagonal])
    first, second = citizen_name(action.first), citizen_name(action.second)
    return f"chose the diagonal: {first} on {a}, {second} on {b}"


def _diagonal_words(action: A.SetupDiagonal, pv: PlayerView, me) -> str:
    a, b = (cell_name(c) for c in DIAGONALS[action.diagonal])
    return f"{tile_label(action.first)} on {a}, {tile_label(action.second)} on {b}"


def _row_log(state: GameState, action: A.ChooseRow, player: int) -> str:
    task = state.tasks[-1] if state.tasks else None
    if task is not None and task.kind == "citizen":
        who = f"the {citizen_name(task.citizen)}"
    elif task is not None and task.kind == "setup_row":
        who = "the drawn citizen"  # the row names its class
    else:
        who = "a citizen"
    return f"seated {who} in row {action.row} ({ROW_TITLES[action.row - 1]})"


def _row_preview(view, me, action: A.ChooseRow, out) -> None:
    row = action.row - 1
    out["citizen_row"] = action.row
    if not me.citizens[row][0]:
        out["flips_bar"] = row == MERCHANT_I and not me.flipped
        return
    bonus = CITIZEN_ROWS[row][1]
    out["second_citizen"] = bonus
    if bonus == "builder":
        _add(out, "gain", "builder", 1)
    elif bonus == "envoy":
        _envoys(view, me, out, 1, "any")
    elif bonus == "area_bonus":
        out["area_bonuses"] = 1


def _row_words(action: A.ChooseRow, pv: PlayerView, me) -> str:
    who = "The citizen"
    if pv.decision == Decision.CITIZEN and pv.task is not None:
        who = tile_label(pv.task.citizen)
    elif me is not None and me.female:
        who = tile_label(me.female)
    row = action.row - 1  # what the row lets its owner do, so that the choice can be made
    return f"{who} into row {action.row}: {ROW_TITLES[row]} ({CITIZEN_ABILITIES[row]})"


def _handicap_preview(view, me, action: A.HandicapCorner, out) -> None:
    if action.cell != A.NO_CORNER:
        _grid_tile(me, cell_index(action.cell), out)
    _add(out, "gain", "coin", HANDICAP_EXTRA_COINS)


def _handicap_log(s, a: A.HandicapCorner, p) -> str:
    if a.cell == A.NO_CORNER:
        return "took no second citizen (newcomer's handicap: 1 extra coin only)"
    return f"took the citizen from corner {a.cell} (newcomer's handicap)"


def _handicap_words(a: A.HandicapCorner, pv, me) -> str:
    if a.cell == A.NO_CORNER:  # what is lost, so that the choice can be made (DE l.853)
        return (
            "Take no citizen: only the extra coin; no second active citizen, and every "
            "crane stays covered"
        )
    return f"Take the citizen from corner {a.cell}"


def _handicap_cells(a: A.HandicapCorner) -> tuple[str, ...]:
    return () if a.cell == A.NO_CORNER else (a.cell,)


# ── the draft: take, skip, keep ───────────────────────────────────────────────────────────


def _take_secret(before: GameState, action: A.TakeTile, after, seat: int):
    tile = before.players[seat].grid[CELL_NAMES.index(action.cell)]
    paid = ", paying 1 tribune" if action.tribune else ""
    kind = tile_words(tile_kind(tile)) if tile >= 0 else "?"
    return [(seat, f"took the tile at {action.cell} for card {action.card}{paid}: {kind}")]


def _take_preview(view, me, action: A.TakeTile, out) -> None:
    _grid_tile(me, cell_index(action.cell), out)
    if action.tribune:
        _add(out, "pay", "tribune", 1)


def _take_words(action: A.TakeTile, pv: PlayerView, me) -> str:
    street = street_name(pv.street[action.card - 1]) if pv.street else "its street"
    if action.tribune:
        return f"Take the tile at {action.cell} for card {action.card}, off {street}"
    return f"Take the tile at {action.cell} for card {action.card} ({street})"


def _skip_secret(before: GameState, action: A.SkipCard, after, seat: int):
    return [(seat, f"took no tile for card {action.card} (its street was empty)")]


def _keep_secret(before: GameState, action: A.KeepTile, after: GameState, seat: int):
    done = after.players[seat]
    text = f"kept {tile_words(tile_kind(done.kept))}" if done.kept >= 0 else "kept no tile"
    if done.passed >= 0:
        text += f" and passed {tile_words(tile_kind(done.passed))} to the right"
    return [(seat, text)]


def _keep_preview(view, me, action: A.KeepTile, out) -> None:
    cells = list(me.taken_cells)
    if action.cell in cells:
        out["tile"] = me.taken[cells.index(action.cell)]


def _keep_words(action: A.KeepTile, pv: PlayerView, me) -> str:
    kept = _tile_in_hand(me, action.cell)
    others = [c for c in (me.taken_cells if me else ()) if c != action.cell]
    passed = tile_label(_tile_in_hand(me, others[0])) if others else "the other tile"
    return f"Keep {tile_label(kept) or 'the tile'} (from {action.cell}), pass {passed}"


# ── the turn: use tiles, convert, build, end ──────────────────────────────────────────────


def _use_log(state: GameState, action: A.UseTile, player: int) -> str:
    pl = state.players[player]  # the tiles lie face up once the turn has begun
    tile = {"own": pl.kept, "received": pl.received}.get(action.source, -1)
    kind = tile_kind(tile) if tile >= 0 else action.tile
    where = {"own": "kept tile", "received": "received tile", "reserve": "reserve tile"}
    return f"used the {where[action.source]}: {TILE_LABELS[kind]}"


def _use_preview(view, me, action: A.UseTile, out) -> None:
    kind = {"own": me.kept, "received": me.received}.get(action.source, action.tile)
    if kind:
        _tile_gains(me, kind, out)


def _use_words(action: A.UseTile, pv: PlayerView, me) -> str:
    if action.source == "own":
        return f"Use your kept tile: {tile_label(me.kept if me else '')}"
    if action.source == "received":
        return f"Use the tile you received: {tile_label(me.received if me else '')}"
    return f"Use a tile from your reserve: {tile_label(action.tile)}"


def _both_preview(view, me, action, out) -> None:
    _add(out, "pay", "tribune", 2)


def _convert_log(state: GameState, action: A.Convert, player: int) -> str:
    give, get = action.give, action.get
    if action.method == "pair":
        what = f"2 {COLOUR_NAMES[give]} workers ({give}) into 1 builder"
    elif action.method == "recolour":
        what = f"a {COLOUR_NAMES[give]} worker ({give}) into a {COLOUR_NAMES[get]} one ({get})"
    elif action.method == "craftsman1":
        what = f"an assistant into a {COLOUR_NAMES[get]} worker ({get}) (Craftsman I)"
    elif action.method == "craftsman2":
        what = "an assistant into a builder (Craftsman II)"
    else:
        what = f"{GAIN_WORDS[give]} into {GAIN_WORDS[get]} (Merchant II)"
    return "converted " + what


def _convert_preview(view, me, action: A.Convert, out) -> None:
    m = action.method
    if m == "pair":
        _add(out, "pay", f"worker:{action.give}", 2)
        _add(out, "gain", "builder", 1)
    elif m == "recolour":
        _add(out, "pay", "assistant", 1)
        _add(out, "pay", f"worker:{action.give}", 1)
        _add(out, "gain", f"worker:{action.get}", 1)
    elif m == "craftsman1":
        _add(out, "pay", "assistant", 1)
        _add(out, "gain", f"worker:{action.get}", 1)
    elif m == "craftsman2":
        _add(out, "pay", "assistant", 1)
        _add(out, "gain", "builder", 1)
    else:
        _add(out, "pay", _SIMPLE[action.give], 1)
        _add(out, "gain", _SIMPLE[action.get], 1)


def _build_log(state: GameState, action: A.Build, player: int) -> str:
    parts = [f"{building_words(action.a)} at {action.cell_a}"]
    if action.b:
        parts.append(f"{building_words(action.b)} at {action.cell_b}")
    return "built " + " + ".join(parts)


def _build_preview(view, me, action: A.Build, out) -> None:
    codes = [action.a] + ([action.b] if action.b else [])
    structures = [code for code in codes if code not in GRAYS]
    for code in codes:
        if code in GRAYS:
            _add(out, "pay", "builder", 1)
            _gray_benefit(view, me, code, out)
        else:
            _add(out, "pay", f"worker:{code}", 1)
    if structures:
        _envoys(view, me, out, len(structures), "colour", structures[0])


def _build_words(action: A.Build, pv: PlayerView, me) -> str:
    if action.b:
        return (
            f"Build {building_name(action.a)} on {action.cell_a} and "
            f"{building_name(action.b)} on {action.cell_b}"
        )
    return f"Build {building_name(action.a)} on {action.cell_a}"


def _build_cells(action: A.Build) -> tuple[str, ...]:
    return (action.cell_a, action.cell_b) if action.b else (action.cell_a,)


# ── what a building or a citizen brings: first, envoy, step, worker, bonus, gain, pick ────


def _first_log(state: GameState, action: A.ChooseFirst, player: int) -> str:
    return "resolved the " + ("gray building" if action.which == "gray" else "structure") + " first"


def _first_preview(view, me, action: A.ChooseFirst, out) -> None:
    """Both benefits of the double tile follow, in the chosen order."""
    task = view.task
    _gray_benefit(view, me, task.gray, out)
    _envoys(view, me, out, 1, "colour", task.colour)


def _first_words(action: A.ChooseFirst, pv: PlayerView, me) -> str:
    if action.which == "gray":
        return "First the benefit of the gray building, then the structure's envoy"
    return "First the structure's envoy, then the benefit of the gray building"


def _envoy_log(state: GameState, action: A.PlaceEnvoy, player: int) -> str:
    if action.declined:
        return "placed no envoy"
    return f"placed an envoy on Forum row {action.row}, column {action.col}"


def _envoy_preview(view, me, action: A.PlaceEnvoy, out) -> None:
    if action.declined:
        return
    geo = geometry(view.forum_faces, view.forum_layout)
    cell = geo.index[(action.row - 1, action.col - 1)]
    before = list(view.forum)
    forum = list(view.forum)
    forum[cell] = view.viewer
    if completes_area(geo, forum, cell):
        out["area_bonuses"] = 2 if _patrician2(me) else 1
    # what it scores at each Forum scoring, by the scoring's own rules (engine/forum.py)
    seat, diagonal = view.viewer, _patrician1(me)
    out["eagle"] = eagle_place(geo, cell, diagonal)
    out["eagle_points"] = eagle_points(geo, forum, int, seat, diagonal) - eagle_points(
        geo, before, int, seat, diagonal
    )
    out["group"] = group_at(geo, forum, int, cell)
    out["area_points"] = area_points(
        largest_group(geo, forum, int, seat), me.prestige, me.flipped
    ) - area_points(largest_group(geo, before, int, seat), me.prestige, me.flipped)


def _envoy_words(action: A.PlaceEnvoy, pv: PlayerView, me) -> str:
    if action.declined:
        return "Place no envoy"
    return f"Envoy at row {action.row}, column {action.col}" + _space(
        pv, action.row - 1, action.col - 1
    )


def _space(pv: PlayerView, row: int, col: int) -> str:
    """ " (blue)" / " (eagle)": the Forum space's colour, printed on the board."""
    if (row, col) not in pv.forum_coords:
        return ""
    colour = pv.forum_colours[pv.forum_coords.index((row, col))]
    return " (eagle)" if colour == "E" else f" ({COLOUR_NAMES[colour]})"


def _envoy_forum(action: A.PlaceEnvoy) -> tuple[int, int] | None:
    return None if action.declined else (action.row - 1, action.col - 1)


def _step_log(state: GameState, action: A.ChooseStep, player: int) -> str:
    task = state.tasks[-1] if state.tasks else None
    if task is None or task.kind != "step":  # pragma: no cover - a step is chosen in its task
        return f"took step {action.n}"
    track = TRACKS[task.track]
    benefit = TRACK_BENEFITS[track][action.n - 1]
    return f"took step {action.n} of the {GRAY_NAMES[track]} track: {BENEFIT_LABELS[benefit]}"


def _step_preview(view, me, action: A.ChooseStep, out) -> None:
    task = view.task
    benefit = TRACK_BENEFITS[TRACKS[task.track]][action.n - 1]
    for key, amount in _BENEFIT_GAINS.get(benefit, {}).items():
        _add(out, "gain", key, amount)
    if benefit == "upgrade":
        _upgrades(me, 1, out)
    elif benefit in ("eagle_envoy", "free_envoy"):
        _envoys(view, me, out, 1, benefit.removesuffix("_envoy"))
    elif benefit == "area_bonus":
        out["area_bonuses"] = 2 if _patrician2(me) else 1
    elif benefit == "extra_build":
        out["benefits"] = ("extra_build",)
    out["track"], out["step"] = TRACKS[task.track], action.n
    if task.reached == 4:  # the last step: the finished track then scores like a column
        out["track_ends"] = True
        out["points"] = out.get("points", 0) + _column_points(view, me)


def _step_words(action: A.ChooseStep, pv: PlayerView, me) -> str:
    index = pv.task.track if pv.decision == Decision.STEP and pv.task is not None else -1
    if 0 <= index < len(TRACKS):
        track = TRACKS[index]
        benefit = BENEFIT_LABELS[TRACK_BENEFITS[track][action.n - 1]]
        return f"{GRAY_NAMES[track].capitalize()} step {action.n}: {benefit}"
    return f"The benefit of step {action.n}"


def _worker_preview(view, me, action: A.ChooseWorker, out) -> None:
    _add(out, "gain", f"worker:{action.colour}", 1)


def _bonus_preview(view, me, action: A.ChooseBonus, out) -> None:
    for code in action.bonuses:
        if code == "U":
            _upgrades(me, 1, out)
        elif code == "V":
            out["points"] = out.get("points", 0) + AREA_BONUS_VP
        else:
            _add(out, "gain", _SIMPLE[code], 1)


def _gain_preview(view, me, action: A.ChooseGain, out) -> None:
    _add(out, "gain", _SIMPLE[action.resource], 1)


def _pick_secret(before: GameState, action: A.PickTile, after, seat: int):
    tile = before.players[seat].grid[CELL_NAMES.index(action.cell)]
    if tile < 0:
        return []
    return [(seat, f"the tile at {action.cell} was {tile_words(tile_kind(tile))}")]


def _pick_preview(view, me, action: A.PickTile, out) -> None:
    _grid_tile(me, cell_index(action.cell), out)
    if out.get("tile"):  # a face-up corner tile: what using it gives is known
        _tile_gains(me, out["tile"], out)


# ── the end of a cycle: paying the citizens ──────────────────────────────────────────────


def _pay_log(state: GameState, action: A.PayCitizens, player: int) -> str:
    rows = ", ".join(ROW_TITLES[r - 1] for r in action.rows) or "nobody"
    return f"paid citizens: {rows}"


def _pay_preview(view, me, action: A.PayCitizens, out) -> None:
    _add(out, "pay", "coin", len(action.rows))
    seated = [r + 1 for r in range(len(me.citizens)) if me.citizens[r][0]]
    out["inactive_rows"] = tuple(r for r in seated if r not in action.rows)
    out["trajan_tasks"] = _pay_tasks(view, me, action)


def _pay_tasks(view, me, action: A.PayCitizens) -> tuple[tuple[str, int, int], ...]:
    """What paying ``action.rows`` does to the Trajan tasks of the scoring right after it (the
    cycle's card, public): (task, times met now, times met after) for each task met now or
    whose count it changes (resources are shown, not paid: the coins paid count no more)."""
    card = view.trajan_cards[view.cycle - 1] if 1 <= view.cycle <= len(view.trajan_cards) else ""
    if not card or me is None:
        return ()
    colonia = shown(me)
    now, after = tasks_met(card, colonia), tasks_met(card, after_paying(colonia, action.rows))
    return tuple(
        (name, n, a)
        for name, n, a in zip(("building", "collection"), now, after, strict=True)
        if n or a != n
    )


_TIMES = {1: "once", 2: "twice"}


def trajan_task_words(task: str, now: int, after: int, value: int) -> str:
    """What a choice does to a Trajan task of the scoring right after it: keeps it met,
    makes it fail or meets it, with the points at stake (``value`` VP a fulfilment)."""
    if after == now:
        return f"{task} task stays met ({now * value} VP)"
    points = abs(after - now) * value
    if after == 0:
        return f"{task} task FAILS (-{points} VP)"
    if now == 0:
        return f"{task} task met (+{points} VP)"
    sign = "+" if after > now else "-"
    return (
        f"{task} task met {_TIMES.get(after, f'{after} times')}, not "
        f"{_TIMES.get(now, f'{now} times')} ({sign}{points} VP)"
    )


def _pay_words(action: A.PayCitizens, pv: PlayerView, me) -> str:
    """What the payment does to the cycle's Trajan tasks (first: what a cut entry must not
    hide), then which rows stay active and which turn inactive (rows with citizens, public)."""
    coins = "1 coin" if len(action.rows) == 1 else f"{len(action.rows)} coins"
    head = f"Pay {coins}" if action.rows else "Pay nothing"
    tasks = _pay_tasks(pv, me, action)
    if tasks:
        value = me.trajan_card_value
        head += " — " + ", ".join(trajan_task_words(t, n, a, value) for t, n, a in tasks)
    if not action.rows:
        return f"{head}: every citizen row turns inactive"
    if me is None:
        kept = ", ".join(ROW_TITLES[r - 1] for r in action.rows)
        return f"{head}: {kept} stay{'s' if len(action.rows) == 1 else ''} active"
    # a paid row stays active, or turns active again (rulebook: "Inactive citizens of a
    # social class can be reactivated"); an unpaid one with citizens turns (or stays) inactive
    paid = {r - 1 for r in action.rows}
    parts = []
    for is_paid, active, one, many, what in (
        (True, True, "stays", "stay", "active"),
        (True, False, "turns", "turn", "active again"),
        (False, True, "turns", "turn", "inactive"),
        (False, False, "stays", "stay", "inactive"),
    ):
        rows = [
            ROW_TITLES[r]
            for r in range(6)
            if (r in paid) == is_paid
            and me.row_active[r] == active
            and (is_paid or any(me.citizens[r]))
        ]
        if rows:
            parts.append(f"{', '.join(rows)} {one if len(rows) == 1 else many} {what}")
    return f"{head}: " + "; ".join(parts)


#: Preview parts that the words of a choice of a resource already name.
_NAMES_ITS_GAIN = frozenset(("gain", "points"))

#: One spec per action kind, by kind (checked at import: see the module's docstring).
SPECS: dict[str, ActionSpec] = _registry(
    ActionSpec(
        action=A.SetupCranes,
        log=_cranes_log,
        reveals=False,
        preview=_nothing,
        words=_cranes_words,
        cells=_no_cell,
    ),
    ActionSpec(
        action=A.SetupDiagonal,
        log=_diagonal_log,
        reveals=False,
        preview=_nothing,
        words=_diagonal_words,
        cells=_no_cell,
    ),
    ActionSpec(
        action=A.ChooseRow,
        log=_row_log,
        reveals=False,
        preview=_row_preview,
        words=_row_words,
        says=frozenset(("citizen_row",)),
        cells=_no_cell,
    ),
    ActionSpec(
        action=A.HandicapCorner,
        log=_handicap_log,
        reveals=False,
        preview=_handicap_preview,
        words=_handicap_words,
        cells=_handicap_cells,
    ),
    ActionSpec(
        action=A.TakeTile,
        log=_drafted,
        reveals=True,  # the tile's front is seen (and the draft cannot be undone)
        final="a draft pick cannot be taken back",
        draft=True,
        secret=_take_secret,
        preview=_take_preview,
        words=_take_words,
        says=frozenset(("hidden_tile",)),  # a take says it takes a tile
        cells=_one_cell,
    ),
    ActionSpec(
        action=A.SkipCard,
        log=_drafted,
        reveals=False,
        draft=True,
        secret=_skip_secret,
        preview=_nothing,
        words=lambda a, pv, me: f"Take no tile for card {a.card} (its street is empty)",
        cells=_no_cell,
    ),
    ActionSpec(
        action=A.KeepTile,
        log=_drafted,
        reveals=True,
        final="a draft pick cannot be taken back",
        draft=True,
        secret=_keep_secret,
        preview=_keep_preview,
        words=_keep_words,
        says=frozenset(("tile",)),
        cells=_one_cell,
    ),
    ActionSpec(
        action=A.UseTile,
        log=_use_log,
        reveals=False,
        preview=_use_preview,
        words=_use_words,
        says=frozenset(("tile", *_NAMES_ITS_GAIN)),
        cells=_no_cell,
    ),
    ActionSpec(
        action=A.UseBoth,
        log=_say("paid 2 tribunes to use both tiles"),
        reveals=False,
        preview=_both_preview,
        words=lambda a, pv, me: "Use both tiles",
        cells=_no_cell,
    ),
    ActionSpec(
        action=A.Convert,
        log=_convert_log,
        reveals=False,
        preview=_convert_preview,
        # the preview says what goes and what comes
        words=lambda a, pv, me: CONVERT_NAMES.get(a.method, "Exchange"),
        cells=_no_cell,
    ),
    ActionSpec(
        action=A.Build,
        log=_build_log,
        reveals=False,
        preview=_build_preview,
        words=_build_words,
        cells=_build_cells,
    ),
    ActionSpec(
        action=A.EndTurn,
        log=_say("ended the turn"),
        reveals=True,
        final="your turn has ended",
        preview=_nothing,
        words=lambda a, pv, me: "End the turn",
        cells=_no_cell,
    ),
    ActionSpec(
        action=A.ChooseFirst,
        log=_first_log,
        reveals=False,
        preview=_first_preview,
        words=_first_words,
        cells=_no_cell,
    ),
    ActionSpec(
        action=A.PlaceEnvoy,
        log=_envoy_log,
        reveals=False,
        preview=_envoy_preview,
        words=_envoy_words,
        cells=_no_cell,
        forum=_envoy_forum,
    ),
    ActionSpec(
        action=A.ChooseStep,
        log=_step_log,
        reveals=False,
        preview=_step_preview,
        words=_step_words,
        says=frozenset(("track", *_NAMES_ITS_GAIN)),
        cells=_no_cell,
    ),
    ActionSpec(
        action=A.ChooseWorker,
        log=lambda s, a, p: f"took 1 {COLOUR_NAMES[a.colour]} worker ({a.colour})",
        reveals=False,
        preview=_worker_preview,
        words=lambda a, pv, me: f"Take 1 {COLOUR_NAMES[a.colour]} worker ({a.colour})",
        says=_NAMES_ITS_GAIN,
        cells=_no_cell,
    ),
    ActionSpec(
        action=A.ChooseBonus,
        log=lambda s, a, p: (
            "took the area bonus " + " + ".join(AREA_BONUS_LABELS[b] for b in a.bonuses)
        ),
        reveals=False,
        preview=_bonus_preview,
        words=lambda a, pv, me: (
            "Area bonus: " + " and ".join(AREA_BONUS_LABELS[b] for b in a.bonuses)
        ),
        says=_NAMES_ITS_GAIN,
        cells=_no_cell,
    ),
    ActionSpec(
        action=A.ChooseGain,
        log=lambda s, a, p: f"took {GAIN_WORDS[a.resource]}",
        reveals=False,
        preview=_gain_preview,
        words=lambda a, pv, me: f"Take {GAIN_WORDS.get(a.resource, a.resource)}",
        says=_NAMES_ITS_GAIN,
        cells=_no_cell,
    ),
    ActionSpec(
        action=A.PickTile,
        log=lambda s, a, p: f"took the tile at {a.cell} to use it at once",
        reveals=True,
        final="a tile taken from your Colonia cannot be put back",
        secret=_pick_secret,
        preview=_pick_preview,
        words=lambda a, pv, me: f"Take the tile at {a.cell} from your Colonia and use it now",
        cells=_one_cell,
    ),
    ActionSpec(
        action=A.PayCitizens,
        log=_pay_log,
        reveals=True,
        final="a payment of citizens cannot be taken back",
        preview=_pay_preview,
        words=_pay_words,
        # its words say what it pays, who stays active and what becomes of the Trajan tasks
        says=frozenset(("pay", "inactive_rows", "trajan_tasks")),
        cells=_no_cell,
    ),
)


def spec_of(action) -> ActionSpec | None:
    """The spec of ``action``'s kind; None for anything that is not a Forum Trajanum action."""
    spec = SPECS.get(getattr(action, "kind", ""))
    return spec if spec is not None and type(action) is spec.action else None


__all__ = ["SAYABLE", "SPECS", "ActionSpec", "spec_of"]
