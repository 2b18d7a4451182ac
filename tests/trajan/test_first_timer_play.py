"""What a tester met playing a whole Trajan game at 80x24 against a hard bot: the Forum
action's "Take the extra action: Seaport" read as doing a Seaport action now, the hint named
entries below the visible list, the trays' plan lines said "round ends" where the round's end
ends the game, and "Meanwhile:" showed only the round's end when the bot's move was hidden."""

from __future__ import annotations

import random

import pytest

from forum_trajanum.core.session import GameSession
from forum_trajanum.games.trajan import data as D
from forum_trajanum.games.trajan.engine.actions import FORUM_KEYS, TILE_KEY
from forum_trajanum.games.trajan.engine.foresight import tray_plans
from forum_trajanum.games.trajan.engine.rules import apply
from forum_trajanum.games.trajan.engine.state import TrajanOptions
from forum_trajanum.games.trajan.engine.view import SPECS, public_lines, view
from forum_trajanum.games.trajan.ui.choices import list_entries
from forum_trajanum.games.trajan.ui.glossary import GLOSSARY
from forum_trajanum.games.trajan.ui.playscreen import TrajanScreen
from forum_trajanum.games.trajan.ui.recap import meanwhile, points_since, recent_lines
from forum_trajanum.tui.app import ForumApp
from forum_trajanum.tui.coach import CoachScreen, start_coach
from forum_trajanum.tui.compat import screen_strips
from forum_trajanum.tui.keys import ENTRY_KEYS
from tests.tui.conftest import screen_text
from tests.waiting import wait_for

from .helpers import random_game

SEEDS = range(1, 9)
NAMES = ["Ann", "Bot"]


def _forum_extra_offers():
    """(view of the chooser, a Forum action taking an extra action tile) in random games."""
    for seed in SEEDS:
        for state, action in random_game(seed, 2):
            if action.kind == "forum" and FORUM_KEYS[action.key][0] in ("extra", "wild_extra"):
                yield view(state, state.tasks[-1].player), action, state


def test_the_forum_entry_for_an_extra_action_tile_says_it_is_a_tile_to_repeat_that_action_later():
    # EN l.634-638: after performing an action a player may repeat it by discarding an extra
    # action tile showing that action; the tile is kept until then. "Take the extra action:
    # Seaport" read as doing a Seaport action now.
    seen = 0
    for v, action, _ in _forum_extra_offers():
        kind, value = FORUM_KEYS[action.key]
        words = SPECS["forum"].words(v, action)
        if kind == "extra":
            act = D.ACTIONS[value]
            assert words == (
                f"Take an extra action tile ({act}): later, play it to repeat a {act} action"
            )
        else:
            assert words == "Take the extra action wild card (stands for any extra action tile)"
        assert "Take the extra action:" not in words
        seen += 1
    assert seen >= 3


def test_the_coach_explains_the_extra_action_tile_when_the_forum_action_offers_one():
    # EN l.634-640: what the tile does, in the words the coach and the legend (g) show
    word = "extra action tile"
    meaning = GLOSSARY.words[word]
    assert "once more" in meaning and "One per turn" in meaning and "[+2]" in meaning
    for v, _, state in _forum_extra_offers():
        assert word in [note.word for note in GLOSSARY.notes_shown(v, set())]
        other = view(state, 1 - v.viewer)  # not their decision: only a tile they own says it
        tiles = other.players[other.viewer].tiles
        owns = any(FORUM_KEYS[TILE_KEY[t]][0] in ("extra", "wild_extra") for t in tiles)
        assert (word in [n.word for n in GLOSSARY.notes_shown(other, set())]) == owns


def test_the_log_says_a_spent_extra_action_tile_repeated_the_action():
    # EN l.634: discarding the tile repeats the action just performed
    found = 0
    for seed in SEEDS:
        for state, action in random_game(seed, 2):
            if action.kind != "extra":
                continue
            act = D.ACTIONS[state.tasks[-1].action]
            before = state.clone()
            after = state.clone()
            apply(after, action)
            lines = [text for _, text in public_lines(before, action, after)]
            what = "the extra action wild card" if action.wild else "an extra action tile"
            assert f"spent {what} to repeat {act}" in lines[0], lines
            found += 1
    assert found >= 1


# --- 2. the hint names an entry below the list's rows ---------------------------------------


