"""The decision list a first-timer can trust (issue 19, items 1, 2, 4, 5, 11, 14): its numbers
never change while the decision stays the same, a new decision starts at its top, every entry
is one line with a key, long lists group their entries, one scope whatever the cursor does,
and hints on one scale with a reason."""

from __future__ import annotations

import pytest
from rich.cells import cell_len

from forum_trajanum.core.session import GameSession
from forum_trajanum.games.forum_trajanum.bots.hint import Hint
from forum_trajanum.games.forum_trajanum.data import CRAFTSMAN_I
from forum_trajanum.games.forum_trajanum.engine import GameOptions, parse
from forum_trajanum.games.forum_trajanum.engine.state import tile_kind
from forum_trajanum.games.forum_trajanum.ui.entries import group_of
from forum_trajanum.games.forum_trajanum.ui.glossary import NOTES
from forum_trajanum.games.forum_trajanum.ui.hinting import hint_words
from forum_trajanum.games.forum_trajanum.ui.labels import describe
from forum_trajanum.tui.app import ForumApp
from forum_trajanum.tui.coach import mark_seen, start_coach
from forum_trajanum.tui.compat import screen_strips
from forum_trajanum.tui.grouping import BACK_ID, GROUP_ID
from forum_trajanum.tui.keys import ENTRY_KEYS
from tests.engine.helpers import refresh, tile
from tests.waiting import DEADLINE, wait_for

from .conftest import busy, past_hold, screen_text, session_at


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


def _list_rows(app) -> list[str]:
    """The rows the decision list shows now, read off the screen (its content width)."""
    region = app.screen.query_one("#decisions").scrollable_content_region
    strips = screen_strips(app.screen)
    return [strips[y].crop(region.x, region.right).text for y in range(region.y, region.bottom)]


def _rows_are_one_entry_each(app) -> None:
    """Each row of the list is the next entry, whole or cut at the list's width with "…":
    an entry that took two rows would put a row that is no entry's before the next one."""
    lst = app.screen.query_one("#decisions")
    width = lst.scrollable_content_region.width
    top = lst.scroll_offset.y
    for n, row in enumerate(_list_rows(app)):
        if top + n >= lst.option_count:
            assert not row.strip()  # below the last entry: nothing
            continue
        prompt = str(lst.get_option_at_index(top + n).prompt)
        if cell_len(prompt) <= width:
            assert row.rstrip() == prompt
        else:
            assert row == prompt[: width - 1] + "…"


def _session_paying_nothing_until(seed: int, nth: int) -> GameSession:
    """A 2-player session (first legal actions) at its ``nth`` payment (0-based, either
    player's), every payment before it paying nothing: its rows then turn active again (or
    stay inactive), the longest words a payment has."""
    session = GameSession.new(seed, GameOptions(players=2), ["P1", "P2"], ["", ""], autosave=False)
    seen = 0
    while True:
        legal = session.view_of(session.decider).legal
        if session.state.tasks[-1].kind == "pay":
            if seen == nth:
                return session
            seen += 1
            session.play("pay none")
        else:
            session.play(busy(legal))


@pytest.fixture
def uncut_hint(monkeypatch):
    """The hint's search as the app runs it, but with a time cap only a hang reaches: on a
    loaded machine the real cap (4 s) can cut it before it has ranked anything, and these tests
    read the words of a ranked hint, not how long it took (test_hint.py tests the search)."""
    from functools import partial

    from forum_trajanum.games.forum_trajanum.bots import hint

    monkeypatch.setattr(hint, "suggest", partial(hint.suggest, time_cap=DEADLINE))


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
        assert await wait_for(pilot, lambda: app.screen.query_one("#hint").hint is not None)
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
        width = lst.scrollable_content_region.width
        assert width >= 70 and any(cell_len(p) > width for _, p in entries)  # some are cut
        for n in range(len(entries)):  # the list scrolls through all of them
            lst.highlighted = n
            await pilot.pause()
            _rows_are_one_entry_each(app)
            full = app.screen.query_one("#choice-full")
            cut = cell_len(entries[n][1]) > width
            # a cut entry is whole below the list; the line stays, blank, on one that fits
            # (some of the list are cut: the panel keeps its rows as the cursor moves)
            assert full.display and bool(str(full.content)) == cut
        # the group of tiles off street 2: its key opens it, its entries have keys too
        group = next(n for n, (i, _) in enumerate(entries) if i == "group:tribune2")
        await pilot.press(ENTRY_KEYS[group])
        assert app.screen.query_one("#p-decide").group_open == "tribune2"
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
    # behind one entry (not 100 lines of them); ending the turn is first (issue 27: the top
    # entry spends nothing)
    session = session_at("build", seed=9)
    session.autosave = False
    app = await _open(session)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("enter")
        await past_hold(pilot)
        ids = _ids(app)
        assert ids[0] == "end" and ids.count("end") == 1 and "group:convert" in ids
        assert not [i for i in ids if i.startswith("convert")]
        assert "Choices at" not in screen_text(app)
        await pilot.press("c", "down", "down", "right")
        await pilot.pause()
        assert _ids(app) == ids
        await pilot.press("escape")  # nothing open: nothing changes
        assert _ids(app) == ids


