"""What a first-timer meets in Forum Trajanum at 80x24 (issue 36, the Forum Trajanum points):
no label that misleads, no default that costs a task."""

from __future__ import annotations

from forum_trajanum.core.session import GameSession
from forum_trajanum.games.forum_trajanum.data import cell_index
from forum_trajanum.games.forum_trajanum.engine import GameOptions
from forum_trajanum.games.forum_trajanum.ui.labels import decision_context
from forum_trajanum.games.forum_trajanum.ui.play import WatchScreen
from forum_trajanum.tui.app import ForumApp
from forum_trajanum.tui.keys import ENTRY_KEYS, KeyBar
from tests.waiting import wait_for

from .conftest import (
    busy,
    decision_line,
    first_legal_bot_factory,
    past_hold,
    screen_text,
    session_at,
)

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


# --- item 3: the area-bonus decision says why the bonus was won -------------------------


def _choosing(legal, wanted=("row 2",)):
    """A first-choice game that takes ``wanted`` choices where offered (Patrician II)."""
    texts = [str(a) for a in legal]
    for want in wanted:
        if want in texts:
            return legal[texts.index(want)]
    return busy(legal)


def _at_bonus(seed: int, reason: str) -> GameSession:
    session = GameSession.new(
        seed, GameOptions(players=2), ["Ann", "Bob"], ["", ""], autosave=False
    )
    while session.state.tasks:
        task = session.state.tasks[-1]
        if task.kind == "bonus" and task.reason == reason:
            return session
        session.play(_choosing(session.view_of(session.decider).legal))
    raise AssertionError(f"no {reason} bonus in seed {seed}")


async def test_a_second_citizens_area_bonus_says_it_comes_from_the_citizen():
    # rules, appendix "Patrician II": the second citizen of the row gives 1 area bonus at once;
    # no colour area of the Forum was completed (issue 36, item 3)
    session = _at_bonus(1, "citizen")
    app = ForumApp(bot_delay=0, session=session, choice_hold=0)
    async with app.run_test(size=SMALL) as pilot:
        await _opened(session, pilot)
        line = " ".join(decision_line(app).split())  # the words as read, wrapped or not
        assert "second citizen in Patrician II gives an area bonus" in line
        assert "colour area" not in line


def test_a_market_steps_area_bonus_says_it_comes_from_the_market_track():
    # rules "Market track": step 2 gives an area bonus (no Forum area is completed)
    from forum_trajanum.games.forum_trajanum.data import TRACKS
    from forum_trajanum.games.forum_trajanum.engine import decision_kind, view
    from tests.engine.helpers import act, refresh
    from tests.engine.test_benefits import ready

    state, p = ready(seed=4)
    state.players[p].tracks[TRACKS.index("M")] = 1
    refresh(state)
    act(state, "build M A2")
    act(state, "step 2")
    assert decision_kind(state) == "bonus"
    words = decision_context(view(state, p))
    assert words.startswith("The market track's step 2 gives an area bonus")
    assert "colour area" not in words


def test_completing_a_colour_area_still_says_so():
    # rules "3. Completed color area": an envoy filling an area's last space
    session = _at_bonus(1, "area")
    pv = session.view_of(session.decider)
    assert decision_context(pv).startswith("You completed a colour area of the Forum")


# --- item 4: u says why nothing can be undone, and the key bar offers it only when it can --


def _after_corner_pick(seed: int = 1) -> GameSession:
    """A hot-seat game just after its first draft pick of a face-up corner tile (first choices
    before it): the same player drafts on."""
    session = GameSession.new(
        seed, GameOptions(players=2), ["Ann", "Bob"], ["", ""], autosave=False
    )
    while True:
        legal = session.view_of(session.decider).legal
        if session.state.tasks[-1].kind == "draft":
            corner = [a for a in legal if str(a).split()[1:2] in (["A1"], ["F1"], ["A6"], ["F6"])]
            plain = [a for a in corner if len(str(a).split()) == 3]  # no tribune
            if plain:
                session.play(plain[0])
                return session
        session.play(busy(legal))


def _key_bar(app) -> str:
    return str(app.screen.query_one(KeyBar).render())


