"""Forum Trajanum's hand-set evaluation (bots/evaluation.py) as Hard judges its leaves by it:
what it sees of the slide bar and of the envoys on the ship, checked against the rules on
positions of whole games."""

from __future__ import annotations

import pytest

from forum_trajanum.games.forum_trajanum.bots.evaluation import (
    evaluate,
    starved,
    turns_ahead,
    usable_envoys,
)
from forum_trajanum.games.forum_trajanum.bots.hard import HardBot
from forum_trajanum.games.forum_trajanum.bots.normal import NormalBot
from forum_trajanum.games.forum_trajanum.data import CRAFTSMAN_I, CRAFTSMAN_II
from forum_trajanum.games.forum_trajanum.engine import (
    apply,
    current_player,
    is_over,
    new_game,
    view,
)


def positions(seed: int, every: int = 25):
    """Every ``every``-th position of a 2-player game of Normal bots once play has begun."""
    state = new_game(seed, players=2)
    bots = [NormalBot(seed * 10), NormalBot(seed * 10 + 1)]
    found = []
    step = 0
    while not is_over(state):
        if state.cycle >= 1 and step % every == 0:
            found.append(state.clone())
        seat = current_player(state)
        apply(state, bots[seat].choose(view(state, seat)), seat)
        step += 1
    return found


@pytest.fixture(scope="module")
def game():
    return positions(36)


def leaf(state, p: int) -> float:
    """Hard's judgement of a leaf: ``p``'s expected final points."""
    return HardBot(0)._judge(p)(state)[1]


def with_bar(state, p: int, k: int, flipped: bool):
    """``state`` with ``p``'s slide bar at ``k`` and no tile in hand (an upgrade in hand is
    rightly worth less once the bar is at its end)."""
    changed = state.clone()
    pl = changed.players[p]
    pl.prestige, pl.flipped = k, flipped
    pl.taken, pl.kept, pl.received = [], -1, -1
    return changed


def test_moving_the_slide_bar_right_never_lowers_the_evaluation_flipped_or_not(game):
    """Rules "Upgrade" and "Merchant I": an upgrade moves the slide bar right, never for the
    worse; a flipped bar reads its marks one position further along (components.md, the
    rulebook's Tom example). The evaluation counted the steps into the section the unflipped
    bar would read, so a flipped bar moved from 2 to 3 (or 5 to 6) lost a section's steps and
    gained nothing (it already read 3): Hard saw such an upgrade as a loss."""
    for state in game:
        for p in range(2):
            for flipped in (False, True):
                values = [leaf(with_bar(state, p, k, flipped), p) for k in range(9)]
                for k in range(8):
                    assert values[k + 1] >= values[k] - 1e-9, (state.cycle, state.round, k)


def with_ship(state, p: int, envoys: int):
    changed = state.clone()
    changed.players[p].ship = list(range(p * 34, p * 34 + envoys))
    return changed


def test_envoys_on_the_ship_beyond_the_building_steps_left_are_worth_nothing(game):
    """Rules "Benefit for colored structures": an envoy leaves the ship for the Forum only
    with a coloured structure (one building action a turn) or a bonus that places one; an
    envoy that can no longer get there scores nothing. Hard ended games with 7 envoys on its
    ship, each valued as if it could still be placed."""
    late = [s for s in game if s.cycle == 3 and s.round >= 3 and s.phase != "scoring"]
    assert late
    for state in late:
        p = current_player(state)
        cap = turns_ahead(state) + 1
        assert cap <= 3
        assert usable_envoys(with_ship(state, p, cap + 4), p) == cap
        assert leaf(with_ship(state, p, cap + 4), p) == leaf(with_ship(state, p, cap), p)
        # those that can still be placed still count
        assert leaf(with_ship(state, p, cap), p) > leaf(with_ship(state, p, 0), p)


def with_supply(state, p: int, workers: int, assistants: int, craftsman: bool = False):
    """``state`` with ``p``'s supply: no builder, ``workers`` red workers, ``assistants``
    assistants; with ``craftsman``, an active Craftsman II (an assistant becomes a builder),
    else no craftsman's ability."""
    changed = state.clone()
    pl = changed.players[p]
    pl.builders, pl.workers, pl.assistants = 0, [workers, 0, 0, 0], assistants
    for row in (CRAFTSMAN_I, CRAFTSMAN_II):  # rules "The citizens in the Colonia": their abilities
        pl.citizens[row] = [-1] * len(pl.citizens[row])
        pl.row_active[row] = False
    if craftsman:
        pl.citizens[CRAFTSMAN_II][0] = 0
        pl.row_active[CRAFTSMAN_II] = True
    return changed


