"""Hard values its slide bar before it reaches a cypress (issue 38: Hard ended games with its
slide bar at 0 of 8 and four upgrade tiles unused, its Trajan tasks then worth 3 VP each)."""

from __future__ import annotations

from forum_trajanum.games.forum_trajanum.bots.evaluation import evaluate
from forum_trajanum.games.forum_trajanum.bots.hard import bar_progress, judged
from forum_trajanum.games.forum_trajanum.engine import new_game


def test_each_upgrade_towards_the_next_cypress_is_worth_more_to_hard():
    """Rules "Prestige track": the slide bar's section (cypresses at 3 and 6) sets the area
    bonus (+0/+1/+2) and each Trajan task's value (3/5/7 VP) at every scoring; an upgrade
    moves the bar one space. Hard's value grows with every space towards the next cypress, by
    the scorings still to come, and not past the last section."""
    state = new_game(3, players=2)
    pl = state.players[0]
    assert state.cycle <= 1  # three scorings to come
    values = []
    for k in range(9):
        pl.prestige = k
        values.append(bar_progress(state, 0))
    assert values[:3] == [0.0, 1.0, 2.0]  # 0, 1/3, 2/3 of the way, times 3 scorings
    assert values[3:6] == [0.0, 1.0, 2.0]  # from the cypress at 3 towards the one at 6
    assert values[6:] == [0.0, 0.0, 0.0]  # the last section: nothing further to reach
    pl.prestige = 2
    assert judged(state, 0, push=4.0) == evaluate(state, 0) + 8.0
    assert judged(state, 0) == evaluate(state, 0)
