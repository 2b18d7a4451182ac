"""The round and quarter ends (EN l.397-496): a turn's end moves play on, reveals a demand at
a round's end or ends the quarter; then the demands are met (R14), the senate votes and its
consuls take the bonus tiles, and the board is refilled for the next quarter (the last one
goes straight to the final scoring, R20).
"""

from __future__ import annotations

from itertools import product
from typing import TypeVar

from forum_trajanum.core.clone import build
from forum_trajanum.games.trajan import data as D
from forum_trajanum.games.trajan.engine.actions import (
    TILE_KEY,
    Consul,
    Spend,
)
from forum_trajanum.games.trajan.engine.scoring import score, score_game_end
from forum_trajanum.games.trajan.engine.state import (
    GameState,
    QuarterReport,
)
from forum_trajanum.games.trajan.engine.tasks import (
    ConsulTask,
    DemandsTask,
    EndTurnTask,
    QuarterCloseTask,
    SenateVoteTask,
    SourceTask,
    SpendTask,
    automatic,
    decides,
)

_FORUM = D.FORUM_TILES
#: The keys of the forum demand tiles: the wild one, and one per demand.
_WILD_DEMAND_KEY = TILE_KEY[_FORUM.index(D.ForumTile("wild_demand", 0, True))]
_DEMAND_KEYS = tuple(
    TILE_KEY[_FORUM.index(D.ForumTile("demand", d, True))] for d in range(len(D.DEMANDS))
)


#: Each seat's turn record, made once (immutable: states share it as their clones do).
SOURCE = tuple(SourceTask(p) for p in range(max(D.PLAYER_COUNTS)))


def _end_turn(state: GameState, task: EndTurnTask) -> None:
    state.extra_used = False
    n = state.options.players
    following = (task.player + 1) % n
    if not state.round_ends:
        state.tasks.append(SOURCE[following])
        return
    state.round_ends = False
    if len(state.revealed) < D.DEMANDS_PER_QUARTER:  # EN l.401-405
        if state.demand_pile:
            state.revealed.append(state.demand_pile.pop())
        state.round += 1
        state.tasks.append(SOURCE[following])
        return
    # EN l.405: the quarter ends
    state.scorings.append([dict.fromkeys(pl.points, 0) for pl in state.players])
    state.reports.append(
        QuarterReport(
            quarter=state.quarter,
            demands=tuple(state.revealed),
            met=(0,) * n,
            penalty=(0,) * n,
            met_by=((),) * n,
        )
    )
    state.tasks += [QuarterCloseTask(task.player), SenateVoteTask(task.player)]
    state.tasks += [DemandsTask((following + i) % n) for i in range(n)][::-1]


automatic(EndTurnTask, _end_turn)


def spend_choices(state: GameState, p: int) -> tuple[int, list[tuple[int, ...]]]:
    """R14: how many of the revealed demands ``p`` meets at most, and every set of forum
    tiles (sorted keys) that meets that many. Kept Trajan demand tiles are used first."""
    pl = state.players[p]
    kinds = range(len(D.DEMANDS))
    need = [0] * len(kinds)
    for demand in state.revealed:
        need[demand] += 1
    met = 0
    for tile in pl.kept:  # EN l.415-417: each Trajan tile once per quarter
        demand = D.TRAJAN_TILES[tile].amount
        if need[demand]:
            need[demand] -= 1
            met += 1
    have = [0] * len(kinds)
    wilds = 0
    for tile in pl.tiles:
        info = _FORUM[tile]
        if info.kind == "demand":
            have[info.value] += 1
        elif info.kind == "wild_demand":
            wilds += 1
    if not wilds and not any(have):  # no forum tile to spend: one choice, spending none
        return met, [()]
    exact = [min(need[d], have[d]) for d in kinds]
    short = sum(need) - sum(exact)
    best = sum(exact) + min(wilds, short)
    choices = set()
    wild_key, demand_keys = _WILD_DEMAND_KEY, _DEMAND_KEYS
    for xs in product(*(range(min(need[d], have[d]) + 1) for d in kinds)):
        w = min(wilds, sum(need) - sum(xs))
        if sum(xs) + w == best:
            keys = [demand_keys[d] for d in kinds for _ in range(xs[d])]
            choices.add(tuple(sorted(keys + [wild_key] * w)))
    return met + best, sorted(choices)


