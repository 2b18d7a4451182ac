"""Crane colours chosen corner by corner: the engine's arrangements, narrowed step by step."""

from __future__ import annotations

from forum_trajanum.core import saves
from forum_trajanum.core.session import GameSession
from forum_trajanum.games.forum_trajanum.data import cell_index
from forum_trajanum.games.forum_trajanum.engine import GameOptions, parse
from forum_trajanum.games.forum_trajanum.ui.cranes import STEP_ID, crane_steps
from forum_trajanum.games.forum_trajanum.ui.play import SetupScreen
from forum_trajanum.tui.app import ForumApp

from .conftest import SIZE, decision_line, past_hold, play_screen, screen_text, session_at


def _arrangements(*texts: str):
    return [parse(text) for text in texts]


def test_each_step_offers_the_colours_that_the_engine_still_allows():
    # three arrangements only: the picker must follow them, not a rule of its own
    legal = _arrangements("cranes BGYR", "cranes BRGY", "cranes GBYR")
    first = crane_steps(legal, "")
    assert [(s.corner, s.colour, s.action) for s in first] == [
        (0, "B", None),
        (0, "G", parse("cranes GBYR")),  # one arrangement left: the rest is forced
    ]
    assert first[0].id == STEP_ID + "B"
    assert first[1].id == "cranes GBYR"
    assert first[1].label() == (
        "Corner A1: green (G), so F1: blue (B), A6: yellow (Y), F6: red (R)"
    )
    second = crane_steps(legal, "B")
    assert [(s.corner, s.colour, str(s.action)) for s in second] == [
        (1, "G", "cranes BGYR"),
        (1, "R", "cranes BRGY"),
    ]
    assert crane_steps(legal, "Y") == []  # nothing begins so


def test_with_all_24_arrangements_the_last_corner_is_forced():
    legal = list(session_at("setup_cranes").view_of(0).legal)
    assert len(legal) == 24
    assert len(crane_steps(legal, "")) == 4
    assert len(crane_steps(legal, "R")) == 3
    third = crane_steps(legal, "RY")
    assert [str(s.action) for s in third] == ["cranes RYBG", "cranes RYGB"]
    assert third[0].label() == "Corner A6: blue (B), so F6: green (G)"


def _hot_seat() -> GameSession:
    session = session_at("draft")  # for its options only
    return GameSession.new(21, session.state.options, ["Ann", "Bob"], ["", ""])


def _listed(screen: SetupScreen) -> list[str]:
    options = screen.query_one("#decisions")
    return [options.get_option_at_index(i).id for i in range(options.option_count)]


async def test_cranes_corner_by_corner_with_the_corner_marked_and_steps_back():
    app = ForumApp(bot_delay=0, session=_hot_seat())
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("enter")  # hand-over to Ann
        await past_hold(pilot)
        screen = app.screen
        assert isinstance(screen, SetupScreen)
        legal = [str(a) for a in screen.data.view.legal]
        grid = screen.query_one("#colonia")
        for corner, chosen in (("A1", ""), ("F1", "G"), ("A6", "GR")):
            if chosen:
                index = _listed(screen).index(STEP_ID + chosen)
                screen.query_one("#decisions").highlighted = index
                await pilot.press("enter")
            # the corner being chosen is marked on the Colonia and named above the list
            assert grid.legal == {corner} and grid.cursor == cell_index(corner)
            assert f"crane colour for corner {corner}" in decision_line(app)
            # the list offers the colours of the engine's arrangements that begin so
            expected = {text[len("cranes ") + len(chosen)] for text in legal
                        if text.startswith("cranes " + chosen)}  # fmt: skip
            assert {step.colour for step in screen.crane_steps} == expected
            assert app.session.record.actions == []
        # the colours chosen so far show on the Colonia and in the supply line
        supply = str(screen.query_one("#supply").content)
        # (covered, as the engine's crane state says: "uncovered" scores at the next scoring,
        # as the line above the list says)
        assert "Crane A1 G under a tile\nCrane F1 R under a tile\nCrane A6 to" in supply
        crane = [line[6:15] for line in grid.render().plain.splitlines()[1:4]]
        assert "crane" in crane[0] and "G" in crane[1]  # A1 on the board
        await pilot.press("escape")  # back to F1
        assert screen.cranes_chosen == "G" and grid.legal == {"F1"}
        await pilot.press("backspace")  # back to A1
        assert screen.cranes_chosen == "" and grid.legal == {"A1"}
        await pilot.press("escape")  # A1 is the first corner: nothing more to undo
        assert screen.cranes_chosen == "" and app.session.record.actions == []
        # A1, F1, A6 by Enter: the last choice completes the arrangement, played as one action
        await pilot.press("enter", "enter")
        assert _listed(screen) == [step.id for step in screen.crane_steps]
        assert all(option in legal for option in _listed(screen))  # complete arrangements
        final = _listed(screen)[screen.query_one("#decisions").highlighted]
        await pilot.press("enter")
        assert app.session.record.actions == [final]
        (line,) = [e.text for e in app.session.log]  # one log line, in words
        assert line.startswith("placed the cranes: A1 ")
        record, _ = saves.read_game(app.session.game.id)
        assert record.actions == [final]  # the autosave holds the one action
        assert "into row" in screen_text(app)  # Ann's next setup decision
        assert screen.crane_steps == []
        assert grid.legal == frozenset()


async def test_why_a_cranes_colour_matters_is_on_screen_at_80x24_with_every_choice():
    # a first-timer's trap: nothing said why the colour matters before i or h. The engine's
    # line (its numbers from the rule data) is whole on a screen line at each corner, above
    # the choices, all of which stay in view, as do the colours chosen so far
    from forum_trajanum.games.forum_trajanum.data import CRANE_POINTS
    from forum_trajanum.games.forum_trajanum.engine.words import CRANE_COLOUR_WHY

    assert "/".join(str(n) for n in CRANE_POINTS) + " VP" in CRANE_COLOUR_WHY
    session = GameSession.new(3, GameOptions(players=2), ["Ann", "Bob"], ["", ""])
    app = ForumApp(bot_delay=0, session=session, choice_hold=0)
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await play_screen(pilot)
        assert isinstance(screen, SetupScreen)
        for corner in range(3):  # the fourth is forced by the third
            lines = [line.rstrip() for line in screen_text(app).splitlines()]
            assert CRANE_COLOUR_WHY in lines, "\n".join(lines)
            labels = [step.label() for step in screen.crane_steps]
            assert labels and all(any(e in line for line in lines) for e in labels), labels
            if corner:
                assert any(line.startswith("Chosen: A1 ") for line in lines), "\n".join(lines)
            await pilot.press("1")
            await past_hold(pilot)
