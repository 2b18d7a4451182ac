"""What a choice costs and gives: ``preview(view, action)``.

A preview is computed from the acting player's view alone, so it can hold nothing the player
may not know: taking a face-down tile says "a hidden tile" and nothing more. It says what the
action itself does at once — resources paid and gained, points, the benefit track step and the
benefits it then offers, envoys to place, area bonuses won, the crane it uncovers, the slide
bar's new position — and what the screen needs to word it; the choices that follow (which
benefit, which Forum cell) have previews of their own when they come.
"""

from __future__ import annotations

from pydantic import BaseModel, ConfigDict, Field

from forum_trajanum.data import (
    AREA_BONUS_VP,
    CITIZEN_KINDS,
    CITIZEN_ROWS,
    COLOURS,
    CORNERS,
    GRAYS,
    HANDICAP_EXTRA_COINS,
    MERCHANT_I,
    PATRICIAN_II,
    PRESTIGE_MAX,
    TILE_GAINS,
    TRACK_BENEFITS,
    TRACKS,
    cell_index,
    next_cypress,
)
from forum_trajanum.engine import actions as A
from forum_trajanum.engine.forum import completes_area, geometry
from forum_trajanum.engine.view import ColoniaView, PlayerView, active_citizens

#: Supply keys of ``Preview.pay`` / ``Preview.gain``; a worker is ``"worker:B"`` etc.
SUPPLY_KEYS = ("builder", *(f"worker:{c}" for c in COLOURS), "assistant", "coin", "tribune")
_SIMPLE = {"$": "coin", "T": "tribune", "A": "assistant"}
#: Track benefits that add to the supply at once.
_BENEFIT_GAINS = {
    "builder": {"builder": 1},
    "two_assistants": {"assistant": 2},
    "two_tribunes": {"tribune": 2},
    "coin": {"coin": 1},
    "worker_and_tribune": {"tribune": 1},
}


class Preview(BaseModel):
    """What ``action`` costs and gives the acting player, as far as that player can know."""

    model_config = ConfigDict(frozen=True)
    action: str
    pay: dict[str, int] = Field(default_factory=dict)  # supply spent (SUPPLY_KEYS)
    gain: dict[str, int] = Field(default_factory=dict)  # supply gained; "upgrade": steps
    points: int = 0  # VP scored at once
    track: str = ""  # "L", "S" or "M": the benefit track stepped on
    step: int = 0  # the step reached on it
    benefits: tuple[str, ...] = ()  # benefit codes to choose from next (TRACK_BENEFITS)
    track_ends: bool = False  # the track is finished: its marker goes beside Trajan's Column
    second_citizen: str = ""  # the second-citizen bonus earned (CITIZEN_ROWS codes)
    envoys: int = 0  # envoys the player may then place (as many as the ship allows)
    area_bonuses: int = 0  # area bonuses won (an envoy completing a colour area)
    crane: str = ""  # colour letter of a crane this uncovers
    tile: str = ""  # kind of a known tile taken or used
    hidden_tile: bool = False  # a face-down tile is taken: its front is not known yet
    prestige: int = -1  # the slide bar's position afterwards (-1: unchanged)
    flips_bar: bool = False  # Merchant I turns the slide bar to its other side
    citizen_row: int = 0  # 1-6: the citizen row that gets a citizen
    inactive_rows: tuple[int, ...] = ()  # citizen rows that turn inactive (unpaid)


def preview(view: PlayerView, action: A.Action) -> Preview:
    """What ``action`` costs and gives the viewer (the player whose decision it is)."""
    me = view.colonias[view.viewer]
    out: dict = {"action": str(action)}
    handler = _HANDLERS.get(type(action))
    if handler is not None:
        handler(view, me, action, out)
    return Preview(**out)


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
    for _ in range(count):
        k = next_cypress(k) if merchant else min(k + 1, PRESTIGE_MAX)
    out["prestige"] = k
    _add(out, "gain", "upgrade", count)


def _column_points(view: PlayerView, me: ColoniaView) -> int:
    """A triumphal column or a finished track: the column's value + 1 per active citizen."""
    return view.column_value + active_citizens(me)


def _grid_tile(me: ColoniaView, cell: int, out: dict) -> None:
    """Taking the tile on ``cell``: a face-up corner tile is known, a face-down one is not."""
    content = me.cells[cell]
    if content.startswith("tile:"):
        out["tile"] = content[5:]
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


def _take(view, me, action: A.TakeTile, out) -> None:
    _grid_tile(me, cell_index(action.cell), out)
    if action.tribune:
        _add(out, "pay", "tribune", 1)


def _keep(view, me, action: A.KeepTile, out) -> None:
    cells = list(me.taken_cells)
    if action.cell in cells:
        out["tile"] = me.taken[cells.index(action.cell)]


