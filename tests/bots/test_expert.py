"""Forum Trajanum's Expert: a tree search over what its seat may know. The same choice in
worlds the seat cannot tell apart, the same choice from a fresh bot as from one that played
the game so far (a save replays the same game), its iteration budget deciding and its
deadline a safety cap (tested with a fake clock, never by timing)."""

from __future__ import annotations

import random

import pytest

from forum_trajanum.core.match import play_game
from forum_trajanum.games.forum_trajanum.bots.expert import (
    DUEL,
    GROUP,
    ITERATIONS,
    WORK,
    ExpertBot,
    Style,
)
from forum_trajanum.games.forum_trajanum.bots.factory import make_bot
from forum_trajanum.games.forum_trajanum.bots.normal import NormalBot
from forum_trajanum.games.forum_trajanum.bots.value import judge
from forum_trajanum.games.forum_trajanum.engine import (
    apply,
    current_player,
    is_over,
    new_game,
    view,
)
from forum_trajanum.games.forum_trajanum.engine.determinize import determinize
from tests.bots.conftest import searched_in as searched_position
from tests.bots.test_value import positions

#: a test-sized budget and a clock that never moves (the deadline never strikes)
SMALL = {"iterations": 4, "clock": lambda: 0.0}
#: a test-sized budget of work past the least iterations (as the default decides)
WORKED = {"iterations": 4, "work": 400, "clock": lambda: 0.0}


class FakeClock:
    """A clock that advances by ``step`` seconds at every reading."""

    def __init__(self, step: float) -> None:
        self.step, self.now = step, 0.0

    def __call__(self) -> float:
        self.now += self.step
        return self.now


def searched_states(seed: int, players: int, wanted: int):
    """States of a game played by Normal bots at which Expert searches (several arms)."""
    state = new_game(seed, players=players)
    normals = [NormalBot(s) for s in range(players)]
    probe = ExpertBot(1, **SMALL)
    found = 0
    for step in range(600):
        seat = current_player(state)
        seen = view(state, seat)
        if step % 3 == 0:
            probe.choose(seen)
            if probe.last.searched and probe.last.candidates >= 2:
                yield state
                found += 1
                if found == wanted:
                    return
        apply(state, normals[seat].choose(seen), seat)
    raise AssertionError("too few searched decisions")


def test_make_bot_makes_an_expert():
    assert make_bot("expert", 3).level == "expert"
    assert make_bot(" Expert ", 3).level == "expert"


def test_expert_chooses_the_same_in_worlds_its_seat_cannot_tell_apart():
    """Handed the seat's view of the real state and of worlds sampled from that view (other
    players' tiles, the street cards to come, all drawn afresh), Expert answers the same: its
    choice depends on nothing the seat may not know."""
    for state in searched_states(6, 3, wanted=3):
        seat = current_player(state)
        seen = view(state, seat)
        worlds = [determinize(seen, random.Random(k)) for k in (1, 2)]
        for world in worlds:
            assert world.model_dump() != state.model_dump()  # another world...
            assert view(world, seat) == seen  # ...to this seat
        for settings in (SMALL, WORKED):
            choices = {
                str(ExpertBot(7, **settings).choose(view(w, seat))) for w in [state, *worlds]
            }
            assert len(choices) == 1, (settings, choices)


def test_a_fresh_expert_chooses_what_the_expert_that_played_the_game_so_far_chooses():
    """A save replays the same game: Expert's worlds come from its seed and the view, not
    from the decisions it took before, so a bot made afresh (as after loading) agrees."""
    state = new_game(9, players=2)
    playing = ExpertBot(5, **SMALL)
    other = NormalBot(2)
    compared = 0
    for step in range(400):
        if compared == 3 or is_over(state):
            break
        seat = current_player(state)
        seen = view(state, seat)
        if seat == 0:
            action = playing.choose(seen)
            if playing.last.searched and step % 4 == 0:
                assert ExpertBot(5, **SMALL).choose(seen) == action
                compared += 1
        else:
            action = other.choose(seen)
        apply(state, action, seat)
    assert compared == 3


@pytest.fixture(scope="module")
def heavy():
    return next(searched_states(5, 4, wanted=1))


