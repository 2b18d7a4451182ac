"""The typed contract (issue 37, point 4): a game's rules are the core's ``Engine`` Protocol,
and what a game leaves out of its :class:`~forum_trajanum.core.game.Game` the core fills from
conventions (``state.players[seat].score`` and ``.points``, ``state.scorings``, ranking by the
rank keys), so each game names only what differs."""

from __future__ import annotations

import dataclasses
import random
from types import SimpleNamespace
from typing import Any

import pytest

from forum_trajanum.core import timeline as replaying
from forum_trajanum.core.contract import Engine
from forum_trajanum.core.errors import RecordError
from forum_trajanum.core.game import Game
from forum_trajanum.games import GAMES

#: What a game must name itself: its identity, its words and screens' data, its flow, what no
#: convention can give (hidden information is sampled by the game: ``determinize``).
OWN = (
    "name", "title", "options", "record", "current_player", "decision_kind", "public_lines",
    "reveals_information", "determinize", "preview", "summary", "period", "period_name",
    "categories",
)  # fmt: skip
#: The Protocol's functions.
ENGINE = (
    "new_game", "legal_actions", "apply", "view", "is_over", "parse", "scores", "rank_keys",
)  # fmt: skip


def protocol_only(game: Game) -> Game:
    """``game`` rebuilt from the Engine Protocol's functions and its own words alone: every
    default the core has is the core's."""
    return Game(**{name: getattr(game, name) for name in OWN + ENGINE})


def random_states(game: Game, seed: int, players: int) -> list[Any]:
    """Every state of one random game to its end (a clone after each action)."""
    rng = random.Random(seed)
    options = game.options.model_validate({"players": players})
    state = game.new_game(seed, options)
    states = [state.clone()]
    while not game.is_over(state):
        game.apply(state, rng.choice(game.legal_actions(state)))
        states.append(state.clone())
    return states


@pytest.mark.parametrize("name", ["forum-trajanum", "trajan"])
def test_a_game_built_from_the_engine_protocol_alone_gets_working_defaults(name):
    """Forum Trajanum and Trajan follow the state conventions: rebuilt without their scores,
    points, scorings, final scoring and ranking, every default answers as the state says, at
    every step of a whole game; the final scoring is the last scoring's points."""
    game = GAMES.get(name)
    bare = protocol_only(game)
    assert bare.tie_breaks == () and bare.migrations == {} and bare.modules == {}
    states = random_states(bare, seed=37, players=3)
    for state in states:
        scores = bare.scores(state)
        assert scores == [seat.score for seat in state.players]
        points = bare.points(state)
        assert points == [dict(seat.points) for seat in state.players]
        assert [sum(p.values()) for p in points] == scores
        keys = bare.rank_keys(state)
        places = bare.ranking(state)
        assert sorted(seat for place in places for seat in place) == [0, 1, 2]
        ordered = [keys[place[0]] for place in places]
        assert ordered == sorted(set(keys), reverse=True), (places, keys)
        assert bare.scorings(state) == len(state.scorings)
    final = states[-1]
    assert final.scorings, "a finished game has scored"
    last = [sum(parts.values()) for parts in final.scorings[-1]]
    assert bare.final_scoring(final) == last and any(last)
    assert bare.final_scoring(states[0]) == [0, 0, 0]


@pytest.mark.parametrize("name", ["forum-trajanum", "trajan"])
def test_a_games_defaults_give_what_its_own_functions_gave(name):
    """The defaults replace each game's own copies with the same results: the registered game
    (defaults where it has no function of its own) answers as the bare rebuild, and its
    ranking puts the best rank key first, with Trajan's scorings its own (a quarter's scoring
    counts once its demands, vote and consul are done)."""
    game = GAMES.get(name)
    bare = protocol_only(game)
    for state in random_states(game, seed=8, players=4)[::5]:
        for part in ("scores", "points", "final_scoring", "ranking"):
            assert getattr(game, part)(state) == getattr(bare, part)(state), part
    if name == "trajan":
        assert game.scorings is not bare.scorings
    else:
        assert game.scorings is bare.scorings


def test_a_ranking_by_rank_keys_follows_the_rank_keys_of_its_own_game():
    """The default ranking ranks by the game's rank keys, also of a game made from another
    with other keys (``dataclasses.replace``): seats with equal keys share a place."""
    game = GAMES.get("forum-trajanum")
    state = random_states(game, seed=3, players=3)[-1]
    tied = dataclasses.replace(game, rank_keys=lambda s: [(-1,), (-2,), (-2,)])
    rising = dataclasses.replace(game, rank_keys=lambda s: [(0,), (1,), (2,)])
    assert tied.ranking(state) == [[0], [1, 2]]
    assert rising.ranking(state) == [[2], [1], [0]]


def test_the_final_scoring_before_any_scoring_is_nothing_for_every_seat():
    """Before the first scoring every seat's final scoring is 0 (the options say how many
    seats); after two, the last one's points by category, summed."""
    before = SimpleNamespace(scorings=[], options=SimpleNamespace(players=4))
    game = GAMES.get("forum-trajanum")
    assert game.final_scoring(before) == [0, 0, 0, 0]
    after = SimpleNamespace(
        scorings=[[{"a": 1}, {"a": 2}], [{"a": 3, "b": 4}, {"a": 0, "b": 0}]],
        options=SimpleNamespace(players=2),
    )
    assert game.final_scoring(after) == [7, 0]
    assert game.scorings(after) == 2


def test_every_registered_game_is_an_engine():
    """Each game's value has the Protocol's eight functions (the type checker checks their
    types: ``Game.engine``)."""
    for name in GAMES.names():
        engine: Engine[Any, Any, Any] = GAMES.get(name).engine()
        for function in ENGINE:
            assert callable(getattr(engine, function)), (name, function)


def test_every_games_record_replays_by_the_cores_one_replay(test_only_games):
    """The record's ``start``, ``replay`` and ``replay_valid`` are written once, in the core:
    no game's record class has its own, and each replays a random game of its own to the
    state it reached, an unknown action stopping the replay where it is."""
    for name in GAMES.names():
        game = GAMES.get(name)
        for method in ("start", "replay", "replay_valid"):
            assert method not in vars(game.record), (name, method)
        options = game.options.model_validate({"players": 2})
        state = game.new_game(5, options)
        record = game.record(seed=5, options=options)
        rng = random.Random(5)
        for _ in range(30):
            if game.is_over(state):
                break
            action = rng.choice(game.legal_actions(state))
            game.apply(state, action)
            record.append(action)
        assert replaying.start(record) == game.new_game(5, options)
        assert replaying.replay(record) == state
        assert replaying.replay_valid(record, upto=3)[1] == 3
        record.actions.append("no such action")
        replayed, good, problem = replaying.replay_valid(record)
        assert replayed == state and good == len(record.actions) - 1 and problem
        with pytest.raises(RecordError):
            replaying.replay(record)