async def test_undo_after_a_draft_pick_says_the_pick_is_final_and_is_not_offered():
    # rules "Take 2 Colonia tiles": a drafted tile is taken at once (its front seen); the
    # message said "a hidden tile was revealed or your turn began anew" (issue 36, item 4)
    session = _after_corner_pick()
    actor = session.decider
    assert session.state.tasks[-1].kind == "draft" and not session.can_undo()
    app = ForumApp(bot_delay=0, session=session, choice_hold=0)
    async with app.run_test(size=SMALL) as pilot:
        await _opened(session, pilot)
        assert app.screen.data.view.viewer == actor
        assert "Undo" not in _key_bar(app) and "Trajan" in _key_bar(app)
        await pilot.press("u")
        said = " ".join(app.screen.decision_panel().said().split())
        assert said == "Nothing to undo: a draft pick cannot be taken back."


async def test_the_key_bar_offers_u_exactly_while_a_step_can_be_taken_back():
    session = session_at("build", seed=3)
    session.autosave = False
    app = ForumApp(bot_delay=0, session=session, choice_hold=0)
    async with app.run_test(size=SMALL) as pilot:
        await _opened(session, pilot)
        assert ("u Undo" in _key_bar(app)) == session.can_undo()
        played = len(session.record.actions)
        conversions = app.screen.groups  # the building step's conversions, behind one entry
        convert = next(a for members in conversions.values() for a in members)
        app.screen.choose(convert)
        assert await wait_for(pilot, lambda: len(session.record.actions) == played + 1)
        await past_hold(pilot)
        assert session.can_undo() and "u Undo" in _key_bar(app)
        while session.can_undo():  # back to where the turn's steps began
            taken = len(session.record.actions)
            await pilot.press("u")
            assert await wait_for(pilot, lambda n=taken: len(session.record.actions) < n)
            await past_hold(pilot)
        assert "Undo" not in _key_bar(app)
        await pilot.press("u")
        said = " ".join(app.screen.decision_panel().said().split())
        assert said.startswith("Nothing to undo: ") and "hidden tile" not in said


# --- item 7: a panel changes by the player's key, or to the one a decision names (said) ----


def _tabs(app) -> str:
    return str(app.screen.query_one("#tabs").render())


def _against_a_slow_bot() -> ForumApp:
    """A person against an easy bot at the draft (seed 2); the bot's move waits an hour, so
    its turn stays on screen for the whole test."""
    session = session_at("draft", bots=["", "easy"], seed=2)
    session.autosave = False
    return ForumApp(bot_delay=3600.0, session=session, bot_factory=first_legal_bot_factory)


async def _to_the_bots_turn(app, pilot, *keys: str) -> None:
    """The human plays (``keys`` at each of its choices) until the bot's turn is on screen."""
    while not isinstance(app.screen, WatchScreen):
        await past_hold(pilot)
        await pilot.press(*keys)


async def test_the_panel_a_player_chose_stays_while_a_bot_plays():
    # a bot's turn is shown on another screen than the player's turn: it showed its own last
    # panel (the log, the Colonia) instead of the one the player had chosen (issue 36, item 7)
    app = _against_a_slow_bot()
    async with app.run_test(size=SMALL) as pilot:
        # the players and tracks, chosen before each choice
        await _to_the_bots_turn(app, pilot, "p", "enter")
        await pilot.pause()
        assert app.screen.panel == "players"
        assert app.screen.query_one("#p-players").has_class("-shown")
        assert not app.screen.query_one("#p-log").has_class("-shown")


async def test_a_decision_on_the_forum_shows_the_forum_and_says_so():
    session = session_at("envoy", seed=1)
    session.autosave = False
    app = ForumApp(bot_delay=0, session=session, choice_hold=0)
    async with app.run_test(size=SMALL) as pilot:
        await _opened(session, pilot)
        assert app.screen.data.view.decision == "envoy"
        assert app.screen.panel == "forum"
        assert "shown for this choice" in _tabs(app)
        await pilot.press("c")  # the player's key: the Colonia, nothing more to say
        await pilot.pause()
        assert app.screen.panel == "colonia" and "shown for this choice" not in _tabs(app)


# --- item 12: rows that stay apart, envoys that say what they score, the Trajan window, ---
# --- and a building task's words --------------------------------------------------------