@pytest.fixture
def save_home(tmp_path, monkeypatch):
    monkeypatch.setenv("FORUM_TRAJANUM_HOME", str(tmp_path / "home"))
    monkeypatch.setattr("forum_trajanum.tui.keys.CHOICE_HOLD", 0.001)


def _at_a_long_list(seed: int = 3, entries: int = 12) -> GameSession:
    """Ann (a person) and a bot, played on by random choices to a decision of Ann's whose
    list has at least ``entries`` entries (more than the rows of the list at 80x24)."""
    rng = random.Random(seed)
    session = GameSession.new(
        seed, TrajanOptions(players=2), ["Ann", "Bot"], ["", "easy"], autosave=False,
        game="trajan",
    )  # fmt: skip
    while True:
        v = session.view_of(session.decider)
        if session.decider == 0 and len(list_entries(v, v.legal, None)) >= entries:
            return session
        session.play(rng.choice(v.legal))


async def test_a_hint_naming_a_letter_entry_says_shift_and_brings_the_entry_into_view(
    save_home, monkeypatch
):
    # QA at 80x24: the hint named "H)" below the list's rows; H is Shift+H (plain h asks for
    # the next hint), and the entry was out of sight
    session = _at_a_long_list()
    v = session.view_of(0)
    entries = list_entries(v, v.legal, None)
    last_id = entries[-1][0]
    hinted = next(a for a in v.legal if str(a) == last_id)
    monkeypatch.setattr(
        "forum_trajanum.games.trajan.bots.hint",
        lambda view, *a, **k: [(next(x for x in view.legal if str(x) == last_id), 90.0)],
    )
    key = ENTRY_KEYS[len(entries) - 1]
    assert key.isalpha()
    app = ForumApp(bot_delay=0, session=session, choice_hold=0.001)
    async with app.run_test(size=(80, 24)) as pilot:
        assert await wait_for(pilot, lambda: isinstance(app.screen, TrajanScreen))
        screen = app.screen
        lst = screen.query_one("#decisions")
        assert await wait_for(pilot, lambda: lst.option_count == len(entries))
        assert lst.scrollable_content_region.height < len(entries)  # the entry is below
        note = screen.query_one("#t-hint")
        await pilot.press("h")
        assert await wait_for(pilot, lambda: "Hint" in str(note.render()))
        assert await wait_for(pilot, lambda: lst.scroll_offset.y > 0)
        await pilot.pause()
        hint = " ".join(str(note.render()).split())
        assert f"Shift+{key}) " in hint and f" {key}) " not in hint, hint
        box = lst.scrollable_content_region
        rows = screen_text(app).splitlines()[box.y : box.bottom]
        shown = [row[box.x : box.right] for row in rows]
        assert any(row.strip().startswith(f"{key} ") for row in shown), "\n".join(shown)
        assert lst.get_option_at_index(lst.highlighted).id != str(hinted)  # not moved


# --- 3. the trays' plan lines in the game's last round -------------------------------------


def _last_round_tray_choice(seed: int = 5) -> GameSession:
    """Ann and a bot played on by random choices to Ann's choice of a tray in the game's last
    round where taking some tray ends that round (and with it the game)."""
    rng = random.Random(seed)
    session = GameSession.new(
        seed, TrajanOptions(players=2), ["Ann", "Bot"], ["", "easy"], autosave=False,
        game="trajan",
    )  # fmt: skip
    while True:
        v = session.view_of(session.decider)
        if (
            session.decider == 0
            and v.decision == "source"
            and v.quarter >= D.QUARTERS
            and v.round >= D.ROUNDS_PER_QUARTER
            and any(plan.round_ends for _, plan in tray_plans(v, 0))
        ):
            return session
        session.play(rng.choice(v.legal))


