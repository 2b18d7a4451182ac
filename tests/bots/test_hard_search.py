"""Hard's anytime search: the deadline stops it (tested with a fake clock, never by timing),
the answer stays legal, time goes where the candidates are close, and a search that the
deadline does not cut is deterministic for a seed."""

from __future__ import annotations

import pytest

from forum_trajanum.core.search import prune, settled
from forum_trajanum.games.forum_trajanum.bots import hard as hard_module
from forum_trajanum.games.forum_trajanum.bots.factory import make_bot
from forum_trajanum.games.forum_trajanum.bots.hard import HardBot, with_every_kind
from forum_trajanum.games.forum_trajanum.bots.normal import NormalBot
from forum_trajanum.games.forum_trajanum.engine import (
    apply,
    current_player,
    decision_kind,
    is_over,
    new_game,
    parse,
    view,
)
from forum_trajanum.games.forum_trajanum.engine.actions import Build, EndTurn
from forum_trajanum.games.forum_trajanum.engine.tasks import Decision as D
from tests.bots.conftest import searched_in as searched_position


class FakeClock:
    """A clock that advances by ``step`` seconds every time it is read (the search reads it
    before every world and after every move of a playout); ``step=0`` freezes it."""

    def __init__(self, step: float) -> None:
        self.step = step
        self.now = 0.0
        self.reads = 0

    def __call__(self) -> float:
        self.reads += 1
        self.now += self.step
        return self.now


def searched_view(seed: int = 5, players: int = 4):
    """The first view, in a game played by Normal bots, on which Hard searches (no clear
    favourite among several candidates): a heavy decision with full 4-player playouts."""
    state = new_game(seed, players=players)
    normals = [NormalBot(s) for s in range(players)]
    probe = HardBot(1, clock=FakeClock(0.0))
    for _ in range(400):
        seat = current_player(state)
        seen = view(state, seat)
        probe.choose(seen)
        if probe.last.searched and probe.last.candidates >= 3:
            return seen
        apply(state, normals[seat].choose(seen), seat)
    raise AssertionError("no searched decision found")


@pytest.fixture(scope="module")
def heavy():
    return searched_view()


def test_an_unhurried_search_finishes_worlds_and_is_not_cut(heavy):
    bot = HardBot(3, clock=FakeClock(0.0))
    action = bot.choose(heavy)
    assert action in heavy.legal
    assert bot.last.searched and not bot.last.cut
    assert bot.last.worlds >= bot.min_worlds
    assert bot.capped == 0


def test_the_search_stops_before_its_deadline_passes_and_answers_legally(heavy):
    """With a clock that advances one second per reading, the full search reads it R times;
    with a deadline of R/2 seconds it must stop, between worlds or inside a playout, before
    the deadline passes (it stops when the next move or the next world could end past it),
    and still answer legally from the worlds it finished."""
    full = FakeClock(0.0)
    unhurried = HardBot(3, clock=full)
    unhurried.choose(heavy)
    budget = full.reads // 2
    assert budget > 2, "the search reads the clock between playout moves"

    clock = FakeClock(1.0)
    bot = HardBot(3, clock=clock, time_limit=float(budget))
    action = bot.choose(heavy)
    assert action in heavy.legal
    assert bot.last.cut and bot.capped == 1
    deadline = 1.0 + budget  # the first reading, at the start, says t=1
    assert clock.now < deadline
    assert 1 <= bot.last.worlds < unhurried.last.worlds


def test_a_deadline_inside_the_first_world_cuts_the_playout_one_move_before_it(heavy):
    """No world finished in time: the search stops inside a playout at the last reading
    after which one more move (one second, the slowest so far) would pass the deadline; the
    partial world is dropped and the Normal ranking's favourite (the first candidate) is
    played."""
    favourite = HardBot(3, clock=FakeClock(0.0), iterations=0).choose(heavy)  # no playout
    clock = FakeClock(1.0)
    bot = HardBot(3, clock=clock, time_limit=20.0)
    action = bot.choose(heavy)
    assert bot.last.cut and bot.last.worlds == 0 and bot.last.playouts == 0
    assert clock.now == 20.0  # the deadline is at t=21
    assert action == favourite and action in heavy.legal


