"""Paying citizens at a cycle's end, as a first-timer reads it (issue 19, items 2 and 10 of a
new player's game: the payment of cycle II started on the entry chosen in cycle I, and its
first entry said "Patrician I, Craftsman I stay active" of a row that was inactive)."""

from __future__ import annotations

from dataclasses import replace

from forum_trajanum.core.session import GameSession
from forum_trajanum.games.forum_trajanum.engine import GameOptions
from forum_trajanum.games.forum_trajanum.ui.labels import describe
from forum_trajanum.tui.app import ForumApp
from forum_trajanum.tui.screens import HandOverScreen
from tests.waiting import wait_for

from .conftest import SIZE, busy, screen_text


def _second_payment(seed: int = 3) -> GameSession:
    """A hot-seat game at its second payment (cycle II's end), every citizen row left unpaid
    at the first one (so each is inactive)."""
    session = GameSession.new(
        seed, GameOptions(players=2), ["Ann", "Bob"], ["", ""], autosave=False
    )
    payments = 0
    while True:
        state = session.state
        if state.tasks and state.tasks[-1].kind == "pay":
            if payments == 2:  # both players paid once: this is the second payment
                return session
            payments += 1
            session.play("pay none")
            continue
        session.play(busy(session.view_of(session.decider).legal))


def test_a_paid_inactive_row_turns_active_again_and_an_unpaid_one_stays_inactive():
    # rulebook, "Inactive citizens": "Inactive citizens of a social class can be reactivated"
    # by paying at a later cycle scoring; unpaid ones stay turned over
    session = _second_payment()
    pv = session.view_of(session.decider)
    me = pv.colonias[pv.viewer]
    rows = [r for r in range(6) if any(me.citizens[r])]
    assert rows and not any(me.row_active[r] for r in rows)  # all unpaid in cycle I
    words = {str(a): describe(a, pv) for a in pv.legal}
    pay_all = max(map(str, pv.legal), key=lambda t: len(t.split()))
    assert "active again" in words[pay_all] and "stay active" not in words[pay_all]
    assert "stays active" not in words[pay_all]
    assert words["pay none"].endswith("inactive")


async def test_the_next_cycles_payment_starts_at_the_top_but_an_undo_keeps_the_choice():
    session = _second_payment()
    app = ForumApp(bot_delay=0, session=session, choice_hold=0.001)
    async with app.run_test(size=SIZE) as pilot:
        lst = None

        def shown() -> bool:
            nonlocal lst
            found = app.screen.query("#decisions")
            lst = found.first() if found else None
            return lst is not None and lst.option_count > 1 and "Pay" in screen_text(app)

        # the game opens on the hand-over to the deciding player
        assert await wait_for(pilot, lambda: isinstance(app.screen, HandOverScreen))
        await pilot.press("enter")
        assert await wait_for(pilot, shown)
        screen = app.screen
        lst.highlighted = 1  # the player looks at the second entry
        data = screen.data
        # the same decision shown again one step on (an undo brings it back): kept
        screen.show(replace(data, step=data.step + 1))
        await pilot.pause()
        assert lst.highlighted == 1
        # the same kind of decision a cycle later (many steps on): a new decision, at the top
        screen.show(replace(data, step=data.step + 150))
        await pilot.pause()
        assert lst.highlighted == 0
