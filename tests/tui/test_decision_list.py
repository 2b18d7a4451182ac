"""The decision list a first-timer can trust (issue 19, items 1, 2, 4, 5, 11, 14): its numbers
never change while the decision stays the same, a new decision starts at its top, every entry
is one line with a key, long lists group their entries, one scope whatever the cursor does,
and hints on one scale with a reason."""

from __future__ import annotations

from forum_trajanum.tui.app import ForumApp
from forum_trajanum.tui.entries import ENTRY_KEYS
from tests.waiting import wait_for

from .conftest import past_hold, screen_text, session_at


def _entries(app) -> list[tuple[str, str]]:
    lst = app.screen.query_one("#decisions")
    return [
        (lst.get_option_at_index(i).id, str(lst.get_option_at_index(i).prompt))
        for i in range(lst.option_count)
    ]


def _ids(app) -> list[str]:
    return [i for i, _ in _entries(app)]


def _highlighted(app) -> str:
    lst = app.screen.query_one("#decisions")
    return lst.get_option_at_index(lst.highlighted).id


async def _open(session, size=(80, 24)):
    app = ForumApp(bot_delay=0, session=session, choice_hold=0)
    return app


async def test_a_hint_a_cursor_move_and_a_panel_switch_never_renumber_the_list():
    # item 1: the draft's list (long, with tiles on several cells) before and after h
    session = session_at("draft", seed=4, skip=1)
    session.autosave = False
    app = await _open(session)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("enter")
        await past_hold(pilot)
        before = _entries(app)
        assert len(before) > 5
        await pilot.press("h")
        assert await wait_for(pilot, lambda: app.screen.hint is not None)
        await pilot.pause()
        after_hint = [(i, p.replace("★ hint ", "")) for i, p in _entries(app)]
        assert after_hint == before
        await pilot.press("c", "right", "down", "left")  # the Colonia's cursor, by the player
        await pilot.pause()
        assert _ids(app) == [i for i, _ in before]
        await pilot.press("f", "p", "l", "c")
        await pilot.pause()
        assert _ids(app) == [i for i, _ in before]


async def test_a_different_kind_of_decision_starts_at_the_top_of_its_list():
    # item 2: the highlight on entry 2 of the draft does not carry over to what follows
    session = session_at("draft", seed=4, skip=1)
    session.autosave = False
    app = await _open(session)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("enter")
        await past_hold(pilot)
        for _ in range(30):
            lst = app.screen.query_one("#decisions")
            kind = app.screen.data.view.decision
            lst.highlighted = min(1, lst.option_count - 1)
            await pilot.press("enter")
            await past_hold(pilot)
            if not hasattr(app.screen, "data") or app.screen.data.view.viewer < 0:
                await pilot.press("enter")  # a hand-over or a bot's turn
                await past_hold(pilot)
                continue
            if app.screen.data.view.decision != kind:
                assert app.screen.query_one("#decisions").highlighted == 0
                return
        raise AssertionError("no other kind of decision came")


async def test_every_entry_is_one_line_with_a_key_and_the_keys_choose_them():
    # item 4: the draft at 80x24 lists its street tiles and two groups (tiles off a street
    # for a tribune); every entry shown has a key, 1-9 then A-Z, and is one line wide
    session = session_at("draft", seed=4, skip=1)
    session.autosave = False
    app = await _open(session)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("enter")
        await past_hold(pilot)
        entries = _entries(app)
        assert len(entries) <= len(ENTRY_KEYS)
        for n, (_, prompt) in enumerate(entries):
            assert prompt.startswith(ENTRY_KEYS[n] + " ")
        assert any(i.startswith("group:tribune") for i, _ in entries)
        lst = app.screen.query_one("#decisions")
        lines = [line for line in screen_text(app).splitlines() if line[:2].strip()]
        shown = [p for _, p in entries]
        for line in lines:  # a listed entry's line is its whole row: never a second line
            if any(line.startswith(p[:30]) for p in shown):
                assert len(line.rstrip()) <= 80
        # the group of tiles off street 2: its key opens it, its entries have keys too
        group = next(n for n, (i, _) in enumerate(entries) if i == "group:tribune2")
        await pilot.press(ENTRY_KEYS[group])
        assert app.screen.group_open == "tribune2"
        inside = _entries(app)
        assert inside[-1][0] == "group:back" and all(
            p.startswith(ENTRY_KEYS[n] + " ") for n, (_, p) in enumerate(inside)
        )
        count = len(app.session.record.actions)
        taken = inside[9][0]  # the entry with key A
        await pilot.press("A")
        assert app.session.record.actions[count:] == [taken]
        assert lst.option_count >= 1


