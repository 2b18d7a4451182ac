"""A game at a table without Textual (issue 39, point 1): the core's table gives the steps,
makes each seat's bot once, hands a bot its own view only and says what its choice plays; a
joined seat's flow gives the same steps for one seat of a game played elsewhere."""

from __future__ import annotations

from dataclasses import dataclass

import pytest

from forum_trajanum.core.conductor import Step
from forum_trajanum.core.session import GameSession
from forum_trajanum.core.table import GameTable, SeatFlow, StandInBot
from forum_trajanum.games import GAMES


def _session(game: str, bots: tuple[str, ...], seed: int = 5) -> GameSession:
    options = GAMES.get(game).options(players=len(bots))
    names = [f"P{i}" for i in range(len(bots))]
    return GameSession.new(seed, options, names, list(bots), autosave=False, game=game)


class Recording:
    """A bot that plays its view's first legal action and keeps every view it was given."""

    def __init__(self) -> None:
        self.views: list = []

    def choose(self, view):
        self.views.append(view)
        return view.legal[0]


@pytest.mark.parametrize("game", GAMES.names())
def test_a_table_of_bots_plays_a_whole_game_by_its_steps_each_bot_given_its_own_view(game):
    made: dict[tuple[str, int], Recording] = {}

    def factory(level: str, seed: int) -> Recording:
        made[level, seed] = Recording()
        return made[level, seed]

    session = _session(game, ("easy", "normal"))
    table = GameTable(session, factory)
    kinds: set[str] = set()
    while (step := table.next_step()).kind != "over":
        kinds.add(step.kind)
        if step.kind == "bot":
            turn = table.bot_turn(step.seat)
            chosen = turn.bot.choose(turn.view)
            assert table.play_bot(turn, chosen) == (chosen, "")  # played as it is
        elif step.kind == "auto":
            table.play(step.action, step.seat)
        else:
            assert step.kind == "scoring" and step.seat == -1  # nobody at the table: to it
            table.shown(step)
    assert session.over and kinds >= {"bot", "scoring"}
    # one bot per seat, made once, seeded by the game's seed and the seat
    assert sorted(made) == [
        ("easy", session.record.seed * 10),
        ("normal", session.record.seed * 10 + 1),
    ]
    for (level, _seed), bot in made.items():
        seat = 0 if level == "easy" else 1
        assert bot.views and all(view.viewer == seat for view in bot.views)


@dataclass
class Failing:
    """A bot that fails: raises, or chooses what the rules refuse."""

    raises: bool

    def choose(self, view):
        if self.raises:
            raise RuntimeError("lost its cards")
        return "a move of another game"


@pytest.mark.parametrize(
    ("raises", "problem"),
    [(True, "RuntimeError: lost its cards"), (False, "'a move of another game'")],
)
def test_a_bot_that_fails_plays_its_views_first_legal_action_and_the_table_says_why(
    raises, problem
):
    session = _session("trajan", ("easy", "easy"))
    table = GameTable(session, lambda level, seed: Failing(raises))
    step = table.next_step()
    assert step.kind == "bot"
    turn = table.bot_turn(step.seat)
    try:
        action, said = turn.bot.choose(turn.view), ""
    except RuntimeError as exc:
        action, said = None, f"{type(exc).__name__}: {exc}"
    first = turn.view.legal[0]
    words = f"Bot P{step.seat} failed ({problem}); it plays {first}"
    assert table.play_bot(turn, action, said) == (first, words)
    assert session.record.actions == [str(first)]


def test_a_bot_level_that_cannot_be_made_gets_a_stand_in_and_the_reason_in_words():
    def factory(level: str, seed: int):
        raise LookupError(f"no bot called {level}")

    session = _session("trajan", ("wizard", "easy"))
    table = GameTable(session, factory)
    bot = table.bot(0)
    assert isinstance(bot, StandInBot) and table.bot(0) is bot  # made once
    assert table.stand_ins == {
        0: "No 'wizard' bot (no bot called wizard); a simple stand-in plays."
    }


def test_a_bots_turn_goes_stale_once_the_game_moves_on():
    session = _session("trajan", ("easy", "easy"))
    table = GameTable(session)
    turn = table.bot_turn(table.next_step().seat)
    assert not table.stale(turn)
    table.play(turn.view.legal[0], turn.seat)
    assert table.stale(turn)  # its choice would answer a decision that is gone


@dataclass
class Seat:
    """What a joined seat's flow reads of its session."""

    scorings: int = 0
    over: bool = False
    decider: int = 0


def test_a_joined_seat_sees_each_scoring_once_then_its_decision_or_its_view_as_others_decide():
    session = Seat(scorings=1, decider=1)
    flow = SeatFlow(session, seat=0)  # joined after the first scoring: not shown again
    assert flow.next_step() == Step("wait", 1, watcher=0)
    session.scorings = 2
    step = flow.next_step()
    assert step == Step("scoring", 0, scoring=2)
    flow.shown(step)
    assert flow.next_step() == Step("wait", 1, watcher=0)
    session.decider = 0
    assert flow.next_step() == Step("decide", 0)
    session.scorings, session.over = 3, True
    step = flow.next_step()
    assert step == Step("scoring", 0, scoring=3)  # the last scoring before the game's end
    flow.shown(step)
    assert flow.next_step() == Step("over")
