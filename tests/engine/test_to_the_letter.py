"""Forum Trajanum to the letter (issue 40): the setup order of the rulebook, and the rulings
that read two ways decided, recorded and shown."""

from __future__ import annotations

import pytest

from forum_trajanum.core.session import GameSession
from forum_trajanum.games.forum_trajanum.data import FEMALE_CITIZENS
from forum_trajanum.games.forum_trajanum.engine import (
    GameOptions,
    decision_kind,
    legal_actions,
    new_game,
    preview,
    view,
)
from forum_trajanum.games.forum_trajanum.engine.rules import current_player

from .helpers import act


def _cranes_worlds(seed: int, players: int = 2):
    """Two games at the first seat's crane decision that differ only in the female-back
    citizen that seat drew."""
    one = new_game(seed, players=players)
    two = new_game(seed, players=players)
    seat = current_player(one)
    pl = two.players[seat]
    pl.female = next(i for i in FEMALE_CITIZENS if i != pl.female)
    assert one.players[seat].female != two.players[seat].female
    return seat, one, two


@pytest.mark.parametrize("seed", [1, 2, 3])
def test_the_cranes_are_placed_before_the_female_back_citizen_is_seen(seed):
    """EN l.99-105 (setup 3, then 4): the cranes go into the corners first; the female-back
    citizen is drawn after. Two games that differ only in the citizen drawn give the seat
    choosing its crane colours the same view, the same choices and the same previews."""
    seat, one, two = _cranes_worlds(seed)
    assert decision_kind(one) == "setup_cranes"
    assert view(one, seat) == view(two, seat)
    assert view(one, seat).colonias[seat].female == ""
    assert [str(a) for a in legal_actions(one)] == [str(a) for a in legal_actions(two)]
    for action in legal_actions(one)[:6]:
        assert preview(view(one, seat), action) == preview(view(two, seat), action)


def test_once_the_cranes_are_placed_the_drawn_citizen_is_shown():
    """EN l.101-105: once its cranes are placed the seat draws its citizen and sees it, to
    choose its row."""
    state = new_game(4, players=2)
    seat = current_player(state)
    act(state, str(legal_actions(state)[0]))
    assert decision_kind(state) == "setup_row"
    assert view(state, seat).colonias[seat].female != ""


async def test_the_crane_screen_is_the_same_whatever_citizen_was_drawn(tmp_path, monkeypatch):
    """EN l.99-105 on the rendered screen: the crane decision reads the same in both worlds."""
    from forum_trajanum.tui.app import ForumApp
    from forum_trajanum.tui.compat import screen_strips
    from tests.waiting import settled

    monkeypatch.setenv("FORUM_TRAJANUM_HOME", str(tmp_path / "home"))
    shown = []
    for world in (0, 1):
        session = GameSession.new(
            5, GameOptions(players=2), ["Ann", "Bob"], ["", ""], autosave=False
        )
        if world:
            seat = session.decider
            pl = session.state.players[seat]
            pl.female = next(i for i in FEMALE_CITIZENS if i != pl.female)
        app = ForumApp(bot_delay=0, session=session)
        async with app.run_test(size=(120, 40)) as pilot:
            await settled(pilot)
            for _ in range(3):  # the hand-over and the coach, where shown
                await pilot.press("enter")
                await settled(pilot)
            shown.append("\n".join(strip.text for strip in screen_strips(app.screen)))
            assert len(session.record.actions) == 0
    assert shown[0] == shown[1]


# ── the mixed-groups handicap: "darf" (point 3) ───────────────────────────────────────────


def test_a_newcomer_may_take_no_second_citizen_and_is_told_what_that_loses():
    """DE l.853 ("Spielen in gemischten Gruppen"): the newcomers begin with 1 extra coin, and
    each *may* ("darf") take a second citizen from a corner with a face-up tile. Taking none
    is offered, worded with what it loses, and keeps the coin only: one active citizen, every
    crane still covered."""
    from forum_trajanum.games.forum_trajanum.engine import SPECS, public_lines

    from .helpers import play_first_until

    state = play_first_until(new_game(4, players=2, handicap=(1,)), {"handicap"})
    seat = current_player(state)
    pl = state.players[seat]
    texts = [str(a) for a in legal_actions(state)]
    assert texts[-1] == "handicap none" and len(texts) > 1
    none = legal_actions(state)[-1]
    me = view(state, seat).colonias[seat]
    words = SPECS[none.kind].words(none, view(state, seat), me)
    assert "no second active citizen" in words and "crane" in words
    cranes, coins = list(pl.crane_state), pl.coins
    before = state.clone()
    act(state, "handicap none")
    assert pl.coins == coins + 1 and pl.active_citizens() == 1
    assert pl.crane_state == cranes
    assert decision_kind(state) != "citizen"
    assert any("took no second citizen" in text for _, text in public_lines(before, none, state))
