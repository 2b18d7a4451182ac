"""A source tray's plan line is the truth of what would happen (issue 36.2): whether the
target tray's action has something to do, with the Trajan tile completed and without, is
what ``legal_actions`` offer once the tray is played, every way its sowing can go.

A first-timer read "(nothing to do there)" on a tray whose sowing completes the first Trajan
tile: the arch then leaves the centre (R15) and the Trajan action had five stacks to take
from (EN l.333)."""

from __future__ import annotations

import random

import pytest

from forum_trajanum.games.trajan import data as D
from forum_trajanum.games.trajan.engine import words as W
from forum_trajanum.games.trajan.engine.actions import Take
from forum_trajanum.games.trajan.engine.foresight import sowing_plan
from forum_trajanum.games.trajan.engine.rules import apply, is_over, legal_actions, new_game
from forum_trajanum.games.trajan.engine.state import GameState, TrajanOptions
from forum_trajanum.games.trajan.engine.tasks import ActTask, SourceTask, SowTask, SpecialTask
from forum_trajanum.games.trajan.engine.view import view

from .helpers import after_setup, turn_of


def outcomes(state: GameState, seat: int, tray: int) -> dict[bool, bool]:
    """Every way playing ``tray`` can go, by whether the target's Trajan tile was completed:
    whether the target tray's action was then offered (some way, among those ways)."""
    target_tile = state.players[seat].slots
    start = state.clone()
    apply(start, Take.make(tray))
    tile_before = target_tile[:]
    out: dict[bool, bool] = {}
    seen: set = set()
    todo = [start]
    while todo:
        s = todo.pop()
        top = s.tasks[-1] if s.tasks else None
        if isinstance(top, (SowTask, SpecialTask)) and top.player == seat:
            # the markers still to sow and what the target tray holds decide what follows
            # (the other trays' colours change no option; leaving them out of the key keeps
            # the ways to a few hundred)
            target = top.target if isinstance(top, SowTask) else 0
            key = (repr(top), repr(s.players[seat].trays[target]), repr(s.players[seat].slots))
            key += (len(s.players[seat].hand), s.players[seat].legions, s.players[seat].workers)
            if key in seen:
                continue
            seen.add(key)
            for action in legal_actions(s):
                then = s.clone()
                apply(then, action)
                todo.append(then)
            continue
        completed = s.players[seat].slots != tile_before
        offered = isinstance(top, ActTask) and top.player == seat and top.why == "tray"
        out[completed] = out.get(completed, False) or offered
    return out


def positions(seed: int, players: int, count: int):
    """``count`` turn starts of a random game (its state and the seat to move)."""
    rng = random.Random(seed)
    state = new_game(seed, TrajanOptions(players=players))
    found = 0
    while not is_over(state) and found < count:
        legal = legal_actions(state)
        top = state.tasks[-1]
        if isinstance(top, SourceTask):
            found += 1
            yield state.clone(), top.player
        apply(state, rng.choice(legal))


@pytest.mark.parametrize("seed", range(6))
def test_a_tray_plan_says_what_playing_the_tray_offers_every_way_it_can_go(seed):
    # EN l.187-219 and R2: the markers sown, the tile beside the target accomplished when it
    # matches, its special effect taken or not (EN l.642-668), then the target's action;
    # the plan line from the seat's view alone says whether that action has an option,
    # without the tile completed and with it, as legal_actions then offer it.
    checked = 0
    for state, seat in positions(seed, 2 + seed % 3, 150):
        mine = view(state, seat)
        for take in legal_actions(state):
            plan = sowing_plan(mine, seat, take.tray)
            ways = outcomes(state, seat, take.tray)
            assert plan.without_tile == ways.get(False), (seed, take)
            assert plan.with_tile == ways.get(True), (seed, take)
            assert plan.action_possible == any(ways.values()), (seed, take)
            assert plan.can_complete == (True in ways), (seed, take)
            line = W.tray_plan_words(mine, seat, take.tray, plan)
            assert line.endswith("; nothing to do there") == (not any(ways.values())), line
            checked += 1
    assert checked > 200


def test_completing_the_first_trajan_tile_opens_the_trajan_action():
    # R15 and EN l.333: with the arch in the centre the Trajan action has nothing to do; the
    # first tile accomplished moves the arch to its tray, and the action then takes a tile
    # from any stack. The line says so rather than "(nothing to do there)".
    state = turn_of(after_setup(seed=3), 0)
    pl = state.players[0]
    trajan = D.ACTIONS.index("Trajan")
    pl.arch = D.ARCH_CENTRE  # no tile accomplished yet
    tile = next(t for t in pl.slots if t >= 0)
    pl.slots = [-1] * D.NUM_TRAYS
    pl.slots[trajan] = tile  # the one tile on the circle: beside the Trajan tray
    a, b = D.TRAJAN_TILES[tile].colours
    source = (trajan - 1) % D.NUM_TRAYS  # one marker from the tray before: it lands there
    pl.trays = [[0] * D.NUM_COLOURS for _ in range(D.NUM_TRAYS)]
    pl.trays[source][b] = 1
    pl.trays[trajan][a] = 1  # the marker of the other colour (or the second) completes it
    pl.trays[(trajan + 2) % D.NUM_TRAYS][0] = 1  # another tray to choose
    state.__pydantic_private__["_legal"] = None
    mine = view(state, 0)
    plan = sowing_plan(mine, 0, source)
    assert (plan.target, plan.can_complete, plan.without_tile, plan.with_tile) == (
        trajan,
        True,
        None,
        True,
    )
    line = W.tray_plan_words(mine, 0, source, plan)
    assert "nothing to do" not in line, line
    then = state.clone()
    apply(then, Take.make(source))
    if isinstance(then.tasks[-1], SpecialTask):  # the tile's special effect: passed
        apply(then, next(a for a in legal_actions(then) if a.kind == "pass"))
    assert isinstance(then.tasks[-1], ActTask) and then.tasks[-1].action == trajan
    assert len(legal_actions(then)) >= 2  # the stacks' tiles, and the pass