def test_the_iteration_budget_decides_when_the_deadline_does_not_strike(heavy):
    seat = current_player(heavy)
    bot = ExpertBot(3, iterations=6, clock=FakeClock(0.0))
    assert bot.choose(view(heavy, seat)) in view(heavy, seat).legal
    assert bot.last.searched and bot.last.iterations == 6 and not bot.last.cut
    assert bot.capped == 0
    least = ExpertBot(3, work=0, clock=FakeClock(0.0))  # the budget by player count: 4 here
    least.choose(view(heavy, seat))
    assert least.last.iterations == ITERATIONS[4] < ITERATIONS[2]


def test_past_its_least_iterations_expert_searches_on_until_its_playouts_did_the_work(heavy):
    """The default budget: at least the player count's iterations, then on until the
    playouts' lookahead has tried ``work`` positions (a count, not the clock: a fresh bot
    on the same view plays exactly the same search), at most ``most_iterations``."""
    seat = current_player(heavy)
    seen = view(heavy, seat)
    least = ExpertBot(3, work=0, clock=FakeClock(0.0))
    least.choose(seen)
    done = least._worked  # the positions the least iterations tried
    assert ExpertBot(3, clock=FakeClock(0.0)).work == WORK
    more = [ExpertBot(3, work=2 * done, clock=FakeClock(0.0)) for _ in range(2)]
    choices = {str(bot.choose(seen)) for bot in more}
    assert len(choices) == 1
    assert more[0].last.iterations == more[1].last.iterations > ITERATIONS[4]
    assert more[0]._worked >= 2 * done and not more[0].last.cut
    capped = ExpertBot(3, work=10**9, most_iterations=ITERATIONS[4] + 2, clock=FakeClock(0.0))
    capped.choose(seen)
    assert capped.last.iterations == ITERATIONS[4] + 2


def test_the_deadline_stops_the_search_and_the_answer_stays_legal(heavy):
    """A clock that moves 0.05 s at every reading (the search reads it before each
    iteration and each position a playout tries) reaches the 2.2 s deadline long before a
    budget of a thousand iterations: the search is cut, the answer is legal."""
    seat = current_player(heavy)
    clock = FakeClock(0.05)
    bot = ExpertBot(3, iterations=1000, clock=clock)
    assert bot.choose(view(heavy, seat)) in view(heavy, seat).legal
    assert bot.last.cut and bot.last.iterations < 1000 and bot.capped == 1
    assert clock.now <= bot.time_limit + 0.2  # stopped before its deadline, a step or so


@pytest.mark.long
def test_expert_finishes_a_game_against_easy_seeing_only_its_views(spy):
    bots = [spy(ExpertBot(11, iterations=2, clock=lambda: 0.0)), spy(make_bot("easy", 12))]
    result = play_game(bots, 5, game="forum-trajanum")
    assert len(result.scores) == 2 and bots[0].seen
    assert all(seen.viewer == 0 for seen in bots[0].seen)


def test_expert_is_a_level_wherever_a_level_is_named():
    """The New game form offers it, ``new --seats`` and ``host`` take it (a seat named
    "expert" is a bot, no longer a person with a note), ``simulate`` plays it, and both
    games make it."""
    from forum_trajanum.core.simulate import LEVELS
    from forum_trajanum.games import GAMES
    from forum_trajanum.tui.screens import LEVEL_CHOICES
    from forum_trajanum.tui.seats import settings_from_seats

    assert ("bot: expert", "expert") in LEVEL_CHOICES
    assert "expert" in LEVELS
    for game in ("forum-trajanum", "trajan"):
        settings = settings_from_seats("Ann,Expert", coach=(), game=game)
        assert settings.bots == ["", "expert"] and settings.names[1] == "Expert bot"
        assert not settings.note
        assert GAMES.get(game).load("bots").make_bot("expert", 1).level == "expert"


def test_expert_samples_worlds_only_from_the_view_it_was_handed(heavy, monkeypatch):
    """determinize, a bot's only way to a full state, is fed the very view Expert was
    handed, and nothing in the module makes or views a full state."""
    import ast
    import inspect

    import forum_trajanum.games.forum_trajanum.bots.expert as expert_module

    seat = current_player(heavy)
    handed = view(heavy, seat)
    fed = []

    def checked(seen, rng):
        assert seen is handed
        fed.append(seen.viewer)
        return determinize(seen, rng)

    monkeypatch.setattr(expert_module, "determinize", checked)
    ExpertBot(3, iterations=3, clock=FakeClock(0.0)).choose(handed)
    assert fed and set(fed) == {seat}
    tree = ast.parse(inspect.getsource(expert_module))
    for node in ast.walk(tree):
        if isinstance(node, ast.ImportFrom):
            names = {alias.name for alias in node.names}
            assert not names & {"GameState", "PlayerState", "new_game", "view"}