def met_by(state: GameState, p: int, spent: list[int]) -> tuple[tuple[str, int], ...]:
    """What met each revealed demand in order (EN l.413-417; R14): ("trajan", tile) for a
    kept Trajan tile (used first, each once), ("forum", tile) for a spent forum tile of that
    demand, then a spent demand wild card, or ("missed", -1)."""
    out: list[tuple[str, int] | None] = [None] * len(state.revealed)
    kept = list(state.players[p].kept)
    exact = [t for t in spent if _FORUM[t].kind == "demand"]
    wilds = [t for t in spent if _FORUM[t].kind != "demand"]
    for i, demand in enumerate(state.revealed):
        tile = next((t for t in kept if D.TRAJAN_TILES[t].amount == demand), -1)
        if tile >= 0:
            kept.remove(tile)
            out[i] = ("trajan", tile)
    for i, demand in enumerate(state.revealed):
        tile = next((t for t in exact if _FORUM[t].value == demand), -1)
        if out[i] is None and tile >= 0:
            exact.remove(tile)
            out[i] = ("forum", tile)
    for i in range(len(out)):
        if out[i] is None:
            out[i] = ("forum", wilds.pop()) if wilds else ("missed", -1)
    return tuple(x for x in out if x is not None)


def _pay_demands(state: GameState, p: int, keys: tuple[int, ...], met: int) -> None:
    pl = state.players[p]
    spent = []
    for key in keys:  # EN l.419: spent forum tiles leave the game
        tile = next(t for t in pl.tiles if TILE_KEY[t] == key)
        pl.tiles.remove(tile)
        state.gone_tiles.append(tile)
        spent.append(tile)
    unmet = len(state.revealed) - met
    if unmet:
        score(state, p, "demands", -D.DEMAND_PENALTY[unmet])  # EN l.421-425
    if state.reports:
        report = state.reports[-1]
        penalty = D.DEMAND_PENALTY[unmet]
        paid = met_by(state, p, spent)
        _report(
            state,
            met=_at(report.met, p, met),
            penalty=_at(report.penalty, p, penalty),
            met_by=_at(report.met_by or ((),) * len(state.players), p, paid),
        )


def _report(state: GameState, **changes) -> None:
    """Change the quarter's report (a new frozen report; none outside a quarter's end, as
    when a test calls a step by itself)."""
    if state.reports:
        report = state.reports[-1]  # a copy made as pydantic's model_copy makes it, cheaper
        state.reports[-1] = build(type(report), {**report.__dict__, **changes})


_V = TypeVar("_V")


def _at(values: tuple[_V, ...], i: int, value: _V) -> tuple[_V, ...]:
    """``values`` with seat ``i``'s value replaced."""
    return (*values[:i], value, *values[i + 1 :])


def _demands(state: GameState, task: DemandsTask) -> None:
    met, choices = spend_choices(state, task.player)
    if len(choices) > 1:  # R14: ask only when the choice matters
        state.tasks.append(SpendTask(task.player))
        return
    _pay_demands(state, task.player, choices[0], met)


automatic(DemandsTask, _demands)


def _spend_options(state: GameState, task: SpendTask) -> list:
    return [Spend.make(keys) for keys in spend_choices(state, task.player)[1]]


def _spend(state: GameState, task: SpendTask, action: Spend):
    met, _ = spend_choices(state, task.player)
    _pay_demands(state, task.player, action.keys, met)
    return None


decides(SpendTask, options=_spend_options, handle=_spend)


