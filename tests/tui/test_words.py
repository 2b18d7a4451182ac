"""Words, not codes: no screen shows an internal tile code (WAB, BLD, UC, PAT ...)."""

from __future__ import annotations

import re

import pytest

from forum_trajanum.games.forum_trajanum.data import TILE_KINDS_PER_PLAYER
from forum_trajanum.games.forum_trajanum.engine.words import TILE_WORDS, tile_label
from forum_trajanum.games.forum_trajanum.ui.labels import TILE_SHORT
from forum_trajanum.games.forum_trajanum.ui.playscreen import PlayScreen
from forum_trajanum.tui.app import ForumApp

from ..waiting import wait_for
from .conftest import past_hold, screen_text, session_at

CODES = sorted(set(TILE_KINDS_PER_PLAYER))
CODE_WORD = re.compile(r"\b(" + "|".join(CODES) + r")\b")


def test_every_tile_kind_has_words_and_short_forms_without_its_code():
    for kind in CODES:
        assert tile_label(kind) == TILE_WORDS[kind] != kind
        small, big = TILE_SHORT[kind]
        assert all(len(line) <= 5 for line in small) and all(len(line) <= 8 for line in big)
        assert not CODE_WORD.search(" ".join([tile_label(kind), *small, *big]))


def _codes_in(text: str) -> list[str]:
    return sorted(set(CODE_WORD.findall(text)))


@pytest.mark.parametrize(
    "decision", ["setup_row", "draft", "use", "build", "step", "citizen", "envoy", "pay", "bonus"]
)
async def test_no_screen_shows_a_tile_code_along_a_game(decision):
    session = session_at(decision, seed=3)
    app = ForumApp(bot_delay=0, session=session)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("enter")  # the hand-over
        await past_hold(pilot)
        assert isinstance(app.screen, PlayScreen)
        seen = []
        for key in ("c", "f", "p", "l", "o", "escape", "t", "escape"):
            await pilot.press(key)
            await pilot.pause()
            seen.append(screen_text(app))
            assert not _codes_in(seen[-1]), f"after {key!r}: {_codes_in(seen[-1])}"
        await pilot.resize_terminal(160, 45)
        # the wide layout shows everything (once the resize is laid out)
        assert await wait_for(pilot, lambda: "Other players' Colonias" in screen_text(app))
        text = screen_text(app)
        assert not _codes_in(text)


def test_every_log_line_of_a_game_is_in_words():
    from forum_trajanum.games.forum_trajanum.engine import parse
    from forum_trajanum.games.forum_trajanum.ui.panels import log_lines

    session = session_at("pay", seed=5, skip=3)  # well into the game
    names = [session.name(i) for i in range(session.players)]
    lines = log_lines(session, names)
    assert any(line.startswith("── Cycle II, round") for line in lines)  # the marks
    for line in lines:
        assert not _codes_in(line), line
        words = line.split(" ", 1)[-1]
        try:
            action = parse(words)
        except Exception:
            continue
        assert str(action) != words, f"an action text, not words: {line}"


def test_the_slide_bar_has_one_name_in_every_text_a_player_reads():
    """Rules "Upgrade": "move the slide bar on your prestige track": the help, the dialogs, the
    tasks' explanations and the panels call the marker the slide bar, its track the prestige
    track, and never a third name ("prestige bar") a first-timer cannot find in the help."""
    from pathlib import Path

    import forum_trajanum.games.forum_trajanum as package

    root = Path(package.__file__).parent
    texts = [*root.glob("ui/*.py"), root / "engine" / "tasks.py", *root.glob("data/*.py")]
    assert len(texts) > 5
    named = [str(p.relative_to(root)) for p in texts if "prestige bar" in p.read_text().lower()]
    assert named == []
