"""The contract every registered game passes (OpenSpiel's way): one module, run for every name
in the registry, naming no game. A game added to ``forum_trajanum.games`` is checked here
without a line of this file changing.

Random games of every player count the game allows (2 to 4 here), played by the random-play
harness every game's own tests use too (``tests/randomplay.py``: every choice drawn by
Hypothesis, so a failure shrinks towards the first legal action), with at every step:

* a game that is not over has a legal action, a seat in range that decides it and a decision
  kind; a game that is over has none (seat -1, kind "over");
* every legal action's text parses back to it (``parse(str(a)) == a``);
* the scores are one per seat, the sum of that seat's points by category and the first of
  its rank key; the ranking puts every seat in one place, best rank key first, ties together;
* the deciding seat's view survives its JSON form (what a bot, a save or another machine
  would carry);

and every few steps (they cost more):

* ``determinize(view(state, p), rng)`` is a state whose view for ``p`` is ``view(state, p)``,
  for every seat;
* ``determinize`` of the deciding seat's view offers the same legal actions;
* a clone is equal to its original and a valid state; a dozen actions played on in the clone
  change neither the original, its legal actions nor any seat's view of it;

and at the end, the core's record of the game (seed, options, action texts) goes through its
file form, reads back equal and replays to the same state, views, scores and ranking; where
the game has its replay and export, the export of its save names the same final ranking.

The number of games comes from the Hypothesis profile (``tests/conftest.py``, which says why):
a few in the ``dev`` profile, three times more in ``ci``, 200 in ``deep``. Each game's own
random play (Forum Trajanum's options, invariants and scores that never fall in
``tests/engine/test_random_play.py``, Trajan's invariants and tally of points in
``tests/trajan/test_random_play.py``) and the fuzz of hostile input (``tests/fuzzing.py``)
check what is a game's own; this module checks what every game owes the core. The test-only
games (``tests/testonly.py``) are checked too: registered at collection and while the module
runs, as a game of the program.
"""

from __future__ import annotations

import json
import random
import tempfile
from pathlib import Path

import pytest
from hypothesis import given, note
from hypothesis import strategies as st

from forum_trajanum.core.game import Game
from forum_trajanum.core.record import read_record
from forum_trajanum.core.timeline import Timeline
from forum_trajanum.games import GAMES
from tests import fuzzing, testonly
from tests.randomplay import Check, PlayedGame, Step, StepCheck, choice_index, play

#: Every (game, player count) pair of the registry, 2 to 4 players: the program's games and
#: the test-only ones (``tests/testonly.py``), which each test registers for its run.
with testonly.registered():
    CASES = [
        pytest.param(name, players, id=f"{name}-{players}p")
        for name in GAMES.names()
        for players in fuzzing.player_counts(name)
        if 2 <= players <= 4
    ]
    NAMES = GAMES.names()
#: Every how many actions the costlier checks (determinize, clone) run.
COSTLY_EVERY = 7
#: (game, action) whose text is known to parse back to it: an equal action has the same text,
#: which parses the same (both are functions of the action's value), so each is parsed once.
ROUND_TRIPPED: set[tuple[str, object]] = set()


def check_step(game: Game, state, players: int) -> list:
    """The checks of one state; returns its legal actions."""
    legal = game.legal_actions(state)
    seat, kind = game.current_player(state), game.decision_kind(state)
    if game.is_over(state):
        assert legal == [], "a finished game offers actions"
        assert (seat, kind) == (-1, "over"), (seat, kind)
    else:
        assert legal, "a game that is not over has no legal action"
        assert seat in range(players), f"seat {seat} decides in a game of {players}"
        assert kind and kind != "over", kind
    for action in legal:
        if (game.name, action) not in ROUND_TRIPPED:
            assert game.parse(str(action)) == action, str(action)
            ROUND_TRIPPED.add((game.name, action))
    scores = game.scores(state)
    assert len(scores) == players
    points = game.points(state)
    assert [sum(p.values()) for p in points] == scores, (points, scores)
    keys = game.rank_keys(state)
    assert [key[0] for key in keys] == scores, (keys, scores)
    check_ranking(game.ranking(state), keys)
    return legal


def check_actor_view(game: Game, step: Step, seen=None) -> None:
    """The view of the seat who just decided (``seen``, when already made) reads back from
    its JSON form to the same data (a cache the view keeps for itself is not carried)."""
    seen = game.view(step.state, step.actor) if seen is None else seen
    again = type(seen).model_validate_json(seen.model_dump_json())
    assert type(again) is type(seen) and again.model_dump() == seen.model_dump()


def check_ranking(places: list[list[int]], keys: list[tuple]) -> None:
    """Every seat in exactly one place; a place's seats share a rank key, better than the
    next place's."""
    assert sorted(seat for place in places for seat in place) == list(range(len(keys)))
    assert all(place for place in places), places
    for place in places:
        assert len({tuple(keys[seat]) for seat in place}) == 1, (places, keys)
    firsts = [tuple(keys[place[0]]) for place in places]
    assert firsts == sorted(firsts, reverse=True) and len(set(firsts)) == len(firsts), (
        places,
        keys,
    )


def views_of(game: Game, state, players: int) -> list:
    """Every seat's view of ``state`` (made once for the checks of a step that read them)."""
    return [game.view(state, seat) for seat in range(players)]


def check_determinize(game: Game, state, players: int, seed: int, views=None) -> None:
    """A world sampled from a seat's view (``views``: every seat's, when already made) looks
    the same to that seat; the deciding seat's world offers it the same legal actions."""
    decider = game.current_player(state)
    views = views_of(game, state, players) if views is None else views
    for seat, seen in enumerate(views):
        world = game.determinize(seen, random.Random(seed + seat))
        assert game.view(world, seat) == seen, f"seat {seat}: the sampled world looks different"
        if seat == decider:
            assert game.legal_actions(world) == game.legal_actions(state)


