"""The core's determinized search on a tiny game of its own (no real game): it picks the
clearly best candidate whatever the heuristic's order, lets a clearly worse one drop out,
keeps to its budget, breaks ties by the bonus, and stops at its deadline on a clock of work
without a move after it."""

from __future__ import annotations

import math
import random
from dataclasses import dataclass, field

import pytest

from forum_trajanum.core.search import (
    Budget,
    Deadline,
    OutOfTime,
    play_out,
    prune,
    search,
    settled,
)


@dataclass
class Pile:
    """A one-seat game: each move adds its number, the world's luck and some noise to the
    total; the game is over after ``length`` moves."""

    luck: float
    total: float = 0.0
    moves: int = 0
    length: int = 6
    log: list = field(default_factory=list)

    def clone(self) -> Pile:
        return Pile(self.luck, self.total, self.moves, self.length, list(self.log))


class Work:
    """A clock of work: it moves one unit per move played, whatever the machine's load, and
    notes every reading and the moves played after a reading at or past ``deadline``."""

    def __init__(self) -> None:
        self.now = 0
        self.reads: list[int] = []
        self.deadline = math.inf
        self.late = 0

    def __call__(self) -> int:
        self.reads.append(self.now)
        return self.now

    def move(self) -> None:
        if self.reads and self.reads[-1] >= self.deadline:
            self.late += 1
        self.now += 1


class Fake:
    """The game's side of a search: worlds of random luck, a playout that adds 1 a move to
    the end of the game, and the total as the leaf's value (and 100 more as its points)."""

    def __init__(self, seed: int = 1, clock: Work | None = None) -> None:
        self.rng = random.Random(seed)
        self.clock = clock
        self.sampled = 0

    def sample(self) -> Pile:
        self.sampled += 1
        return Pile(luck=self.rng.uniform(-3.0, 3.0))

    def apply(self, state: Pile, action: float) -> None:
        if self.clock is not None:
            self.clock.move()
        state.total += action + state.luck + self.rng.gauss(0.0, 1.0)
        state.moves += 1
        state.log.append(action)

    def play(self, deadline: Deadline):
        def play(state: Pile) -> None:
            play_out(
                state,
                self.apply,
                policy=lambda s: 1.0,
                done=lambda s: s.moves >= s.length,
                tick=lambda _: deadline.tick(),
            )

        return play

    def run(self, arms, deadline: Deadline, budget: Budget | None = None, bonus=None):
        return search(
            arms,
            bonus or [0.0] * len(arms),
            sample=self.sample,
            apply=self.apply,
            play=self.play(deadline),
            judge=lambda state: (state.total, state.total + 100.0),
            deadline=deadline,
            budget=budget or Budget(max_worlds=8),
        )


def unhurried() -> Deadline:
    return Deadline(1.0, clock=lambda: 0.0)


def test_the_search_picks_the_clearly_best_candidate_whatever_the_heuristic_s_order():
    fake = Fake()
    arms = [1.0, 9.0, 4.0]  # the heuristic's favourite first, as a bot hands them over
    chosen, report = fake.run(arms, unhurried())
    assert chosen == 1
    assert report.searched and not report.cut and report.worlds == 8
    assert report.playouts == 8 * 3 and fake.sampled == 8
    assert [a for a, _ in report.ranking] == [9.0, 4.0, 1.0]
    # the ranking's values are the judge's points (the second of its pair), means per world
    assert all(90 < v < 130 for _, v in report.ranking)


def test_every_candidate_is_played_in_the_same_worlds():
    fake = Fake()
    seen = []
    fake.sample = lambda: seen.append(Pile(luck=len(seen))) or seen[-1]
    played = []
    real = fake.apply
    fake.apply = lambda state, action: (played.append(state.luck), real(state, action))
    fake.run([1.0, 2.0], unhurried(), Budget(max_worlds=3))
    # each world's two playouts (6 moves each: the candidate and 5 playout moves) in turn
    assert played == [0] * 12 + [1] * 12 + [2] * 12


def test_a_clearly_worse_candidate_drops_out_while_a_close_race_goes_on():
    fake = Fake()
    budget = Budget(max_worlds=12, min_worlds=3, indifferent=0.0)
    chosen, report = fake.run([5.0, -20.0, 5.5], unhurried(), budget)
    assert not report.settled and report.worlds == 12
    assert report.playouts == 3 * 3 + 2 * 9  # -20 played in the first three worlds only
    assert chosen in (0, 2) and report.ranking[-1][0] == -20.0