async def test_enter_on_a_cell_with_several_choices_opens_exactly_those_choices():
    # item 5, and issue 27 point 6: in the draft, a cell off the streets holds a tribune take
    # for each card; Enter there lists those two alone (a key from 1 takes one of them)
    session = session_at("draft", seed=4)
    session.autosave = False
    app = await _open(session)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("enter")
        await past_hold(pilot)
        screen = app.screen
        cell, actions = next(
            (c, acts)
            for c, acts in screen.by_cell.items()
            if len(acts) > 1 and all(a.tribune for a in acts)
        )
        from forum_trajanum.games.forum_trajanum.data import cell_index
        from forum_trajanum.games.forum_trajanum.ui.widgets import ColoniaGrid

        grid = screen.query_one(ColoniaGrid)
        grid.place_cursor(cell)
        grid.focus()
        await pilot.press("enter")
        await pilot.pause()
        assert _ids(app) == [*(str(a) for a in actions), BACK_ID]
        assert _highlighted(app) == str(actions[0])
        assert "in the list (highlighted)" not in " ".join(screen_text(app).split())
        await pilot.press("escape")  # back: on the entry of the group that holds them
        await pilot.pause()
        assert app.focused is grid and grid.cursor == cell_index(cell)  # the cursor stays
        assert _highlighted(app) == GROUP_ID + group_of(actions[0])


async def test_a_hint_is_on_the_scale_of_final_points_and_names_its_choices_whole(uncut_hint):
    # item 11: the draft's hint speaks of expected final points like any other
    session = session_at("draft", seed=4, skip=1)
    session.autosave = False
    app = await _open(session)
    async with app.run_test(size=(120, 36)) as pilot:
        await pilot.press("enter")
        await past_hold(pilot)
        await pilot.press("h")
        assert await wait_for(pilot, lambda: app.screen.query_one("#hint").hint is not None)
        await pilot.pause()
        line = str(app.screen.query_one("#hint").content)
        assert "points expected at the end of the game" in line and "Rated" not in line
        assert "sampled games" in line
        _names_every_choice_whole_with_its_key(app, line)


def _keys_of(app) -> dict[str, str]:
    """The list's keys of each legal action: its entry's, or its group's entry's and then
    its own in the opened group ("C 2")."""
    keys = {i: ENTRY_KEYS[n] for n, i in enumerate(_ids(app)) if n < len(ENTRY_KEYS)}
    groups = app.screen.query_one("#p-decide").choices.groups
    for action in app.screen.data.view.legal:
        group = group_of(action)
        if group and GROUP_ID + group in keys:
            n = groups[group].index(action)
            keys[str(action)] = keys[GROUP_ID + group] + (f" {ENTRY_KEYS[n]}" if n < 35 else "")
    return keys


def _said(key: str) -> str:
    return " then ".join(f"[{k}]" for k in key.split())


def _names_every_choice_whole_with_its_key(app, line: str) -> None:
    """The hint's line names the suggestion whole and each next best choice by its list key
    and its words (at least up to its costs and gains, which its entry shows), no two alike
    ("next best: Craftsman I 79.1; Craftsman I 76.1" said neither colour nor key), each
    next best with its points."""
    hint, pv = app.screen.query_one("#hint").hint, app.screen.data.view
    keys = _keys_of(app)
    # an entry past Z has no key (it is reached by the arrows): then its words stand alone
    keyed = [f"{_said(keys[str(a)])} " if str(a) in keys else "" for a, _ in hint.top]
    words = [describe(a, pv) for a, _ in hint.top]
    short = [w.split(" — ")[0] for w in words]
    assert len(hint.top) >= 2 and len(set(short)) == len(short)
    assert line.startswith(f"Hint: {keyed[0]}{words[0]}. ")
    rest = line.split("; next best: ", 1)[1]
    for n, (_, value) in enumerate(hint.top[1:], start=1):
        assert rest.startswith(keyed[n] + short[n])
        rest = rest.split(f": {value:.0f}", 1)[1]
        why = hint.reasons[n] if len(hint.reasons) > n else ""
        if why:  # each choice's reason after its figure (issue 38)
            rest = rest.removeprefix(f" ({why})")
        rest = rest.removeprefix("; ")
    assert rest.startswith(" (each played on")