def check_clone(game: Game, state, players: int, choose, views=None) -> None:
    """A clone equals its original, validates as a state of its own, and a dozen actions
    played on in it (chosen like the game's) change nothing in the original: its state, its
    legal actions (the clone starts with the original's cache) nor any seat's view (``views``:
    every seat's before, when already made)."""
    before = state.model_dump()
    legal = [str(a) for a in game.legal_actions(state)]
    views = views_of(game, state, players) if views is None else views
    copy = state.clone()
    assert type(copy) is type(state) and copy.model_dump() == before
    assert [str(a) for a in game.legal_actions(copy)] == legal
    for _ in range(12):
        if game.is_over(copy):
            break
        options = game.legal_actions(copy)
        game.apply(copy, options[choose(options)])
    assert state.model_dump() == before, "an action on a clone changed the original"
    assert [str(a) for a in game.legal_actions(state)] == legal
    assert views_of(game, state, players) == views
    played = copy.model_dump()
    assert type(copy).model_validate(played).model_dump() == played


def check_record(game: Game, record, state, players: int) -> None:
    """The record's file form reads back equal and replays to the same game; the export of
    the save (where the game has one) names the same ranking."""
    text = record.to_json()
    found = read_record(text, GAMES)
    assert found.damage() == "" and found.record == record
    timeline = Timeline(found.record, game)
    for _ in timeline:
        pass
    assert timeline.problem == "" and timeline.good == len(record.actions)
    again = timeline.state
    assert again.model_dump() == state.model_dump()
    for seat in [-1, *range(players)]:
        assert game.view(again, seat) == game.view(state, seat)
    assert game.scores(again) == game.scores(state)
    assert game.ranking(again) == game.ranking(state)
    if game.has("replay"):
        from forum_trajanum.core.export import structure, to_json
        from forum_trajanum.core.text import printable

        with tempfile.TemporaryDirectory() as folder:
            path = Path(folder) / f"{game.name}.json"
            path.write_text(text, encoding="utf-8")
            # export(path, "json") and export(path, "text"), the save read and replayed once
            found, to_text = structure(path)
            data = json.loads(to_json(found))
            assert printable(to_text(found), lines=True).strip()
        exported = [[s["seat"] - 1 for s in place["seats"]] for place in data["ranking"]]
        assert exported == game.ranking(state)
        scores = {s["seat"] - 1: s["score"] for place in data["ranking"] for s in place["seats"]}
        assert [scores[seat] for seat in range(players)] == game.scores(state)


@pytest.fixture(scope="module", autouse=True)
def _test_only_games():
    """The test-only games are registered while this module's tests run, as they were at
    its collection (for the module: Hypothesis refuses a fixture per test)."""
    with testonly.registered():
        yield


def contract(game: Game, players: int, seed: int) -> Check:
    """The checks of every step (the costlier ones every :data:`COSTLY_EVERY` actions), as a
    check of the random-play harness."""

    def make(_state) -> StepCheck:
        def check(step: Step) -> None:
            state = step.state
            legal = check_step(game, state, players)
            if legal and step.number % COSTLY_EVERY == 0:
                views = views_of(game, state, players)  # every seat's, read by each check
                check_actor_view(game, step, views[step.actor])
                check_determinize(game, state, players, seed, views)
                check_clone(game, state, players, step.choose, views)
            else:
                check_actor_view(game, step)

        return check

    return make


@st.composite
def checked_games(draw, game: Game, players: int) -> PlayedGame:
    """A whole random game of ``game`` for ``players`` seats, its first state and every step
    checked (the module docstring's checks but the final ones). One strategy, so that every
    choice is drawn with the strategy's own ``draw`` (``st.data()``'s costs four times more
    a draw, and a game draws hundreds)."""
    seed = draw(st.integers(0, 2**32 - 1))
    state = game.new_game(seed, game.options(players=players))
    note(f"{game.name}, {players} players, seed {seed}")

    def choose(legal: list) -> int:
        return draw(choice_index(len(legal))) if len(legal) > 1 else 0

    check_step(game, state, players)
    views = views_of(game, state, players)
    check_determinize(game, state, players, seed, views)
    check_clone(game, state, players, choose, views)
    return play(game, state, choose, [contract(game, players, seed)], seed=seed)


@pytest.mark.parametrize(("name", "players"), CASES)
@given(data=st.data())
def test_a_random_game_keeps_the_contract_at_every_step(name, players, data):
    """Every registered game, every player count: the checks of the module docstring."""
    game = GAMES.get(name)
    played = data.draw(checked_games(game, players), label="game")
    check_determinize(game, played.state, players, played.record.seed)
    check_record(game, played.record, played.state, players)


def test_the_contract_covers_every_registered_game_and_player_count():
    """The parametrization is the registry's: each game once per player count from 2 to 4
    it accepts, and at least one count each."""
    names = [case.values[0] for case in CASES]
    assert sorted(set(names)) == sorted(GAMES.names()) == sorted(NAMES)
    assert {game.name for game in testonly.TEST_GAMES} <= set(names)
    assert all(names.count(name) >= 1 for name in GAMES.names())


@pytest.mark.parametrize(("name", "players"), CASES[:1])
def test_the_contract_catches_a_score_that_is_not_the_sum_of_its_points(name, players):
    """The checks can fail: a game whose scores are one point off its points is caught."""
    import dataclasses

    game = GAMES.get(name)
    broken = dataclasses.replace(game, scores=lambda s: [x + 1 for x in game.scores(s)])
    state = game.new_game(1, game.options(players=players))
    with pytest.raises(AssertionError):
        check_step(broken, state, players)
