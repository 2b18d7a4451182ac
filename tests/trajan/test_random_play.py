"""Random games of 2, 3 and 4 players, played by the harness every game shares
(``tests/randomplay.py``): legal actions only, Trajan's invariants after every action (12
markers and 15 tokens per player, every tile and card accounted for), every player's points
counted again independently of the engine's score (:class:`helpers.Tally`), and each game ends
after 4 quarters of 4 rounds ("End of the game", EN l.522-542). What every game owes the core
(text forms, the ranking, the record's replay) the contract checks
(``tests/core/test_game_contract.py``)."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from forum_trajanum.games.trajan import data as D
from forum_trajanum.games.trajan.engine import scoring
from forum_trajanum.games.trajan.engine.actions import ACTION_SET, parse
from forum_trajanum.games.trajan.engine.game import GAME
from forum_trajanum.games.trajan.engine.rules import apply, legal_actions
from forum_trajanum.games.trajan.engine.state import GameState, TrajanOptions
from tests.randomplay import PlayedGame, Step, games
from tests.trajan.invariants import check_invariants

from .helpers import Tally, after_setup, quarter_end, random_game


class Tallied:
    """A step check that counts every player's points again from the board (its tally) and
    compares them with the engine's after every action."""

    def __init__(self, state: GameState) -> None:
        self.tally = Tally(state.options.players)
        self.before = state.clone()

    def __call__(self, step: Step) -> None:
        self.tally.step(self.before, step.action, step.state)
        self.tally.check(step.state)
        self.before = step.state.clone()


@pytest.mark.parametrize("players", [2, 3, 4])
@given(data=st.data())
def test_random_games_finish_with_every_invariant_kept(players, data):
    """EN l.163, l.522-542: 4 quarters of 4 rounds; every player's points are those the tally
    counts from the board (EN l.357-594)."""
    options = st.just(TrajanOptions(players=players))
    game: PlayedGame = data.draw(
        games(GAME, options, checks=[Tallied], invariants=check_invariants), label="game"
    )
    assert not game.checks[0].tally.pending
    quarters = range(1, D.QUARTERS + 1)
    assert game.periods == [(q, r) for q in quarters for r in range(1, D.ROUNDS_PER_QUARTER + 1)]
    assert len(game.state.scorings) == D.QUARTERS


def _spend_choices():
    """R14: a quarter's end where the player chooses which forum tiles meet the demands (a
    decision random play seldom reaches): bread by the bread tile or the demand wild card."""
    s = after_setup(3)
    pl = s.players[0]
    pl.tiles = [
        next(i for i, t in enumerate(D.FORUM_TILES) if (t.kind, t.value) == (kind, value))
        for kind, value in (("demand", D.BREAD), ("wild_demand", 0))
    ]
    pl.kept = [
        next(i for i, t in enumerate(D.TRAJAN_TILES) if t.effect == "demand" and t.amount == d)
        for d in (D.GAMES, D.RELIGION)
    ]
    s.revealed = [D.BREAD, D.GAMES, D.RELIGION]
    quarter_end(s, seat=1)
    assert s.decision == "spend"
    return legal_actions(s)


def test_every_legal_action_at_every_step_round_trips_through_its_text():
    """Every legal action of random 2-, 3- and 4-player games, chosen or not, reads back from
    its text (``parse(str(a)) == a``); together with the demands choice (R14) built for the
    test, the sample holds every kind of action."""
    seen = set()
    for players in D.PLAYER_COUNTS:
        for seed in range(3):
            for state, _ in random_game(seed, players):
                for action in legal_actions(state):
                    assert parse(str(action)) == action, str(action)
                    seen.add(action.kind)
    built = _spend_choices()
    assert len(built) > 1
    for action in built:
        assert parse(str(action)) == action, str(action)
    nothing = parse("spend nothing")
    assert str(nothing) == "spend nothing" and parse(str(nothing)) == nothing
    assert seen | {a.kind for a in built} == set(ACTION_SET.kinds)


def test_the_tally_catches_points_the_engine_gets_wrong(monkeypatch):
    """The independent tally can fail: with one bonus point too many in the final scoring
    (EN l.544-594) the tally disagrees at the game's end."""
    real = scoring.bonus_points
    monkeypatch.setattr(scoring, "bonus_points", lambda state, p: real(state, p) + 1)
    tally = Tally(2)
    with pytest.raises(AssertionError, match="tallied"):
        for state, action in random_game(1, 2):
            after = state.clone()
            apply(after, action)
            tally.step(state, action, after)
            tally.check(after)


def test_the_extra_action_options_found_in_one_pass_are_those_each_tile_kind_defines():
    # EN l.630-640, R32: an extra action needs its tile (plain of that action, or wild) and
    # an action that can be performed; issue 37.5: one pass over the tiles finds both kinds.
    # Over random 4-player games, for every player and action, the options equal the
    # definition: a tile looked up per kind, then the pass first
    from random import Random

    from forum_trajanum.games.trajan.engine.actions import PASS, Extra
    from forum_trajanum.games.trajan.engine.board import action_options
    from forum_trajanum.games.trajan.engine.tasks import ExtraTask
    from forum_trajanum.games.trajan.engine.turn import _extra_options, _extra_tile

    def defined(state: GameState, task: ExtraTask) -> list:
        pl = state.players[task.player]
        if state.extra_used:
            return []
        options = [Extra.make(w) for w in (False, True) if _extra_tile(pl, task.action, w) >= 0]
        if not options or not action_options(state, task.player, task.action):
            return []
        return [PASS, *options]

    offered = set()
    for seed in range(12):
        rng = Random(seed)
        state = GAME.new_game(seed, TrajanOptions(players=4))
        while not GAME.is_over(state):
            for p in range(4):
                for action in range(D.NUM_ACTIONS):
                    task = ExtraTask(p, action)
                    options = _extra_options(state, task)
                    assert options == defined(state, task)
                    assert all(a is b for a, b in zip(options, defined(state, task), strict=True))
                    offered.update(options)
            apply(state, rng.choice(legal_actions(state)))
    assert offered == {PASS, Extra.make(False), Extra.make(True)}  # every kind was offered


def test_the_task_records_made_once_per_seat_and_tray_equal_those_made_afresh():
    # issue 37.5: a take pushes its end of turn, its tray's action and its accomplishment
    # (EN l.167-171, R2), and the end of a turn the next seat's turn, as records made once;
    # each equals (and is of the class of) the record made for that seat and tray
    from forum_trajanum.games.trajan.engine.quarter import SOURCE
    from forum_trajanum.games.trajan.engine.tasks import (
        AccomplishTask,
        ActTask,
        EndTurnTask,
        SourceTask,
        Why,
    )
    from forum_trajanum.games.trajan.engine.turn import ACCOMPLISH, ACT_TRAY, END_TURN

    seats = range(max(D.PLAYER_COUNTS))
    made = [(SOURCE[p], SourceTask(p)) for p in seats] + [
        (END_TURN[p], EndTurnTask(p)) for p in seats
    ]
    for p in seats:
        for t in range(D.NUM_TRAYS):
            made += [
                (ACT_TRAY[p][t], ActTask(p, t, Why.TRAY)),
                (ACCOMPLISH[p][t], AccomplishTask(p, t)),
            ]
    for once, fresh in made:
        assert once == fresh and type(once) is type(fresh)
    assert len(made) == 2 * len(seats) * (1 + D.NUM_TRAYS)