def test_every_envoy_choice_says_what_the_forum_scoring_gives_it():
    # rules "Forum scoring": 2 VP an envoy on an eagle, 1 VP next to one (diagonal too with
    # Patrician I), and the largest group of envoys; what each choice says is what the
    # scoring counts once the envoy is there (issue 36, item 12)
    from forum_trajanum.games.forum_trajanum.engine import apply, preview
    from forum_trajanum.games.forum_trajanum.engine.scoring import forum_points
    from forum_trajanum.games.forum_trajanum.ui.labels import describe

    for seed in (1, 2, 3):
        session = session_at("envoy", seed=seed)
        state, seat = session.state, session.decider
        pv = session.view_of(seat)
        eagles, area = forum_points(state, seat)
        said = set()
        for action in pv.legal:
            if action.declined:
                continue
            after = state.clone()
            apply(after, action)
            p = preview(pv, action)
            now_eagles, now_area = forum_points(after, seat)
            assert p.eagle_points == now_eagles - eagles, str(action)
            assert p.area_points == now_area - area, str(action)
            words = describe(action, pv)
            assert " — " in words and ("VP" in words or "scores nothing" in words), words
            if p.eagle_points:
                assert f"+{p.eagle_points} VP {p.eagle} an eagle" in words
                said.add("eagle")
            if p.area_points:
                assert f"+{p.area_points} VP largest area" in words
        assert said  # some choice lies by an eagle


async def test_an_inactive_citizen_row_stays_apart_from_the_side_panel():
    # at 80x24 "M· inactive" filled the grid's last column and read on into the side panel's
    # words ("M· inactive instead of 1"): a line now stands between them (issue 36, item 12)
    session = session_at("pay", seed=13)
    session.autosave = False
    session.play("pay none")  # every citizen row inactive
    while session.state.tasks[-1].kind != "draft" or session.decider != 1:
        session.play(session.view_of(session.decider).legal[0])
    app = ForumApp(bot_delay=0, session=session, choice_hold=0)
    async with app.run_test(size=SMALL) as pilot:
        await _opened(session, pilot)
        rows = [row for row in screen_text(app).splitlines() if " inactive" in row]
        assert rows
        for row in rows:
            after = row[row.index(" inactive") + len(" inactive") :]
            assert after.startswith("│"), row


async def test_the_trajan_window_opens_on_this_cycles_card_with_its_indents_and_covers_the_screen():
    # cycle II's payment: the window opened on cycle I's card, wrapped task lines lost their
    # indent, and a line of the screen below showed under it (issue 36, item 12)
    from forum_trajanum.games.forum_trajanum.ui.dialogs import TrajanCardsScreen

    session = session_at("pay", seed=13, skip=2)
    session.autosave = False
    assert session.state.cycle == 2
    app = ForumApp(bot_delay=0, session=session, choice_hold=0)
    async with app.run_test(size=SMALL) as pilot:
        await _opened(session, pilot)
        await pilot.press("t")
        assert await wait_for(pilot, lambda: isinstance(app.screen, TrajanCardsScreen))
        heading = app.screen.query_one("#cycle-2")
        box = app.screen.query_one("#trajan-cards")
        assert await wait_for(pilot, lambda: heading.region.y == box.content_region.y)
        rows = screen_text(app).splitlines()
        assert "Cycle II: II-3 (this cycle's card)" in rows[2]
        assert "Cycle I:" not in screen_text(app)
        # a wrapped line keeps its indent: every line under a task is indented as it
        wrapped = [row for row in rows if "you: not met; missing" in row]
        assert wrapped
        at = rows.index(wrapped[0])
        indent = wrapped[0].index("you:")
        following = rows[at + 1]
        assert following[:indent].strip("█ ") == "" and following[indent] != " "
        # the window reaches the key line: no row of the screen below between them
        assert rows[-1].startswith("↑↓ scroll") and set(rows[-2].strip()) == {"█", "▄"}


def test_a_building_task_that_may_lie_anywhere_says_so():
    # rules "Trajan scoring": a building task's pattern may lie anywhere in the Colonia, the
    # words named two cells as if the rule asked for them (issue 36, item 12)
    from forum_trajanum.games.forum_trajanum.engine.cards import progress

    session = session_at("pay", seed=13, skip=2)
    pv = session.view_of(session.decider)
    building, _ = progress("III-4", pv.colonias[pv.viewer])
    assert building.missing[-1].startswith("anywhere it fits, e.g. on ")
    assert not any(" on " in words for words in building.missing[:-1])


# --- item 13: a build that a conversion makes possible is offered with the builds ---------


