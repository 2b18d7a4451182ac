"""What a first-timer meets in Forum Trajanum at 80x24 (issue 36, the Forum Trajanum points):
no label that misleads, no default that costs a task."""

from __future__ import annotations

from forum_trajanum.core.session import GameSession
from forum_trajanum.games.forum_trajanum.engine import GameOptions
from forum_trajanum.games.forum_trajanum.ui.labels import decision_context
from forum_trajanum.tui.app import ForumApp

from .conftest import busy, decision_line, past_hold, screen_text, session_at

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