def test_a_race_settles_early_when_one_candidate_is_left_or_the_rest_are_equal():
    chosen, report = Fake().run([5.0, -20.0, 6.0], unhurried(), Budget(max_worlds=50, min_worlds=3))
    # -20 drops out after three worlds, 5 later: 6 is left alone
    assert chosen == 2 and report.settled and 3 < report.worlds < 50
    assert report.playouts == 3 * 3 + 2 * (report.worlds - 3)
    fake = Fake()
    fake.apply = lambda state, action: setattr(state, "moves", state.moves + 1)  # all equal
    _, report = fake.run([1.0, 2.0], unhurried(), Budget(max_worlds=50, min_worlds=3))
    assert report.settled and report.worlds == 3


def test_the_budget_of_playouts_is_kept_and_counts_only_whole_worlds():
    fake = Fake()
    _, report = fake.run([1.0, 2.0, 3.0], unhurried(), Budget(max_playouts=10))
    assert report.worlds == 3 and report.playouts == 9  # a fourth world would make 12


def test_the_bonus_breaks_a_tie_and_the_first_candidate_wins_among_equals():
    def run(bonus):
        fake = Fake()
        fake.apply = lambda state, action: setattr(state, "moves", state.moves + 1)
        return fake.run(["a", "b", "c"], unhurried(), Budget(max_worlds=2), bonus)[0]

    assert run([0.0, 0.0, 0.0]) == 0
    assert run([0.0, 0.5, 0.2]) == 1


def test_the_search_stops_at_its_deadline_on_a_clock_of_work_with_no_move_after_it():
    """With a deadline of 30 moves of work and worlds of 18 moves (3 candidates of 6
    moves), the search finishes the first world and stops before the second, which could
    end past the deadline (the longest world so far is foreseen); not one move is played
    after a reading at or past it."""
    clock = Work()
    deadline = Deadline(30, clock=clock)
    clock.deadline = deadline.at
    fake = Fake(clock=clock)
    chosen, report = fake.run([1.0, 9.0, 4.0], deadline, Budget(max_worlds=100))
    assert report.cut and report.worlds == 1 and report.playouts == 3
    assert chosen == 1
    assert clock.late == 0 and max(clock.reads) < deadline.at
    assert clock.now <= deadline.at


def test_without_a_finished_world_the_first_candidate_is_chosen():
    clock = Work()
    deadline = Deadline(5, clock=clock)
    clock.deadline = deadline.at
    chosen, report = Fake(clock=clock).run([1.0, 9.0], deadline)
    assert chosen == 0 and report.cut and report.worlds == 0 and report.ranking == ()
    assert clock.late == 0


def test_a_deadline_without_foresight_stops_only_once_it_has_come():
    readings = iter([0.0, 1.0, 5.0, 9.9, 10.0])
    deadline = Deadline(10.0, clock=lambda: next(readings), foresight=False)
    deadline.tick()  # t=1
    deadline.tick()  # t=5: the slowest stretch is 4, but no foresight
    deadline.tick()  # t=9.9
    with pytest.raises(OutOfTime):
        deadline.tick()  # t=10


def test_a_deadline_with_foresight_stops_when_the_slowest_stretch_would_pass_it():
    readings = iter([0.0, 1.0, 5.0, 6.5])
    deadline = Deadline(10.0, clock=lambda: next(readings))
    deadline.tick()  # t=1
    deadline.tick()  # t=5, slowest 4: 9 < 10
    with pytest.raises(OutOfTime):
        deadline.tick()  # t=6.5 + 4 >= 10
    readings = iter([0.0, 1.0])
    with pytest.raises(OutOfTime):
        Deadline(10.0, clock=lambda: next(readings), foresight=False).tick(ahead=9.0)


def test_prune_and_settled_on_paired_differences():
    values = [[10.0, 11.0, 12.0], [0.0, 1.0, 0.5], [9.0, 12.5, 11.0]]
    assert prune([0, 1, 2], values, [0.0, 0.0, 0.0]) == [0, 2]
    equal = [[5.0, 7.0, 6.0], [5.0, 7.0, 6.0]]
    assert settled([0, 1], equal, [0.0, 0.0])
    noisy = [[5.0, 9.0, 2.0], [6.0, 3.0, 8.0]]
    assert not settled([0, 1], noisy, [0.0, 0.0])
    assert prune([0, 1], noisy, [0.0, 0.0]) == [0, 1]