def votes(state: GameState, p: int) -> int:
    """A player's votes: the senate space's value and the senate tiles (EN l.431-434)."""
    pl = state.players[p]
    tiles = sum(_FORUM[t].value for t in pl.tiles if _FORUM[t].kind == "senate")
    return D.SENATE_VP[pl.senate] + tiles


def senate_ranking(state: GameState) -> list[int]:
    """Seats by votes, ties to the higher track position, then higher in the stack
    (EN l.472; R25)."""
    return sorted(
        range(state.options.players),
        key=lambda p: (votes(state, p), state.players[p].senate, state.players[p].height),
        reverse=True,
    )


def _senate_vote(state: GameState, task: SenateVoteTask) -> None:
    ranking = senate_ranking(state)
    consul, vice = ranking[0], ranking[1]  # R25: the vice consul even with 0 votes
    counted = tuple(votes(state, p) for p in range(state.options.players))
    spaces = tuple(pl.senate for pl in state.players)
    _report(state, votes=counted, consul=consul, vice=vice, senate=spaces)
    for p in reversed(ranking):  # EN l.474: fewest at the bottom, the consul on top
        state.senate_clock += 1
        state.players[p].senate = 0
        state.players[p].height = state.senate_clock
    if len(state.senate_bonus) >= D.SENATE_BONUS_SPACES:  # EN l.436, l.470
        state.tasks.append(ConsulTask(consul, vice))
    elif state.senate_bonus:  # R35
        _report(state, consul_tile=state.senate_bonus[-1])
        _give_bonus(state, consul, state.senate_bonus.pop(), True)


automatic(SenateVoteTask, _senate_vote)


def _give_bonus(state: GameState, p: int, tile: int, yellow: bool) -> None:
    state.players[p].bonus.append(tile)
    state.players[p].yellow.append(yellow)


def _consul_options(state: GameState, task: ConsulTask) -> list:
    return [Consul.make(t) for t in state.senate_bonus]


def _consul(state: GameState, task: ConsulTask, action: Consul):
    _give_bonus(state, task.player, action.tile, True)  # EN l.436, l.468
    _report(state, consul_tile=action.tile)
    for tile in state.senate_bonus:
        if tile != action.tile:
            _give_bonus(state, task.vice, tile, False)  # EN l.470
            _report(state, vice_tile=tile)
    state.senate_bonus = []
    return None


decides(ConsulTask, options=_consul_options, handle=_consul)


def _quarter_close(state: GameState, task: QuarterCloseTask) -> None:
    for pl in state.players:  # EN l.481: every senate tile leaves the game
        for tile in [t for t in pl.tiles if _FORUM[t].kind == "senate"]:
            pl.tiles.remove(tile)
            state.gone_tiles.append(tile)
    for spaces in (state.forum, state.yellow):  # EN l.482
        for i, tile in enumerate(spaces):
            if tile >= 0:
                state.gone_tiles.append(tile)
                spaces[i] = -1
    state.gone_demands += state.revealed  # R12
    state.revealed = []
    if state.quarter >= D.QUARTERS:  # R20: straight to the final scoring
        score_game_end(state)
        state.tasks = []
        return
    for _ in range(D.SENATE_BONUS_SPACES):  # EN l.486
        if state.bag:
            state.senate_bonus.append(state.bag.pop())
    leaders = {pl.leader for pl in state.players}
    for q in range(len(D.PROVINCES)):  # EN l.487; R21: provinces first
        empty = state.provinces[q] < 0 and q not in leaders and not state.legions[q]
        if empty and state.forum_pile:
            state.provinces[q] = state.forum_pile.pop()
    for i in range(len(state.forum)):  # EN l.488
        if state.forum_pile:
            state.forum[i] = state.forum_pile.pop()
    for i in range(len(state.yellow)):
        if state.extra_pile:
            state.yellow[i] = state.extra_pile.pop()
    state.ships = [True] * len(D.SHIPS)  # EN l.492
    state.quarter += 1  # EN l.494
    state.round = 1
    state.tasks.append(SourceTask((task.player + 1) % state.options.players))


automatic(QuarterCloseTask, _quarter_close)
