"""What a first-timer meets in Forum Trajanum at 80x24 (issue 36, the Forum Trajanum points):
no label that misleads, no default that costs a task."""

from __future__ import annotations

from forum_trajanum.tui.app import ForumApp

from .conftest import past_hold, screen_text, session_at

SMALL = (80, 24)


def _entries(app) -> list[tuple[str, str]]:
    lst = app.screen.query_one("#decisions")
    return [
        (lst.get_option_at_index(i).id, str(lst.get_option_at_index(i).prompt))
        for i in range(lst.option_count)
    ]


async def _opened(session, pilot) -> None:
    """Past the hand-over, the decision on screen and taking keys."""
    await pilot.press("enter")
    await past_hold(pilot)


# --- item 1: paying citizens says what becomes of the Trajan tasks ----------------------


async def test_every_payment_says_which_met_trajan_task_it_keeps_or_makes_fail():
    # rules "End of the cycle": the citizens are paid, then the cycle's Trajan card is scored
    # (resources are shown, not paid). Seed 13's first payment: 2 coins, Patrician I and
    # Craftsman I active, the collection task met twice; paying both rows made it fail and
    # was the top entry (issue 36, item 1)
    session = session_at("pay", seed=13)
    session.autosave = False
    app = ForumApp(bot_delay=0, session=session, choice_hold=0)
    async with app.run_test(size=SMALL) as pilot:
        await _opened(session, pilot)
        entries = _entries(app)
        assert len(entries) == 4
        top_id, top = entries[0]
        assert top_id == "pay none" and "collection task stays met" in top
        for _, words in entries[1:]:
            assert "collection task" in words.split(":")[0], words  # before any cut
            assert "VP)" in words
        assert any("collection task FAILS" in words for _, words in entries)
        # the highlighted entry is shown whole under the list
        assert "collection task stays met" in screen_text(app)