def _use(view, me, action: A.UseTile, out) -> None:
    kind = {"own": me.kept, "received": me.received}.get(action.source, action.tile)
    if kind:
        _tile_gains(me, kind, out)


def _both(view, me, action, out) -> None:
    _add(out, "pay", "tribune", 2)


def _convert(view, me, action: A.Convert, out) -> None:
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


def _build(view, me, action: A.Build, out) -> None:
    codes = [action.a] + ([action.b] if action.b else [])
    structures = 0
    for code in codes:
        if code in GRAYS:
            _add(out, "pay", "builder", 1)
            _gray_benefit(view, me, code, out)
        else:
            _add(out, "pay", f"worker:{code}", 1)
            structures += 1
    out["envoys"] = min(structures, me.ship)


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


def _row(view, me, action: A.ChooseRow, out) -> None:
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
        out["envoys"] = min(1, me.ship)
    elif bonus == "area_bonus":
        out["area_bonuses"] = 1


def _handicap(view, me, action: A.HandicapCorner, out) -> None:
    _grid_tile(me, cell_index(action.cell), out)
    _add(out, "gain", "coin", HANDICAP_EXTRA_COINS)


def _envoy(view, me, action: A.PlaceEnvoy, out) -> None:
    if action.declined:
        return
    geo = geometry(view.forum_faces, view.forum_layout)
    cell = geo.index[(action.row - 1, action.col - 1)]
    forum = list(view.forum)
    forum[cell] = view.viewer
    if completes_area(geo, forum, cell):
        patrician2 = me.row_active[PATRICIAN_II] and bool(me.citizens[PATRICIAN_II][0])
        out["area_bonuses"] = 2 if patrician2 else 1


def _step(view, me, action: A.ChooseStep, out) -> None:
    task = view.task
    benefit = TRACK_BENEFITS[TRACKS[task.track]][action.n - 1]
    for key, amount in _BENEFIT_GAINS.get(benefit, {}).items():
        _add(out, "gain", key, amount)
    if benefit == "upgrade":
        _upgrades(me, 1, out)
    elif benefit in ("eagle_envoy", "free_envoy"):
        out["envoys"] = min(1, me.ship)
    elif benefit == "area_bonus":
        patrician2 = me.row_active[PATRICIAN_II] and bool(me.citizens[PATRICIAN_II][0])
        out["area_bonuses"] = 2 if patrician2 else 1
    elif benefit == "extra_build":
        out["benefits"] = ("extra_build",)
    out["track"], out["step"] = TRACKS[task.track], action.n
    if task.reached == 4:  # the last step: the finished track then scores like a column
        out["track_ends"] = True
        out["points"] = out.get("points", 0) + _column_points(view, me)


def _worker(view, me, action: A.ChooseWorker, out) -> None:
    _add(out, "gain", f"worker:{action.colour}", 1)


def _bonus(view, me, action: A.ChooseBonus, out) -> None:
    for code in action.bonuses:
        if code == "U":
            _upgrades(me, 1, out)
        elif code == "V":
            out["points"] = out.get("points", 0) + AREA_BONUS_VP
        else:
            _add(out, "gain", _SIMPLE[code], 1)


def _gain(view, me, action: A.ChooseGain, out) -> None:
    _add(out, "gain", _SIMPLE[action.resource], 1)


def _pick(view, me, action: A.PickTile, out) -> None:
    _grid_tile(me, cell_index(action.cell), out)
    if out.get("tile"):  # a face-up corner tile: what using it gives is known
        _tile_gains(me, out["tile"], out)


def _pay(view, me, action: A.PayCitizens, out) -> None:
    _add(out, "pay", "coin", len(action.rows))
    seated = [r + 1 for r in range(len(me.citizens)) if me.citizens[r][0]]
    out["inactive_rows"] = tuple(r for r in seated if r not in action.rows)


def _nothing(view, me, action, out) -> None:
    """Choices whose effect is their own wording (crane colours, the diagonal, which benefit
    comes first, skipping a street card, ending the turn)."""


_HANDLERS = {
    A.SetupCranes: _nothing,
    A.SetupDiagonal: _nothing,
    A.ChooseRow: _row,
    A.HandicapCorner: _handicap,
    A.TakeTile: _take,
    A.SkipCard: _nothing,
    A.KeepTile: _keep,
    A.UseTile: _use,
    A.UseBoth: _both,
    A.Convert: _convert,
    A.Build: _build,
    A.EndTurn: _nothing,
    A.ChooseFirst: _nothing,
    A.PlaceEnvoy: _envoy,
    A.ChooseStep: _step,
    A.ChooseWorker: _worker,
    A.ChooseBonus: _bonus,
    A.ChooseGain: _gain,
    A.PickTile: _pick,
    A.PayCitizens: _pay,
}
assert set(_HANDLERS) == set(A.ACTION_TYPES), "every action kind has a preview"

__all__ = ["SUPPLY_KEYS", "Preview", "preview"]
