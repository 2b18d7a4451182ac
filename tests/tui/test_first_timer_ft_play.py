"""What a first-timer met playing a whole Forum Trajanum game at 80x24: one undo takes back
the whole entry chosen, the Trajan window says what a scored card gave, and a message about
one's own move does not stay on screen through another seat's turn."""

from __future__ import annotations

from forum_trajanum.tui.app import ForumApp
from forum_trajanum.tui.keys import ENTRY_KEYS
from tests.waiting import wait_for

from .conftest import past_hold, screen_text, session_at

SMALL = (80, 24)


def _ids(app) -> list[str]:
    lst = app.screen.query_one("#decisions")
    return [lst.get_option_at_index(i).id for i in range(lst.option_count)]


# --- point 2: one undo takes back a build chosen with its conversion, both actions --------


async def test_one_undo_takes_back_a_build_chosen_with_its_conversion_and_says_what():
    # rules "Building step": resources may be converted before building; the list's entry
    # "Build a blue fountain (B) on C1 — recolour: ..." plays the conversion then the build,
    # one choice of the player: the first u took back the build alone and said "Undone."
    session = session_at("build", seed=3)
    session.autosave = False
    app = ForumApp(bot_delay=0, session=session, choice_hold=0)
    async with app.run_test(size=SMALL) as pilot:
        await pilot.press("enter")
        await past_hold(pilot)
        before = [str(a) for a in session.record.actions]
        entry = "then:convert recolour Y B|build B C1"
        ids = _ids(app)
        await pilot.press(ENTRY_KEYS[ids.index(entry)])
        assert await wait_for(pilot, lambda: len(session.record.actions) >= len(before) + 2)
        await past_hold(pilot)
        assert session.view_of(session.decider).viewer == session.decider
        await pilot.press("u")
        assert await wait_for(pilot, lambda: len(session.record.actions) <= len(before) + 1)
        await pilot.pause()
        assert [str(a) for a in session.record.actions] == before
        assert entry in _ids(app)  # the building step as it was, the entry offered again
        said = " ".join(screen_text(app).split())
        assert "Undone: " in said and "fountain" in said, said