def _trajan_build_session() -> GameSession:
    """Cycle III, round 4, a building step with conversions to choose (Craftsman I: an
    assistant into a worker of any colour) and a build that completes the Trajan task
    (tests/bots/test_hint_trajan.py)."""
    from tests.bots.test_hint_trajan import shape_trajan_build

    session = GameSession.new(3, GameOptions(players=2), ["P1", "P2"], ["", ""], autosave=False)
    state = session.state
    while not (state.tasks[-1].kind == "build" and (state.cycle, state.round) == (3, 4)):
        session.play(busy(session.view_of(session.decider).legal))
    shape_trajan_build(state, session.decider, "III-4", {"D2": "L", "D3": "S"}, "D4")
    pl = state.players[session.decider]  # an active Craftsman I (row 5): its conversions
    if not pl.ability(CRAFTSMAN_I):
        craftsman = next(t for t in range(34) if tile_kind(tile(session.decider, t)) == "CRA")
        pl.citizens[CRAFTSMAN_I] = [tile(session.decider, craftsman), -1]
        pl.row_active[CRAFTSMAN_I] = True
        pl.craftsman1_left = 2
        refresh(state)
    return session


@pytest.mark.long  # a whole search of the building step's hint
async def test_a_building_steps_hint_names_its_conversions_by_colour_and_group_key(
    uncut_hint,
):
    # item 11: conversions are named whole ("Craftsman I: 1 assistant → 1 green worker") with
    # the key of the entry that holds them ("Convert resources first…")
    session = _trajan_build_session()
    app = await _open(session)
    async with app.run_test(size=(120, 36)) as pilot:
        await pilot.press("enter")
        await past_hold(pilot)
        assert any(str(a).startswith("convert craftsman1 ") for a in app.screen.data.view.legal)
        await pilot.press("h")
        assert await wait_for(pilot, lambda: app.screen.query_one("#hint").hint is not None)
        await pilot.pause()
        line = str(app.screen.query_one("#hint").content)
        _names_every_choice_whole_with_its_key(app, line)
        # issue 27.11: each choice by its own keys, never one key for two choices; the
        # group's key opens the group, where the choice's own key names it
        keys = _keys_of(app)
        said = [keys.get(str(a), "") for a, _ in hint_top(app)]
        assert len(set(said)) == len(said), said
        for action, _ in hint_top(app):
            group_key, *own = keys[str(action)].split()
            if own:
                await pilot.press(group_key)
                assert await wait_for(pilot, lambda: BACK_ID in _ids(app))
                assert _ids(app)[ENTRY_KEYS.index(own[0])] == str(action)
                await pilot.press("escape")
                assert await wait_for(pilot, lambda: BACK_ID not in _ids(app))


def hint_top(app):
    return app.screen.query_one("#hint").hint.top


async def test_the_conversions_entry_of_a_long_building_step_has_a_key():
    # item 4: "every entry ... has a key: 1-9, then Shift+A to Shift+Z"; issue 27 item 2: a
    # list longer than the keys goes into groups, so that every entry has one
    session = _trajan_build_session()
    app = await _open(session)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("enter")
        await past_hold(pilot)
        assert len(app.screen.data.view.legal) > len(ENTRY_KEYS)
        assert len(_ids(app)) <= len(ENTRY_KEYS)
        assert _ids(app).index("group:convert") < len(ENTRY_KEYS)


def test_two_craftsman_conversions_in_a_hint_read_apart():
    # item 11, the words alone: two conversions by Craftsman I differ by their colour
    session = _trajan_build_session()
    pv = session.view_of(session.decider)
    green, yellow = parse("convert craftsman1 G"), parse("convert craftsman1 Y")
    hint = Hint(green, ((green, 79.1), (yellow, 76.1)), worlds=8)
    line = hint_words(hint, pv, {str(green): "C 3", str(yellow): "C 4"})
    assert "Hint: [C] then [3] Craftsman I: 1 assistant → 1 green worker." in line
    assert "next best: [C] then [4] Craftsman I: 1 assistant → 1 yellow worker: 76" in line