def searched_in(cycle: int, round_: int, seed: int = 36):
    """The first position of cycle ``cycle``'s round ``round_`` at which this bot searches."""
    return searched_position(ExpertBot(1, **SMALL), cycle, round_, seed)


def judged_leaves(seen, **settings) -> list:
    """The leaves Expert's search from ``seen`` judges."""
    bot = ExpertBot(3, **SMALL, **settings)
    ranks, own = judge(bot.settings(len(seen.colonias)).value)
    judged = []

    def spy(state):
        judged.append(state)
        return ranks(state)

    bot.judge = (spy, own)
    bot.choose(seen)
    return judged


def test_expert_plays_cycle_three_from_round_three_to_the_end_and_judges_final_scores():
    """Rules "Game end", as for Hard: with two players, from cycle III's round 3 on
    (``to_end=3``, the default since the paired screen in the module's text) the playouts go
    on through the final scoring, and every leaf is the final score, no estimate; told
    ``to_end=None`` they stop at the round's end."""
    seen = searched_in(3, 3)
    judged = judged_leaves(seen)
    assert judged and all(is_over(leaf) for leaf in judged)
    judged = judged_leaves(seen, to_end=None)
    assert judged and not any(is_over(leaf) for leaf in judged)


def test_expert_judges_a_leaf_as_hard_does():
    """With two players the Expert's leaf is Hard's (the module's text: the counts Hard's
    leaves gained from its worst games, the envoys that can still reach the Forum among
    them): every seat's standing the same, at positions of a whole game; and it searches the
    building step as Hard does (no trust in Normal's ranking there). With three or four it
    keeps the fitted value, Normal's building step and playouts to the round's end (where it
    had the highest mean)."""
    from forum_trajanum.games.forum_trajanum.bots.hard import relative_value
    from forum_trajanum.games.forum_trajanum.bots.value import standings

    duel = ExpertBot(1).settings(2)
    assert duel == DUEL and duel.trust_normal == frozenset() and duel.to_end == 3
    for players in (3, 4):
        assert ExpertBot(1).settings(players) == GROUP
        assert GROUP.value == "fitted" and GROUP.to_end is None and GROUP.trust_normal
    told = ExpertBot(1, value="evaluate", trust_normal=(), to_end=None).settings(4)
    assert told == Style("evaluate", frozenset(), None)  # what it is told, at any table
    ranks, _ = judge(duel.value)
    differs = 0
    for state in positions(21, 2, every=13):
        seats = range(len(state.players))
        assert ranks(state) == [relative_value(state, p) for p in seats]
        differs += ranks(state) != standings(state)  # Hard's counts are not the old ones
    assert differs  # somewhere along the game the two counts part


def test_a_duels_expert_plays_by_hards_sharper_normal_and_a_table_of_four_by_normals(monkeypatch):
    """As Hard (its module's text, 2026-12-08): with two players the Expert ranks its arms
    and plays its tree's moves and playouts by the sharper Normal (``sharp_policy``); with
    four, by Normal's own policy; ``sharp=False`` keeps the plain one in a duel too."""
    from forum_trajanum.games.forum_trajanum.bots import expert as expert_module

    made = []
    real = expert_module.sharp_policy

    def spy(*args, **kwargs):
        made.append(args)
        return real(*args, **kwargs)

    monkeypatch.setattr(expert_module, "sharp_policy", spy)
    for players, sharp, expected in ((2, True, True), (4, True, False), (2, False, False)):
        seen = view(*_first_searched(players))
        made.clear()  # (the search for a searched position runs an Expert too)
        ExpertBot(1, **SMALL, sharp=sharp).choose(seen)
        assert bool(made) == expected, (players, sharp)


def _first_searched(players: int):
    state = next(searched_states(5, players, 1))
    return state, current_player(state)