async def test_a_build_that_needs_a_conversion_is_offered_with_the_builds_and_plays_both():
    # rules "Building step": resources may be converted before building (recolour a worker
    # with an assistant); the blue fountain was offered only after opening "Convert resources
    # first…" and converting (issue 36, item 13)
    session = session_at("build", seed=3)
    session.autosave = False
    pv = session.view_of(session.decider)
    assert "build B C1" not in {str(a) for a in pv.legal}  # no blue worker: not legal now
    app = ForumApp(bot_delay=0, session=session, choice_hold=0)
    async with app.run_test(size=SMALL) as pilot:
        await _opened(session, pilot)
        ids = [i for i, _ in _entries(app)]
        words = dict(_entries(app))
        entry = "then:convert recolour Y B|build B C1"
        assert entry in ids and ids.index(entry) < ids.index("group:convert")
        assert (
            "Build a blue fountain (B) on C1 — recolour: 1 assistant, 1 yellow worker"
            in words[entry]
        )
        grid = app.screen.query_one("#colonia")
        assert grid.cursor == cell_index("C1")  # the first build's cell
        app.screen.query_one("#decisions").highlighted = ids.index(
            "then:convert recolour Y B|build B A4"
        )
        await pilot.pause()  # the Colonia cursor on the build's cell, as for any build
        assert grid.cursor == cell_index("A4")
        played = len(session.record.actions)
        await pilot.press(ENTRY_KEYS[ids.index(entry)])
        assert await wait_for(pilot, lambda: len(session.record.actions) >= played + 2)
        assert [str(a) for a in session.record.actions[played : played + 2]] == [
            "convert recolour Y B",
            "build B C1",
        ]


async def test_the_conversions_group_closes_after_a_conversion():
    session = session_at("build", seed=3)
    session.autosave = False
    app = ForumApp(bot_delay=0, session=session, choice_hold=0)
    async with app.run_test(size=SMALL) as pilot:
        await _opened(session, pilot)
        ids = [i for i, _ in _entries(app)]
        await pilot.press(ENTRY_KEYS[ids.index("group:convert")])
        await pilot.pause()
        panel = app.screen.decision_panel()
        assert panel.group_open == "convert"
        played = len(session.record.actions)
        await pilot.press("1")  # the group's first conversion
        assert await wait_for(pilot, lambda: len(session.record.actions) == played + 1)
        await past_hold(pilot)
        assert panel.group_open is None  # the whole list, with what the conversion opened
        assert any(i.startswith("build ") for i, _ in _entries(app))


async def test_a_long_building_step_keeps_the_builds_after_a_conversion_behind_one_keyed_entry():
    # a list longer than its keys (Craftsman I makes a worker of any colour: every structure
    # after a conversion) gathers them behind one entry with a key (issue 27, item 2)
    from tests.tui.test_decision_list import _trajan_build_session

    session = _trajan_build_session()
    app = ForumApp(bot_delay=0, session=session, choice_hold=0)
    async with app.run_test(size=SMALL) as pilot:
        await _opened(session, pilot)
        ids = [i for i, _ in _entries(app)]
        assert len(ids) <= len(ENTRY_KEYS) and "group:then" in ids
        await pilot.press(ENTRY_KEYS[ids.index("group:then")])
        await pilot.pause()
        inside = [i for i, _ in _entries(app)]
        assert all(i.startswith("then:") for i in inside[:-1]) and len(inside) > 2
        conversion, build = inside[0].removeprefix("then:").split("|")
        played = len(session.record.actions)
        await pilot.press("1")
        assert await wait_for(pilot, lambda: len(session.record.actions) >= played + 2)
        assert [str(a) for a in session.record.actions[played : played + 2]] == [
            conversion,
            build,
        ]


async def test_while_a_bot_decides_the_key_bar_offers_no_hint_and_h_says_why():
    # the hint is for one's own decisions: h is on the key bar only there, as u is only where
    # it takes something back (issue 36, item 4); pressed anyway, it says why not
    app = _against_a_slow_bot()
    async with app.run_test(size=SMALL) as pilot:
        await past_hold(pilot)
        assert "h Hint" in _key_bar(app)  # the player's own decision
        await _to_the_bots_turn(app, pilot, "enter")
        assert await wait_for(pilot, lambda: "Help" in _key_bar(app))
        assert "Hint" not in _key_bar(app)
        await pilot.press("h")
        assert await wait_for(pilot, lambda: "not your decision" in screen_text(app))
        app.workers.cancel_all()