async def test_in_the_last_round_a_tray_whose_sowing_ends_the_round_says_the_game_ends(
    save_home,
):
    # EN l.450 and l.496: the 4th round's end ends the quarter, the 4th quarter's scoring
    # ends the game; the status line said "the game ends in 3", the trays "round ends"
    session = _last_round_tray_choice()
    v = session.view_of(0)
    ending = [D.ACTIONS[tray] for tray, plan in tray_plans(v, 0) if plan.round_ends]
    app = ForumApp(bot_delay=0, session=session, choice_hold=0.001)
    async with app.run_test(size=(80, 24)) as pilot:
        assert await wait_for(pilot, lambda: isinstance(app.screen, TrajanScreen))
        assert await wait_for(pilot, lambda: "→" in screen_text(app))
        shown = screen_text(app)
        assert "game ends" in shown and "round ends" not in shown, shown
        box = app.screen.query_one("#decisions").region
        rows = shown.splitlines()[box.y : box.bottom]
        entries = [row[box.x : box.right].strip() for row in rows if "→" in row]
        for entry in entries:
            tray = entry.split()[1]
            assert ("time +" in entry) and (("game ends" in entry) == (tray in ending)), entry


# --- 4. "Meanwhile:" at 80 columns: the others' moves before the round's end --------------


def _after_a_bot_move_ending_the_round(seed: int = 2) -> GameSession:
    """Ann and a bot played on by random choices to Ann's decision right after the bot's turn
    ended a round (the last line since Ann's move is the round's end) with no points."""
    rng = random.Random(seed)
    session = GameSession.new(
        seed, TrajanOptions(players=2), ["Ann", "Bot"], ["", "easy"], autosave=False,
        game="trajan",
    )  # fmt: skip
    while True:
        v = session.view_of(session.decider)
        if session.decider == 0 and v.legal:
            recent = recent_lines(session, NAMES, 0)
            if (
                len(recent) >= 2
                and recent[-1].startswith("The round ends")
                and any(line.startswith("Bot ") for line in recent)
                and not points_since(session, NAMES, 0)
            ):
                return session
        session.play(rng.choice(v.legal))


async def test_meanwhile_at_80x24_shows_the_bots_move_before_the_rounds_end(save_home):
    # QA: "Meanwhile: The round ends: the people demand religion · r: all of it" hid what
    # the bot did; the moves come first, the round's end where there is room
    session = _after_a_bot_move_ending_the_round()
    recent = recent_lines(session, NAMES, 0)
    bot_move = next(line for line in reversed(recent) if line.startswith("Bot "))
    app = ForumApp(bot_delay=0, session=session, choice_hold=0.001)
    async with app.run_test(size=(80, 24)) as pilot:
        assert await wait_for(pilot, lambda: isinstance(app.screen, TrajanScreen))
        assert await wait_for(pilot, lambda: "Meanwhile:" in screen_text(app))
        line = next(r for r in screen_text(app).splitlines() if "Meanwhile:" in r)
        said = line.split("Meanwhile:", 1)[1].strip()
        assert said.startswith(("Bot ", "…; Bot ")), line
        assert bot_move[:20] in line, line
    # at any width the bot's latest move is there, whole or cut, before the round's end
    for width in range(40, 160, 7):
        text = meanwhile(recent, width=width).plain
        assert "Bot " in text and bot_move[:8] in text, (width, text)


async def test_at_80x24_the_coach_says_what_an_extra_action_tile_is_when_the_forum_offers_one(
    save_home,
):
    # EN l.634-640, in the coach's strip the first time the word is on the player's screen
    rng = random.Random(4)
    session = GameSession.new(
        4, TrajanOptions(players=2), NAMES, ["", "easy"], autosave=False, game="trajan",
        start=lambda record: start_coach(record, [0]),
    )  # fmt: skip
    while True:
        v = session.view_of(session.decider)
        offered = [a for a in v.legal if a.kind == "forum" and FORUM_KEYS[a.key][0] == "extra"]
        if session.decider == 0 and offered:
            break
        session.play(rng.choice(v.legal))
    coach = session.record.meta.coach
    coach.seen["0"] = sorted({*coach.seen.get("0", ()), "act", "note:arch", "note:tile",
                              "note:plus2", "note:demands"})  # fmt: skip
    app = ForumApp(bot_delay=0, session=session, choice_hold=0.001)
    async with app.run_test(size=(80, 24)) as pilot:
        assert await wait_for(pilot, lambda: isinstance(app.screen, CoachScreen))
        assert await wait_for(pilot, lambda: "Extra action tile" in _shown(app))
        said = " ".join(_shown(app).split())
        assert "a tile the Forum action can take" in said, said


def _shown(app) -> str:
    """What the window shows now, the coach's box over the play screen."""
    return "\n".join(strip.text for strip in screen_strips(app.screen))
