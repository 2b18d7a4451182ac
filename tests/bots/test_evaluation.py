"""Forum Trajanum's hand-set evaluation (bots/evaluation.py) as Hard judges its leaves by it:
what it sees of the slide bar and of the envoys on the ship, checked against the rules on
positions of whole games."""

from __future__ import annotations

import pytest

from forum_trajanum.games.forum_trajanum.bots.evaluation import turns_ahead, usable_envoys
from forum_trajanum.games.forum_trajanum.bots.hard import HardBot
from forum_trajanum.games.forum_trajanum.bots.normal import NormalBot
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
