"""What a first-timer read at 80x24 in two whole Trajan games: the coach's strip for choosing
a tray stopped before its key sentence, a tray's entry did not say that its arrow leads to
an action, and every starting-tile pick repeated who the start player is."""

from __future__ import annotations

import re

import pytest

from forum_trajanum.core.session import GameSession
from forum_trajanum.games.trajan.engine.rules import apply, legal_actions, new_game
from forum_trajanum.games.trajan.engine.state import TrajanOptions
from forum_trajanum.games.trajan.engine.view import view
from forum_trajanum.games.trajan.ui.choices import decision_title
from forum_trajanum.games.trajan.ui.playscreen import TrajanScreen
from forum_trajanum.tui.app import ForumApp
from forum_trajanum.tui.coach import CoachScreen, start_coach
from tests.tui.conftest import decision_line, screen_text
from tests.waiting import wait_for

NAMES = ["Ann", "Bot"]
KEY_SENTENCE = "The tray that gets the last marker is the target: you may perform its action."
#: A tray's entry: its key, the tray and its markers, the arrow to the target's action.
ENTRY = re.compile(r"^ ?\d (\w+) \(([A-Z ]+|empty)\) → (\w+) action[,;( ]")


@pytest.fixture(autouse=True)
def save_home(tmp_path, monkeypatch):
    monkeypatch.setenv("FORUM_TRAJANUM_HOME", str(tmp_path / "home"))
    monkeypatch.setattr("forum_trajanum.tui.keys.CHOICE_HOLD", 0.001)


def _at_first_tray_choice(coach: bool) -> GameSession:
    """Ann (a person) and an easy bot, played on by first choices to Ann's first choice of
    a tray; the coach on for Ann when ``coach``."""
    session = GameSession.new(
        7, TrajanOptions(players=2), NAMES, ["", "easy"], autosave=False, game="trajan",
        start=(lambda record: start_coach(record, [0])) if coach else None,
    )  # fmt: skip
    while not (session.decider == 0 and session.state.decision == "source"):
        session.play(session.view_of(session.decider).legal[0])
    return session


async def test_at_80x24_the_coach_strip_on_choosing_a_tray_says_the_last_marker_picks_the_action():
    # EN l.191 (the tray of the last marker is the target tray) and l.239 (the player may
    # perform the target tray's action): the strip's two lines end in "i: more"; they showed
    # only "Take all markers of one tray and sow them ... clockwise."
    session = _at_first_tray_choice(coach=True)
    app = ForumApp(bot_delay=0, session=session, choice_hold=0)
    async with app.run_test(size=(80, 24)) as pilot:
        assert await wait_for(pilot, lambda: isinstance(app.screen, CoachScreen))
        assert await wait_for(pilot, lambda: KEY_SENTENCE in screen_text(app))
        lines = screen_text(app).splitlines()
        assert lines[0].startswith(" Coach: Choose the tray to take the markers from")
        assert lines[1].strip() == KEY_SENTENCE  # the first line of the strip
        assert "clockwise" in lines[2] and lines[2].rstrip().endswith("i: more")


@pytest.mark.parametrize("size", [(80, 24), (160, 45)])
async def test_each_tray_entry_says_its_arrow_leads_to_the_target_trays_action(size):
    # EN l.191 and l.239: the arrow leads to the target tray, whose action one may perform;
    # "Seaport (G P) → Military" read as a move of markers, "→ Military action" says it
    session = _at_first_tray_choice(coach=False)
    legal = session.view_of(0).legal
    app = ForumApp(bot_delay=0, session=session, choice_hold=0)
    async with app.run_test(size=size) as pilot:
        assert await wait_for(pilot, lambda: isinstance(app.screen, TrajanScreen))
        assert await wait_for(pilot, lambda: "→" in screen_text(app))
        box = app.screen.query_one("#decisions").region
        rows = screen_text(app).splitlines()[box.y : box.bottom]
        entries = [row[box.x : box.right].strip() for row in rows]
        entries = [entry for entry in entries if "→" in entry]
        assert len(entries) == len(legal) >= 2, entries
        for key, entry in enumerate(entries, 1):
            found = ENTRY.match(entry)
            assert found and entry.startswith(f"{key} "), entry  # the key before each entry
            tray, target = found.group(1), found.group(3)
            assert {tray, target} <= {"Seaport", "Forum", "Military", "Senate", "Trajan",
                                      "Construction"}, entry  # fmt: skip


def test_the_start_player_is_named_once_not_at_each_starting_tile():
    # EN l.129: each player takes three starting Trajan tiles, one at a time; R33: the start
    # player is drawn. The title named them at each of the three picks; now at the first.
    s = new_game(3, TrajanOptions(players=2))
    said: list[tuple[int, str]] = []
    while s.phase == "setup":
        if s.decision == "start":
            said.append((s.decider, decision_title(view(s, s.decider), NAMES)))
        apply(s, legal_actions(s)[0])
    assert len(said) == 6
    for seat in (0, 1):
        titles = [title for who, title in said if who == seat]
        assert titles[0].startswith("Take a starting Trajan tile — "), titles
        assert titles[0].endswith("you are the start player" if seat == s.start_player
                                  else f"{NAMES[s.start_player]} is the start player")  # fmt: skip
        assert titles[1:] == ["Take a starting Trajan tile"] * 2, titles


async def test_at_80x24_the_second_starting_tile_title_does_not_repeat_the_start_player():
    # EN l.129, R33: the start player's second pick, on screen at 80x24
    session = GameSession.new(
        3, TrajanOptions(players=2), NAMES, ["", "easy"], autosave=False, game="trajan"
    )
    start = session.state.start_player
    while not (session.state.decision == "start" and session.decider == 0):
        session.play(session.view_of(session.decider).legal[0])
    session.play(session.view_of(0).legal[0])  # Ann's first tile
    assert session.state.decision == "start" and session.decider == 0
    app = ForumApp(bot_delay=0, session=session, choice_hold=0)
    async with app.run_test(size=(80, 24)) as pilot:
        assert await wait_for(pilot, lambda: isinstance(app.screen, TrajanScreen))
        assert await wait_for(pilot, lambda: "Take a starting Trajan tile" in screen_text(app))
        assert decision_line(app) == "Take a starting Trajan tile"
        assert "start player" not in screen_text(app).split("\n", 2)[2], start