async def test_a_setup_hint_gives_its_reason_and_is_gone_when_another_colour_is_chosen():
    session = session_at("setup_cranes", seed=4)
    session.autosave = False
    app = await _open(session)
    async with app.run_test(size=(120, 36)) as pilot:
        await pilot.press("enter")
        await past_hold(pilot)
        await pilot.press("h")
        assert await wait_for(pilot, lambda: app.screen.query_one("#hint").hint is not None)
        await pilot.pause()
        line = str(app.screen.query_one("#hint").content)
        assert " — the colours you are likeliest to build first" in line
        hinted = str(app.screen.query_one("#hint").hint.action).removeprefix("cranes ")
        other = next(n for n, (i, _) in enumerate(_entries(app)) if not i.endswith(hinted[0]))
        await pilot.press(ENTRY_KEYS[other])
        await pilot.pause()
        hints = app.screen.query_one("#hint")
        assert hints.hint is None and not hints.display


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
        # blank on an entry that fits, and kept while others are cut (the panel keeps its rows)
        assert len(short) <= width and not str(full.content) and full.display


async def test_a_cut_pay_citizens_entry_is_shown_whole_below_the_list():
    # item 14: "…Craftsman I turns" was all a player read of a payment at 80x24; in cycle III
    # after two payments of nothing, a payment's words run past the list's width
    session = _session_paying_nothing_until(seed=2, nth=4)
    app = await _open(session)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("enter")
        await past_hold(pilot)
        assert app.screen.data.view.decision == "pay"
        lst = app.screen.query_one("#decisions")
        width = lst.scrollable_content_region.width
        entries = _entries(app)
        long = next(
            n
            for n, (_, p) in enumerate(entries)
            if cell_len(p) > width and p.endswith("; Craftsman I stays inactive")
        )
        label = entries[long][1].removeprefix(ENTRY_KEYS[long] + " ")
        assert label.startswith("Pay ")
        lst.highlighted = long
        await pilot.pause()
        row = next(r for r in _list_rows(app) if r.startswith(ENTRY_KEYS[long] + " "))
        assert row.endswith("…") and label not in row  # the list cuts it ...
        full = app.screen.query_one("#choice-full")
        assert full.display and str(full.content) == "» " + label
        # ... and the line below has it whole (wrapped by the window, every word there)
        assert "» " + label in " ".join(screen_text(app).split())


async def test_a_highlighted_cut_entry_stays_in_view_when_its_whole_line_appears():
    # item 14 at 80x24: the draft's 6th entry is cut; moving down onto it shows it whole
    # below the list, which then has two rows fewer
    session = session_at("draft", seed=4, skip=1)
    session.autosave = False
    app = await _open(session)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("enter")
        await past_hold(pilot)
        lst = app.screen.query_one("#decisions")
        width = lst.scrollable_content_region.width
        entries = _entries(app)
        cut = [n for n, (_, p) in enumerate(entries) if cell_len(p) > width]
        target = next(n for n in cut if n > 0)
        for _ in range(target):
            await pilot.press("down")
        assert lst.highlighted == target and app.screen.query_one("#choice-full").display
        await pilot.pause()
        assert any(r.startswith(ENTRY_KEYS[target] + " ") for r in _list_rows(app))


@pytest.mark.parametrize(("decision", "seed", "skip"), [("draft", 4, 1), ("build", 9, 0)])
async def test_at_160x45_the_list_is_as_wide_as_its_entries(decision, seed, skip):
    # item 4: on a wide screen no entry needs cutting (a one-line entry, whole)
    session = session_at(decision, seed=seed, skip=skip)
    session.autosave = False
    app = await _open(session)
    async with app.run_test(size=(160, 45)) as pilot:
        await pilot.press("enter")
        await past_hold(pilot)
        lst = app.screen.query_one("#decisions")
        width = lst.scrollable_content_region.width
        entries = _entries(app)
        assert entries
        for n in range(len(entries)):
            lst.highlighted = n
            await pilot.pause()
            _rows_are_one_entry_each(app)
        assert [p for _, p in entries if cell_len(p) > width] == []
        assert not app.screen.query_one("#choice-full").display


