"""The core's information-set tree search (core/ismcts.py) on a toy game: it finds the best
arm, compares arms on the same worlds, descends only through actions available in the
sampled world, keeps to its iteration budget and drops an iteration the deadline cuts."""

from __future__ import annotations

import random

from forum_trajanum.core.ismcts import Plan, choice, ismcts, seeded
from forum_trajanum.core.search import Deadline


class World:
    """A toy world: a hidden number, the actions played in it."""

    def __init__(self, hidden: float) -> None:
        self.hidden = hidden
        self.played: list[str] = []

    def clone(self) -> World:
        copy = World(self.hidden)
        copy.played = list(self.played)
        return copy


def play(state: World, action: str) -> None:
    state.played.append(action)


#: what each arm is worth on top of the hidden number (a world's luck)
WORTH = {"a": 1.0, "b": 3.0, "c": 2.0}


def toy(plan: Plan, clock=lambda: 0.0, moves=lambda s: (), seen=None, seed=1, enough=None):
    rng = random.Random(seed)
    worlds = []

    def sample() -> World:
        world = World(rng.uniform(-20, 20))  # luck far larger than the arms' differences
        worlds.append(world)
        return world

    def leaf(state: World):
        if seen is not None:
            seen.append((state.played[0], worlds.index(_origin(worlds, state)), state.played))
        value = state.hidden + WORTH[state.played[0]]
        return [value, -value], value

    return ismcts(
        ["a", "b", "c"],
        [0.0, 0.0, 0.0],
        0,
        sample=sample,
        apply=play,
        moves=moves,
        mover=lambda s: len(s.played) % 2,
        leaf=leaf,
        deadline=Deadline(10.0, clock),
        plan=plan,
        enough=enough,
    )


def _origin(worlds, state):
    return next(w for w in worlds if w.hidden == state.hidden)


def test_the_search_finds_the_best_arm_through_luck_larger_than_the_differences():
    chosen, report = toy(Plan(iterations=30, depth=0))
    assert chosen == 1  # "b" is worth 3, the others 1 and 2, whatever each world's luck
    assert report.iterations == 30 and not report.cut
    assert report.ranking[0][0] == "b"


def test_every_arm_plays_the_same_worlds_in_the_same_order():
    """The j-th visit of every arm plays the j-th world sampled: the arms' values differ by
    their worth only, never by which worlds they happened to meet."""
    seen = []
    toy(Plan(iterations=24, depth=0), seen=seen)
    by_arm: dict[str, list[int]] = {}
    for arm, world, _ in seen:
        by_arm.setdefault(arm, []).append(world)
    for worlds in by_arm.values():
        assert worlds == list(range(len(worlds)))


def test_the_tree_descends_only_through_actions_available_in_the_sampled_world():
    """An action available only in some worlds (a hidden part decides) is tried only in
    those; below the root the tree grows by one node per iteration."""
    seen = []

    def moves(state: World):
        if len(state.played) >= 3:
            return ()
        return ("x", "secret") if state.hidden > 0 else ("x",)

    _, report = toy(Plan(iterations=40, depth=2), moves=moves, seen=seen)
    assert any("secret" in played for _, _, played in seen)
    for _, _world, played in seen:
        if "secret" in played:
            assert played.index("secret") >= 1
    hidden_of = {}
    rng = random.Random(1)
    for j in range(40):
        hidden_of[j] = rng.uniform(-20, 20)
    for _, world, played in seen:
        if "secret" in played:
            assert hidden_of[world] > 0
    assert report.nodes >= 3


def test_the_iteration_budget_decides_and_the_deadline_drops_a_cut_iteration():
    ticks = iter(range(10_000))

    def clock() -> float:  # one second a reading: the deadline of 10 s comes quickly
        return float(next(ticks))

    _, free = toy(Plan(iterations=12, depth=0))
    _, cut = toy(Plan(iterations=12, depth=0), clock=clock)
    assert free.iterations == 12 and not free.cut
    assert cut.cut and 0 < cut.iterations < 12


def test_a_search_is_the_same_for_the_same_seed_and_position():
    plan = Plan(iterations=20, depth=1)
    assert toy(plan)[1].ranking == toy(plan)[1].ranking
    assert seeded(3, "view") == seeded(3, "view") != seeded(3, "other view")
    assert seeded(3, "view") != seeded(4, "view")


def test_the_choice_compares_arms_on_their_common_worlds_and_ignores_a_lucky_few():
    # "a" was played in 4 worlds, "b" in the first 2 only (where "a" did better) and "c"
    # once in a lucky world: "c" is not among the arms visited at least half as often.
    values = [[5.0, 5.0, -10.0, -10.0], [4.0, 4.0], [100.0]]
    assert choice(values, [0.0, 0.0, 0.0]) == 0
    assert choice([[1.0, 1.0], [1.0, 1.0]], [0.0, 0.5]) == 1  # the bonus breaks a tie


def test_the_game_may_end_the_search_early_by_its_own_count_of_the_work_done():
    """``enough(iterations done)``, asked before each iteration, ends the search at once and
    cleanly (not a deadline cut); without it the iteration budget alone decides."""
    asked = []

    def enough(done: int) -> bool:
        asked.append(done)
        return done >= 9

    _, report = toy(Plan(iterations=30, depth=0), enough=enough)
    assert report.iterations == 9 and not report.cut
    assert asked == list(range(10))
    assert toy(Plan(iterations=30, depth=0))[1].iterations == 30
