"""A hint whose choice sits in a group of the decision list (a tile off its street for a
tribune): a first-timer opened the group by the hint's key and found nothing marked in view,
counted letters and took the wrong tile, which could not be undone (issue 19, items 1 and 11:
"a reason for every hint", the list must not mislead)."""

from __future__ import annotations

from forum_trajanum.games.forum_trajanum.bots.hint import Hint
from forum_trajanum.games.forum_trajanum.ui.entries import group_of
from forum_trajanum.games.forum_trajanum.ui.hinting import HINT_MARK, HintPanel
from forum_trajanum.games.forum_trajanum.ui.playscreen import PlayScreen
from forum_trajanum.tui.app import ForumApp
from forum_trajanum.tui.grouping import GROUP_ID
from forum_trajanum.tui.screens import HandOverScreen
from tests.waiting import settled, wait_for

from .conftest import screen_text, session_at


async def test_opening_the_group_of_a_hinted_choice_shows_it_marked_and_named_by_its_key(
    monkeypatch,
):
    session = session_at("draft", seed=4, bots=["", "easy"])
    pv = session.view_of(0)
    grouped = [a for a in pv.legal if group_of(a)]
    assert len(grouped) > 12  # more than the list shows at 80x24
    target, other = grouped[-1], next(a for a in pv.legal if not group_of(a))
    monkeypatch.setattr(
        "forum_trajanum.games.forum_trajanum.bots.hint.suggest",
        lambda view: Hint(target, ((target, 13.0), (other, 12.0)), worlds=8),
    )
    app = ForumApp(bot_delay=0, session=session, choice_hold=0)
    async with app.run_test(size=(80, 24)) as pilot:
        first = (HandOverScreen, PlayScreen)  # a hand-over, if any, then the player's list
        assert await wait_for(pilot, lambda: isinstance(app.screen, first))
        await settled(pilot)
        if isinstance(app.screen, HandOverScreen):
            await pilot.press("enter")
        await pilot.press("h")

        def hinted() -> bool:
            return any(h.hint is not None for h in app.screen.query(HintPanel))

        assert await wait_for(pilot, hinted)
        lst = app.screen.query_one("#decisions")
        group = GROUP_ID + group_of(target)
        assert lst.get_option_at_index(lst.highlighted).id == group  # the group's entry
        await pilot.press("enter")  # open it
        ids = [lst.get_option_at_index(i).id for i in range(lst.option_count)]
        assert str(target) in ids and group not in ids
        assert await wait_for(pilot, lambda: lst.highlighted == ids.index(str(target)))
        prompt = str(lst.get_option_at_index(lst.highlighted).prompt)
        key = prompt.split(" ", 1)[0]
        text = screen_text(app)
        assert f"{key} {HINT_MARK}" in text  # the marked entry is in view
        assert f"Hint: [{key}] " in text  # and the hint names the key it has in this list