async def test_a_new_decision_starts_on_the_choice_that_gives_nothing_away():
    # item 2: the highlighted top entry of the draft takes a street's own tile (rules "Take 2
    # Colonia tiles"; a tile off the street costs a tribune, "Tribune a)"), the keep that
    # follows keeps the tile a tribune was given up for ("Taking 2 tiles with the help of
    # Tribunes ... pass one of them, as usual")
    session = session_at("draft", seed=4)
    session.autosave = False
    app = await _open(session)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("enter")
        await past_hold(pilot)
        top = _highlighted(app)
        assert app.screen.query_one("#decisions").highlighted == 0
        assert top.startswith("take ") and not top.endswith(" tribune")
        assert any(i.startswith("group:tribune") for i in _ids(app))
        assert top.endswith(" 1")
        await pilot.press("1")  # the street's tile for card 1
        assert await wait_for(pilot, lambda: top not in _ids(app))
        assert _highlighted(app) == _ids(app)[0] and _ids(app)[0].endswith(" 2")
        group = _ids(app).index("group:tribune2")
        await pilot.press(ENTRY_KEYS[group])
        taken = _ids(app)[0]  # a tile off street 2, a tribune paid for it
        assert taken.endswith(" 2 tribune")
        await pilot.press("1")
        assert await wait_for(pilot, lambda: _ids(app)[0].startswith("keep "))
        await pilot.pause()
        assert app.screen.query_one("#decisions").highlighted == 0
        assert _highlighted(app) == "keep " + taken.split()[1]


async def test_the_payment_starts_on_paying_every_row():
    # item 2: rules "Before the scoring: Pay citizens ... 1 coin for each row with at least 1
    # citizen ... If you are not able or willing to pay certain citizens ... they become
    # inactive": the highlighted top entry pays them all (3 rows, 4 coins)
    session = session_at("pay", seed=14, skip=2)
    session.autosave = False
    citizens = session.state.players[session.decider].citizens
    rows = [r + 1 for r, row in enumerate(citizens) if row[0] >= 0]
    app = await _open(session)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("enter")
        await past_hold(pilot)
        assert len(rows) == 3 and app.screen.data.view.decision == "pay"
        assert app.screen.query_one("#decisions").highlighted == 0
        assert _highlighted(app) == "pay " + " ".join(map(str, rows))
        top = _entries(app)[0][1]
        assert top.endswith(" stay active") and "inactive" not in top
        assert _ids(app)[-1] == "pay none"


async def test_at_80x24_a_message_stays_readable_while_a_cut_entry_is_shown_whole():
    # item 14: the building step's first entry is cut at 80x24 (its whole words below the
    # list); k switches the coach off and says so, on a row the player can read
    session = session_at("build", seed=3)
    session.autosave = False
    start_coach(session.record, [session.decider])
    for kind in ("build", *(note.key for note in NOTES)):  # nothing left to explain
        mark_seen(session.record, session.decider, kind)
    app = await _open(session)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("enter")
        await past_hold(pilot)
        await pilot.press("down")  # the first build: cut at 80x24 (ending the turn is not)
        assert app.screen.query_one("#choice-full").display
        await pilot.press("k")
        await pilot.pause()
        # first on the line above the list (the board and the list keep their rows)
        title = app.screen.query_one("#decision-title")
        assert str(title.content).startswith("Coach off for P")
        assert "Coach off for P" in screen_text(app)
        assert app.screen.query_one("#choice-full").display


async def test_a_list_made_taller_keeps_its_lines_and_a_new_width_lays_them_out_again(
    monkeypatch,
):
    # Issue 39 point 6: at 80x24 a board update that changes the number of choices makes the
    # list taller or shorter; Textual's list then cleared the lines it had laid out and
    # repainted them all a frame after the update (the same lines). They hold for a width.
    from textual.app import App
    from textual.containers import Vertical
    from textual.widgets import OptionList

    from forum_trajanum.tui.decisionlist import DecisionList

    cleared: list[int] = []
    clear = OptionList._clear_caches

    def counted(self) -> None:
        cleared.append(self.size.height)
        clear(self)

    monkeypatch.setattr(OptionList, "_clear_caches", counted)

    class Lists(App):
        CSS = "#box { height: 6; width: 40; } #decisions { height: 1fr; }"

        def compose(self):
            with Vertical(id="box"):
                yield DecisionList(id="decisions")

    app = Lists()
    async with app.run_test(size=(60, 20)) as pilot:
        lst = app.query_one(DecisionList)
        lst.add_options([f"choice {n}" for n in range(3)])
        await pilot.pause()
        box = app.query_one("#box")
        width, height = lst.size
        cleared.clear()
        box.styles.height = 9  # taller, as wide
        assert await wait_for(pilot, lambda: lst.size.height == height + 3)
        await pilot.pause()
        assert not cleared
        assert [lst.get_option_at_index(i).prompt for i in range(3)] == [
            f"choice {n}" for n in range(3)
        ]
        box.styles.width = 30  # narrower: laid out again
        assert await wait_for(pilot, lambda: lst.size.width == width - 10)
        await pilot.pause()
        assert cleared
