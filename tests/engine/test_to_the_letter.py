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
    assert view(state, seat).task.title.endswith("or none (handicap)")
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


# ── rulings that read two ways, recorded and shown (points 4 and 5) ───────────────────────


def test_cranes_uncovered_in_a_cycle_count_as_scored_for_cards_ii4_and_iii3_of_its_scoring():
    """EN l.435-438 (the crane scoring comes first, the Trajan scoring fourth); DE l.761 (II-4
    "2 gewertete Baukräne + 2 aktive Bürger ...") and l.781 (III-3 "2 gewertete Baukräne + 2
    verschiedenfarbige Arbeiter"): two cranes uncovered this cycle are scored first, so the
    same scoring counts them as scored."""
    from forum_trajanum.games.forum_trajanum.engine.scoring import score_cycle
    from forum_trajanum.games.forum_trajanum.engine.state import (
        CRANE_COVERED,
        CRANE_OPEN,
        CRANE_SCORED,
        TRAJAN_CARDS_KEY,
    )

    from .helpers import build_step, vacate_all

    state, p = build_step(seed=3)
    vacate_all(state, p)
    pl = state.players[p]
    pl.crane_state = [CRANE_OPEN, CRANE_OPEN, CRANE_COVERED, CRANE_COVERED]
    pl.workers = [1, 1, 0, 0]
    state.cycle = 3
    state.trajan_cards = ["", "", "III-3"]
    score_cycle(state)
    assert pl.crane_state[:2] == [CRANE_SCORED, CRANE_SCORED]
    assert state.scorings[-1][p][TRAJAN_CARDS_KEY] > 0


def test_two_double_tiles_make_card_ii1s_square():
    """DE l.741 (II-1 "ein Quadrat aus 4 beliebigen Bauplättchen"): two double tiles side by
    side fill a 2x2 square and fulfil the task once."""
    from forum_trajanum.games.forum_trajanum.data import cell_index
    from forum_trajanum.games.forum_trajanum.engine.cards import building_task

    from .helpers import build_step, put_buildings, vacate_all

    state, p = build_step(seed=1)
    vacate_all(state, p)
    pl = state.players[p]
    put_buildings(state, p, {"A2": "L", "A3": "R", "B2": "G", "B3": "G"})
    pl.building_tile[cell_index("A3")] = pl.building_tile[cell_index("A2")]  # L + R double
    pl.building_tile[cell_index("B3")] = pl.building_tile[cell_index("B2")]  # G + G double
    assert building_task("II-1", pl) == 1


def test_one_double_tile_whose_envoys_complete_two_areas_gives_two_area_bonuses():
    """EN l.391-392 ("If you complete a color area ... by putting 1 or 2 envoys there, you gain
    an area bonus"): a double tile of two blue structures whose first envoy completes one area
    and second envoy another gives a bonus for each. (The Forum of tests/engine/test_forum.py:
    blue 4:11-4:12 is one area, 4:4 an area of one.)"""
    from .helpers import refresh
    from .helpers import tile as tile_of
    from .test_forum import at, forum_ready

    state, p = forum_ready(seed=7, workers=(2, 0, 0, 0))
    pl = state.players[p]
    state.forum[at(state, "4:11")] = tile_of(1 - p, 20)  # another player's envoy starts it
    refresh(state)
    act(state, "build B A2 B B2")
    act(state, "envoy 4:12")  # the started area first: it is completed
    assert decision_kind(state) == "bonus"
    act(state, "bonus $")
    act(state, "envoy 4:4")  # an area of one: completed too
    assert decision_kind(state) == "bonus"
    act(state, "bonus T")
    assert pl.coins >= 1 and pl.tribunes >= 1


def test_patrician_two_always_gives_two_different_area_bonuses():
    """EN l.613-614 ("You may choose not only 1, but 2 different area bonuses"): with Patrician
    II active every choice at a completed area is two different bonuses, never one."""
    from .helpers import refresh
    from .helpers import tile as tile_of
    from .test_forum import forum_ready

    state, p = forum_ready(seed=6)
    pl = state.players[p]
    pl.citizens[1][0] = tile_of(p, 0)
    pl.row_active[1] = True
    refresh(state)
    act(state, "build B A2")
    act(state, "envoy 4:4")
    assert decision_kind(state) == "bonus"
    assert all(len(set(a.bonuses)) == 2 for a in legal_actions(state))


def test_the_newcomers_citizen_may_go_second_into_the_drawn_citizens_row_for_its_bonus():
    """DE l.853 and EN l.636-646 (a second citizen in a row gives that row's bonus): the
    newcomer's corner citizen may join the citizen drawn at setup in its row, and the row's
    second-citizen bonus (row 2: an area bonus) follows."""
    state = new_game(315, players=4, side="A", introductory=True, handicap=(0,))
    for text in ("cranes BGYR", "row 2", "diagonal main MER CRA", "cranes BGYR", "row 1",
                 "diagonal main MER CRA", "cranes BGYR", "row 3", "diagonal main PAT CRA",
                 "cranes BGYR", "row 3", "diagonal main PAT CRA", "handicap F1"):  # fmt: skip
        act(state, text)
    assert "row 2" in [str(a) for a in legal_actions(state)]
    act(state, "row 2")
    newcomer = state.players[0]
    assert newcomer.citizens[1][0] >= 0 and newcomer.citizens[1][1] >= 0
    assert decision_kind(state) == "bonus"


def test_every_ruling_is_in_the_data_module_with_its_line_and_in_the_help_list():
    """Issue 40: each ruling of Forum Trajanum is in the data module with the rulebook lines
    it reads, and the help's rulings list (``?``, tab 4) shows exactly those: a ruling in one
    place and not the other fails here. The rulings issue 40 names are among them."""
    import re

    from forum_trajanum.games.forum_trajanum.data import RULINGS
    from forum_trajanum.games.forum_trajanum.ui.help import PAGES

    line = r"(EN|DE) l\.\d+(-\d+)?(, l\.\d+(-\d+)?)*"
    for ruling in RULINGS:
        assert re.search(rf"\(({line})(; {line})*\)$", ruling), ruling
    assert [text for _, text in PAGES.rulings] == list(RULINGS)
    named = (
        "count as scored cranes for the Trajan cards II-4 and III-3",  # point 4
        "whose two envoys complete two areas gives an area bonus for each",
        "always gives two different area bonuses",
        "as that row's second citizen",
        "two double tiles side by side make one",
        "may take the citizen from one face-up corner tile",  # point 3
        "one fixed arrangement per player count",  # point 5
        "in the order you choose",
        "at most once per scoring",
        "second-citizen envoy goes on a free space of any colour but keeps the colour-area rule",
        "The slide bar: positions 0 to 8",
        "A double building tile is one building tile",
    )
    shown = " ".join(text for _, text in PAGES.rulings)
    for words in named:
        assert words in shown, words
