"""The coach strip's title at 80x24 (QA): whole when it fits beside the buttons, else cut at
a word and ended with "…" (it was cut inside a word: "…female-back citizens o…"); whole again
in a wider window."""

from __future__ import annotations

from forum_trajanum.tui.app import ForumApp
from forum_trajanum.tui.coach import CoachScreen, start_coach
from tests.waiting import wait_for

from .conftest import session_at


def _title(coach) -> str:
    return str(coach.query_one("#coach-title").render()).rstrip()


async def test_at_80x24_a_long_coach_title_is_cut_at_a_word_with_an_ellipsis():
    session = session_at("setup_diagonal", seed=4)
    start_coach(session.record, [0, 1])
    session.autosave = False
    app = ForumApp(bot_delay=0, session=session, choice_hold=0)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("enter")  # the hand-over
        assert await wait_for(pilot, lambda: isinstance(app.screen, CoachScreen))
        coach = app.screen
        whole = f"Coach: {coach.title_text}"
        assert len(whole) > 60  # too long for the strip beside its buttons at 80 columns
        assert await wait_for(pilot, lambda: _title(coach).endswith("…"))
        shown = _title(coach)
        kept = shown.removesuffix("…")
        assert whole.startswith(kept) and whole[len(kept)] == " "  # cut between two words
        assert len(shown) <= coach.query_one("#coach-title").content_size.width
        await pilot.resize_terminal(119, 30)  # still the strip: room for the whole title
        assert await wait_for(pilot, lambda: _title(coach) == whole)


async def test_at_80x24_the_crane_colours_neither_repeat_the_coach_title_nor_show_a_citizen_rule():
    # QA: beside the crane-colour decision the side panel showed the Patrician's envoy rule
    # (nothing to do with cranes), and the decision's line began with the coach's title
    session = session_at("setup_cranes", seed=4)
    start_coach(session.record, [0, 1])
    session.autosave = False
    app = ForumApp(bot_delay=0, session=session, choice_hold=0)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("enter")  # the hand-over
        assert await wait_for(pilot, lambda: isinstance(app.screen, CoachScreen))
        coach, play = app.screen, app.screen_stack[-2]
        line = str(play.query_one("#decision-title").render())
        assert await wait_for(pilot, lambda: "A1" in str(play.query_one("#cursor-cell").render()))
        side = str(play.query_one("#cursor-cell").render())
        assert not line.startswith(coach.title_text), line
        assert "crane colour for corner A1" in line, line
        assert "Patrician" not in side and "colour-area rule" not in side, side
        await pilot.press("escape", "1")  # corner A1 chosen: still the cranes, still no rule
        assert await wait_for(
            pilot, lambda: "2 of 4" in str(play.query_one("#decision-title").render())
        )
        assert "Patrician" not in str(play.query_one("#cursor-cell").render())
