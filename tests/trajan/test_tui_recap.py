"""The hot-seat recap (issue 28, point 3): after a hand-over each person reads, above their
decision, what the others did since their own last decision, as a person reads a bot's moves
("Meanwhile: ...")."""

from __future__ import annotations

import random

import pytest

from forum_trajanum.core.session import GameSession
from forum_trajanum.games.trajan.engine.state import TrajanOptions
from forum_trajanum.games.trajan.ui.playscreen import TrajanScreen
from forum_trajanum.games.trajan.ui.recap import meanwhile, recent_lines
from forum_trajanum.tui.app import ForumApp
from forum_trajanum.tui.screens import HandOverScreen
from tests.trajan.choosing import choose
from tests.tui.conftest import screen_text
from tests.waiting import wait_for


@pytest.fixture(autouse=True)
def save_home(tmp_path, monkeypatch):
    monkeypatch.setenv("FORUM_TRAJANUM_HOME", str(tmp_path / "home"))
    monkeypatch.setattr("forum_trajanum.tui.keys.CHOICE_HOLD", 0.001)


def _hot_seat(seed: int = 3) -> GameSession:
    """Ann and Bob at one keyboard, played on by first legal actions into quarter I."""
    session = GameSession.new(
        seed, TrajanOptions(players=2), ["Ann", "Bob"], ["", ""], autosave=False, game="trajan"
    )
    while session.state.quarter <= 0:
        session.play(session.view_of(session.decider).legal[0])
    return session


def _note(app) -> str:
    """The words above the list of choices, unwrapped."""
    return " ".join(str(app.screen.query_one("#t-hint").render()).split())


async def _after_hand_over(pilot, app, seat: int) -> None:
    """Past the hand-over to ``seat``'s own decision."""
    assert await wait_for(pilot, lambda: isinstance(app.screen, HandOverScreen))
    await pilot.press("enter")
    assert await wait_for(
        pilot,
        lambda: (
            isinstance(app.screen, TrajanScreen)
            and app.screen.data.view.viewer == seat
            and bool(app.screen.data.view.legal)
        ),
    )
    await pilot.pause()


async def _play_turn(pilot, app, session) -> list[str]:
    """The deciding person plays their whole turn by the first choice each time (the recap
    above their decision gone after their first step); the log lines their turn wrote."""
    seat, lines = session.decider, len(session.log)
    while session.decider == seat and not session.over:
        count = len(session.record.actions)
        await choose(pilot)
        assert await wait_for(pilot, lambda n=count: len(session.record.actions) > n)
        await pilot.pause()
        if session.decider == seat:
            assert "Meanwhile:" not in _note(app)
    return [f"{session.name(e.seat)} {e.text}" if e.seat >= 0 else e.text
            for e in session.log[lines:]]  # fmt: skip


async def test_after_each_hand_over_the_person_reads_the_other_ones_moves():
    session = _hot_seat()
    app = ForumApp(bot_delay=0, choice_hold=0.001, session=session)
    async with app.run_test(size=(80, 24)) as pilot:
        await _after_hand_over(pilot, app, session.decider)
        for _ in range(3):  # each one's turn, read by the other after the hand-over
            mover = session.decider
            played = await _play_turn(pilot, app, session)
            reader = session.decider
            assert reader != mover
            await _after_hand_over(pilot, app, reader)
            note = _note(app)
            assert note.startswith("Meanwhile:"), note
            assert "Meanwhile:" in screen_text(app)
            # the other's moves by name, the latest of them in the recap (cut when the
            # points scored, first, leave too little room: "r: all of it" then says so)
            assert f"{session.name(mover)} " in note
            latest = " ".join(played[-1].split())
            assert latest in note or (latest[:12] in note and note.endswith("r: all of it"))
            assert f"{session.name(reader)} took" not in note, "not the reader's own moves"


def test_the_recap_begins_after_the_seats_own_last_move_whoever_the_lines_name():
    session = _hot_seat(5)
    names = [session.name(p) for p in range(2)]
    # a whole turn of each seat
    for _ in range(2):
        seat = session.decider
        while session.decider == seat:
            session.play(session.view_of(seat).legal[0])
    seat = session.decider
    since = max(i for i, e in enumerate(session.log) if e.actor == seat) + 1
    expected = [(f"{names[e.seat]} " if e.seat >= 0 else "") + e.text for e in session.log[since:]]
    assert expected, "the other seat played since"
    assert recent_lines(session, names, seat, most=99) == expected
    # an onlooker (bots playing between two people) reads the bots' moves since a person
    # last decided: none here
    assert recent_lines(session, names, -1, most=99) == []


def test_the_recap_names_first_the_points_each_other_player_scored_since_by_category():
    # what each other player scored since the reader's own last move, counted here from
    # the players' points by category after each of the reader's moves
    from forum_trajanum.games.trajan.engine.words import POINTS_SHORT
    from forum_trajanum.games.trajan.ui.recap import points_since

    session = _hot_seat(5)
    names = [session.name(p) for p in range(2)]
    rules = session.rules
    after_own = {seat: rules.points(session.state) for seat in range(2)}
    checked = 0
    rng = random.Random(5)
    while not session.over and checked < 40:
        seat = session.decider
        said = points_since(session, names, seat)
        other = 1 - seat
        now, then = rules.points(session.state)[other], after_own[seat][other]
        gained = {k: now[k] - then[k] for k in now if now[k] != then[k]}
        if gained:
            checked += 1
            assert len(said) == 1 and said[0].startswith(f"{names[other]} ")
            assert f" {sum(gained.values()):+d} VP (" in said[0]
            for key, vp in gained.items():
                assert f"{POINTS_SHORT[key]} {vp:+d}" in said[0]
        else:
            assert said == []
        session.play(rng.choice(session.view_of(seat).legal))
        after_own[seat] = rules.points(session.state)
    assert checked >= 10


def test_at_80_columns_the_one_line_says_the_points_first_then_the_latest_moves_that_fit():
    moves = [f"Bob took move number {i} with rather many words in it" for i in range(6)]
    scored = ["Bob +12 VP (Trajan tiles +9, senate +3)"]
    line = meanwhile(moves, width=80, scored=scored)
    assert line.cell_len <= 80
    assert line.plain.startswith("Meanwhile: Bob +12 VP (Trajan tiles +9, senate +3); ")
    assert line.plain.endswith("r: all of it")  # moves were left out: their window (36.10)
    assert moves[-1][:12] in line.plain  # the latest move, whole or cut
    # all of it fits: nothing is cut and no key is named
    short = meanwhile(["Bob passed"], width=80, scored=scored)
    assert short.plain == "Meanwhile: Bob +12 VP (Trajan tiles +9, senate +3); Bob passed"
    # two scorers too long for the line: their totals alone
    many = [f"{who} +12 VP (Trajan tiles +9, senate +2, ships +1)" for who in ("Ann", "Cai")]
    assert meanwhile(moves, width=80, scored=many).plain.startswith(
        "Meanwhile: Ann +12 VP; Cai +12 VP; "
    )