async def test_the_building_step_lists_every_choice_and_groups_the_conversions():
    # items 4 and 5: the build list is the same whatever the cursor does; conversions sit
    # behind one entry (not 100 lines of them); ending the turn is last
    session = session_at("build", seed=9)
    session.autosave = False
    app = await _open(session)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("enter")
        await past_hold(pilot)
        ids = _ids(app)
        assert ids[-1] == "end" and "group:convert" in ids
        assert not [i for i in ids if i.startswith("convert")]
        assert "Choices at" not in screen_text(app)
        await pilot.press("c", "down", "down", "right")
        await pilot.pause()
        assert _ids(app) == ids
        await pilot.press("escape")  # nothing open: nothing changes
        assert _ids(app) == ids


async def test_enter_on_a_cell_with_several_choices_highlights_them_and_says_their_keys():
    # item 5: in the draft, a cell off the streets holds a tribune take for each card
    session = session_at("draft", seed=4)
    session.autosave = False
    app = await _open(session)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("enter")
        await past_hold(pilot)
        screen = app.screen
        cell = next(
            c
            for c, acts in screen.by_cell.items()
            if len(acts) > 1 and all(a.tribune for a in acts)
        )
        from forum_trajanum.tui.widgets import ColoniaGrid

        grid = screen.query_one(ColoniaGrid)
        grid.place_cursor(cell)
        grid.focus()
        await pilot.press("enter")
        await pilot.pause()
        words = " ".join(screen_text(app).split())
        assert f"choices on {cell}" in words and "in the list (highlighted)" in words
        assert _highlighted(app).startswith("group:tribune")


async def test_a_hint_is_on_the_scale_of_final_points_and_names_its_choices_whole():
    # item 11: the draft's hint speaks of expected final points like any other
    session = session_at("draft", seed=4, skip=1)
    session.autosave = False
    app = await _open(session)
    async with app.run_test(size=(120, 36)) as pilot:
        await pilot.press("enter")
        await past_hold(pilot)
        await pilot.press("h")
        assert await wait_for(pilot, lambda: app.screen.hint is not None)
        await pilot.pause()
        line = str(app.screen.query_one("#hint").content)
        assert "points expected at the end of the game" in line and "Rated" not in line
        assert "sampled games" in line
        for _action, value in app.screen.hint.top[1:]:
            assert f"{value:.0f}" in line


async def test_a_setup_hint_gives_its_reason_and_is_gone_when_another_colour_is_chosen():
    session = session_at("setup_cranes", seed=4)
    session.autosave = False
    app = await _open(session)
    async with app.run_test(size=(120, 36)) as pilot:
        await pilot.press("enter")
        await past_hold(pilot)
        await pilot.press("h")
        assert await wait_for(pilot, lambda: app.screen.hint is not None)
        await pilot.pause()
        line = str(app.screen.query_one("#hint").content)
        assert " — the colours you are likeliest to build first" in line
        hinted = str(app.screen.hint.action).removeprefix("cranes ")
        other = next(n for n, (i, _) in enumerate(_entries(app)) if not i.endswith(hinted[0]))
        await pilot.press(ENTRY_KEYS[other])
        await pilot.pause()
        assert app.screen.hint is None and not app.screen.query_one("#hint").display


async def test_a_cut_entry_is_shown_whole_below_the_list():
    # item 14: a long entry (a pay-citizens choice, a tile with a citizen) is never lost
    session = session_at("draft", seed=4, skip=1)
    session.autosave = False
    app = await _open(session)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("enter")
        await past_hold(pilot)
        lst = app.screen.query_one("#decisions")
        width = lst.scrollable_content_region.width
        long = next(n for n, (_, p) in enumerate(_entries(app)) if len(p) > width)
        lst.highlighted = long
        await pilot.pause()
        full = app.screen.query_one("#choice-full")
        assert full.display and str(full.content).startswith("» ")
        label = str(full.content).removeprefix("» ")
        assert label in " ".join(screen_text(app).split()) or len(label) > 78
        lst.highlighted = 0 if long else 1
        await pilot.pause()
        short = _entries(app)[lst.highlighted][1]
        assert (len(short) <= width) == (not full.display)