def test_hard_counts_a_supply_that_cannot_pay_for_the_next_build_below_one_of_equal_worth_that_can(
    game,
):
    """Rules "Building step": a gray building needs a builder, a coloured structure a worker;
    an assistant only changes a worker's colour, or (with an active craftsman) becomes a
    worker or a builder. Three assistants and nothing else build nothing at the next building
    step; one worker and one assistant build there. The evaluation counted both supplies the
    same (3 points before fading), so Hard's search, which ends at the round's end, kept
    tiles of assistants or coins over tiles of workers and starved its next building steps
    (its worst games on seed 8101: 2.62 of 12 steps with no builder and no worker). Hard's
    leaves now count the starved step; Normal's evaluation is unchanged."""
    ahead = [s for s in game if s.phase != "scoring" and turns_ahead(s) > 0]
    assert ahead
    for state in ahead:
        for p in range(2):
            empty = with_supply(state, p, workers=0, assistants=3)
            builds = with_supply(state, p, workers=1, assistants=1)
            assert leaf(builds, p) > leaf(empty, p) + 1e-6, (state.cycle, state.round)
            # and the value Hard's search maximises, its standing against the best rival
            judge = HardBot(0)._judge(p)
            assert judge(builds)[0] > judge(empty)[0] + 1e-6
            assert evaluate(builds, p) == pytest.approx(evaluate(empty, p))  # Normal's
            # an active craftsman turns an assistant into a builder: nothing starves
            helped = with_supply(state, p, workers=0, assistants=3, craftsman=True)
            assert starved(empty, p) > 0 and starved(helped, p) == 0


def test_the_lookaheads_kept_colonia_and_forum_points_are_the_engines_at_every_position():
    """The evaluation keeps the Colonia's row points and the Forum's points it worked out, by
    what they read (a bot's lookahead tries many positions that share them): at every
    position of two whole games, and with each seat's slide bar and Patrician I changed (the
    area points and the diagonal eagles read them), what it gives equals the engine's own
    count (rules "End of the cycle - Scoring Phase"), the kept entries warm from the
    positions before."""
    from forum_trajanum.games.forum_trajanum.bots import evaluation as E
    from forum_trajanum.games.forum_trajanum.data import PATRICIAN_I
    from forum_trajanum.games.forum_trajanum.engine import scoring

    checked = 0
    for seed in (36, 37):
        for state in positions(seed, every=1):
            for p, pl in enumerate(state.players):
                assert E.colonia_row_points(pl) == tuple(scoring.colonia_row_points(pl))
                assert E.forum_points(state, p) == scoring.forum_points(state, p)
                moved = state.clone()
                mine = moved.players[p]
                mine.prestige, mine.flipped = (mine.prestige + 3) % 9, not mine.flipped
                mine.row_active[PATRICIAN_I] = not mine.row_active[PATRICIAN_I]
                assert E.forum_points(moved, p) == scoring.forum_points(moved, p)
                assert E.colonia_row_points(mine) == tuple(scoring.colonia_row_points(mine))
                checked += 1
    assert checked > 300


def test_the_sharper_policy_judges_a_tile_by_the_build_it_allows_right_after():
    """Rules "Sequence of play", 2: on his turn each player must use one Colonia tile and
    then may carry out a building action. Hard's policy (``sharp_policy``) judges each tile
    it may use by that building step: its figure for a tile is the position after the tile,
    or, where more, after a build then legal; along a whole game of Normal bots every such
    figure is one of those positions' worth, and at some tiles a build raised it."""
    import random

    from forum_trajanum.games.forum_trajanum.bots.evaluation import reach_value
    from forum_trajanum.games.forum_trajanum.bots.normal import after, sharp_policy
    from forum_trajanum.games.forum_trajanum.engine import decision_kind, legal_actions
    from forum_trajanum.games.forum_trajanum.engine.actions import Build
    from forum_trajanum.games.forum_trajanum.engine.tasks import Decision as D

    policy = sharp_policy(random.Random(0))
    state = new_game(11, players=2)
    bots = [NormalBot(110), NormalBot(111)]
    judged = raised = 0
    while not is_over(state):
        me = current_player(state)
        legal = legal_actions(state)
        if decision_kind(state) == D.USE and len(legal) > 1:
            for figure, tile in policy.ranked(state, me, legal):
                used = after(state, tile, me, 1, reach_value)
                worth = {reach_value(used, me)}
                if current_player(used) == me and decision_kind(used) == D.BUILD:
                    worth |= {
                        reach_value(after(used, b, me, 1, reach_value), me)
                        for b in legal_actions(used)
                        if isinstance(b, Build)
                    }
                assert figure in worth and figure >= reach_value(used, me), str(tile)
                judged += 1
                raised += figure > reach_value(used, me)
        apply(state, bots[me].choose(view(state, me)), me)
    assert judged > 20 and raised > 0