def test_fewer_worlds_when_the_deadline_cuts_than_when_it_does_not(heavy):
    free = HardBot(3, clock=FakeClock(0.0))
    free.choose(heavy)
    reads = FakeClock(0.0)
    HardBot(3, clock=reads).choose(heavy)
    cut = HardBot(3, clock=FakeClock(1.0), time_limit=float(reads.reads * 2 // 3))
    cut.choose(heavy)
    assert cut.last.cut
    assert cut.last.worlds < free.last.worlds


def test_a_search_the_deadline_does_not_cut_is_deterministic_for_a_seed(heavy):
    first = HardBot(9, clock=FakeClock(0.0))
    second = HardBot(9, clock=FakeClock(0.0))
    assert first.choose(heavy) == second.choose(heavy)
    assert first.last == second.last


def test_a_candidate_clearly_behind_the_leader_drops_out():
    bot = HardBot(1)
    values = [[10.0, 11.0, 12.0], [0.0, 1.0, 0.5], [9.0, 12.5, 11.0]]
    assert prune([0, 1, 2], values, [0.0, 0.0, 0.0], bot.z) == [0, 2]


def test_the_search_settles_when_the_candidates_are_surely_equal_not_when_close_and_noisy():
    bot = HardBot(1)
    equal = [[5.0, 7.0, 6.0], [5.0, 7.0, 6.0]]
    assert settled([0, 1], equal, [0.0, 0.0], bot.z, bot.indifferent)
    noisy = [[5.0, 9.0, 2.0], [6.0, 3.0, 8.0]]
    assert not settled([0, 1], noisy, [0.0, 0.0], bot.z, bot.indifferent)
    assert prune([0, 1], noisy, [0.0, 0.0], bot.z) == [0, 1]


def test_hard_made_by_the_factory_has_a_three_second_budget_at_most():
    made = make_bot("hard", 1)
    assert 0 < made.time_limit < 3.0


def normal_game_until(seed: int, steps: int):
    """The position after ``steps`` decisions of a 2-player game between Normal bots."""
    state = new_game(seed, players=2)
    normals = [NormalBot(seed * 10), NormalBot(seed * 10 + 1)]
    for _ in range(steps):
        seat = current_player(state)
        apply(state, normals[seat].choose(view(state, seat)), seat)
    return state


def final_points(state, seat: int, first) -> int:
    """``seat``'s final score when ``first`` is played in ``state`` and Normal bots (the
    same for every line) play on to the end."""
    line = state.clone()
    apply(line, first, current_player(line))
    normals = [NormalBot(7), NormalBot(8)]
    while not is_over(line):
        turn = current_player(line)
        apply(line, normals[turn].choose(view(line, turn)), turn)
    return line.players[seat].score


def test_hard_builds_a_coloured_structure_that_sends_an_envoy_when_it_scores_not_ending_the_turn():
    """Rules "Benefit for colored structures": a coloured structure places an envoy from
    the ship in the Forum. Cycle III, round 2 of a simulated game (seed 36, 153 decisions
    by Normal bots): the seat has 5 envoys on its ship, a builder and workers; Normal's
    one-step ranking ends the turn (and so did Hard while it trusted that ranking in the
    building step), yet the blue structure on B2 with its envoy scores 2 points more by the
    end of the game. Hard now searches the building step and builds it (and the sharper
    policy it ranks by builds it as well)."""
    state = normal_game_until(36, 153)
    seat = current_player(state)
    seen = view(state, seat)
    assert decision_kind(state) == D.BUILD and len(state.players[seat].ship) == 5
    end = next(a for a in seen.legal if str(a) == "end")
    blue = next(a for a in seen.legal if str(a) == "build B B2")
    assert final_points(state, seat, blue) > final_points(state, seat, end)
    trusting = HardBot(0, clock=FakeClock(0.0), trust_normal=(D.BUILD,), sharp=False)
    assert str(trusting.choose(seen)) == "end"  # the old behaviour, for contrast
    # the sharper policy's own ranking (it sees the envoys that can still reach the Forum)
    # builds it too
    sharp = HardBot(0, clock=FakeClock(0.0), trust_normal=(D.BUILD,)).choose(seen)
    assert str(sharp) == "build B B2"
    for seed in (0, 1):
        chosen = HardBot(seed, clock=FakeClock(0.0)).choose(seen)
        after = state.clone()
        apply(after, chosen, seat)
        sent = len(after.players[seat].ship) < len(state.players[seat].ship) or (
            current_player(after) == seat and decision_kind(after) in (D.ENVOY, D.FIRST)
        )
        assert sent, f"Hard chose {chosen}"


def searched_in(cycle: int, round_: int, seed: int = 36):
    """The first position of cycle ``cycle``'s round ``round_`` at which this bot searches."""
    return searched_position(HardBot(1, clock=FakeClock(0.0), iterations=8), cycle, round_, seed)


def leaves(monkeypatch, seen, **settings) -> list:
    """The leaves Hard's search from ``seen`` judges (each a state), in order."""
    judged = []
    real = hard_module.relative_value

    def spy(state, me):
        judged.append(state)
        return real(state, me)

    monkeypatch.setattr(hard_module, "relative_value", spy)
    bot = HardBot(3, clock=FakeClock(0.0), **settings)
    bot.choose(seen)
    return judged, bot


def test_from_cycle_three_round_three_hard_plays_to_the_end_and_judges_the_final_scores(
    monkeypatch,
):
    """Rules "Game end": the game ends with cycle III's final scoring. A leaf judged at the
    end of cycle III's round 3 is the hand-set estimate at its worst (mean error 7.9 points
    against the final score, bots/value.py); from that round on Hard's playouts go on to the
    end of the game, so every leaf is the final score itself, with no estimate left."""
    seen = searched_in(3, 3)
    judged, _ = leaves(monkeypatch, seen)
    assert judged and all(is_over(leaf) for leaf in judged)
    # the same search with the round's horizon stops at the next round, before the end
    judged, _ = leaves(monkeypatch, seen, to_end=None)
    assert judged and not any(is_over(leaf) for leaf in judged)


def test_playouts_to_the_end_share_the_budget_of_playouts_by_the_rounds_they_play(monkeypatch):
    """Two rounds per playout from cycle III's round 3: half as many playouts as the budget
    allows one-round playouts, so a decision costs about the same work."""
    seen = searched_in(3, 3)
    _, bot = leaves(monkeypatch, seen, iterations=16, min_worlds=None)
    assert 0 < bot.last.playouts <= 8
    _, bot = leaves(monkeypatch, seen, iterations=16, min_worlds=None, to_end=None)
    assert 8 < bot.last.playouts <= 16


def test_before_cycle_three_round_three_the_playouts_stop_at_the_round_end(monkeypatch):
    seen = searched_in(3, 2)
    judged, _ = leaves(monkeypatch, seen)
    assert judged and not any(is_over(leaf) for leaf in judged)
    assert all((leaf.cycle, leaf.round) != (3, 2) for leaf in judged)


def test_hard_searches_a_build_at_the_building_step_when_normals_best_four_hold_none():
    """Rules "Building step": conversions and builds in any order, then the turn ends.
    Cycle III, round 1 of a simulated game (seed 36, 136 decisions by Normal bots): Normal's
    ranking puts the end of the turn first and three recolourings of the seat's one green
    worker (each worth the same) next, the green structure on B2 only fifth; Hard's best
    four held no build, so its search never tried one. The best build and the end of the
    turn are now always among the candidates."""
    state = normal_game_until(36, 136)
    seat = current_player(state)
    seen = view(state, seat)
    assert decision_kind(state) == D.BUILD
    assert any(isinstance(a, Build) for a in seen.legal)
    searched = []
    for every_kind in (False, True):
        bot = HardBot(1, clock=FakeClock(0.0), iterations=8, every_kind=every_kind)
        bot.choose(seen)
        assert bot.last.searched
        searched.append([a for a, _ in bot.last.ranking])
    assert not any(isinstance(a, Build) for a in searched[0])  # the old blind spot
    assert any(isinstance(a, Build) for a in searched[1])
    assert any(isinstance(a, EndTurn) for a in searched[1])


def test_every_kind_adds_the_best_build_and_the_end_missing_from_the_best_few():
    texts = ("convert recolour G B", "convert recolour G Y", "end", "build G B2", "build G C2")
    ranked = [(9.0 - i, parse(text)) for i, text in enumerate(texts)]
    top = with_every_kind(ranked, 2)
    assert [str(a) for _, a in top] == [
        "convert recolour G B",
        "convert recolour G Y",
        "end",
        "build G B2",
    ]
    # nothing added when the best few hold every kind there is
    assert with_every_kind(ranked, 4) == ranked[:4]
