"""Building benefits (rules "Benefit for gray buildings", "End of the benefit track", the
prestige track and Merchant I b); DE "Graue Gebäude", "Ende der Prämienleiste", "Händler I b)")."""

from __future__ import annotations

import pytest

from forum_trajanum.games.forum_trajanum.data import AREA_BONUSES
from forum_trajanum.games.forum_trajanum.engine import decision_kind, legal_actions
from forum_trajanum.games.forum_trajanum.engine import tasks as T
from forum_trajanum.games.forum_trajanum.engine.actions import Build

from .helpers import (
    CC,
    act,
    build_step,
    legal_texts,
    push_decision,
    refresh,
    tile,
    use_printed_boards,
    vacate,
)

LIB, BAS, MAR = 0, 1, 2
#: 2-player Forum of boards 1A, 2A, 3A: eagle cells (1-based row:col) worked out by hand from
#: components.md "Forum: mosaic boards".
EAGLES = {"1:3", "4:3", "1:6", "3:8", "2:10", "3:11"}


def ready(seed=1, builders=1):
    state, p = build_step(seed=seed)
    vacate(state, p, "A2", "B2", "A3", "B3")
    use_printed_boards(state, "1A", "2A", "3A")
    state.players[p].builders = builders
    return refresh(state), p


def seat_citizens(state, p, n):
    """Give player ``p`` ``n`` active citizens (rows 4-6, left spaces)."""
    pl = state.players[p]
    for i in range(n):
        row = [3, 4, 5][i]
        pl.citizens[row][0] = tile(p, [1, 2, 2][i] + (3 if i == 2 else 0))
        pl.row_active[row] = True


@pytest.mark.parametrize(("cycle", "value"), [(1, 3), (2, 2), (3, 1)])
def test_triumphal_column_scores_column_value_plus_active_citizens(cycle, value):
    # Rules "Triumphal column - ... The current value indicated on top of the column fragment
    # ... + 1 point for each active citizen. Example: ... Tanya builds a triumphal column. For
    # this, she receives 3 victory points + 2 victory points for the two citizens" / DE Beispiel
    # Tanja; "Erecting the Trajan's Column": fragments 3, 2, 1.
    state, p = ready()
    state.cycle = cycle
    seat_citizens(state, p, 2)
    pl = state.players[p]
    # an inactive citizen does not count
    pl.citizens[0][0] = tile(p, 0)
    pl.row_active[0] = False
    refresh(state)
    act(state, "build C A2")
    assert pl.score == value + 2 == pl.points["column"]
    if cycle == 1:
        assert pl.score == 5  # Tanya's example


def step_options(state):
    return {a.n for a in legal_actions(state) if a.kind == "step"}


def test_benefit_track_choice_of_any_reached_step():
    # Rules "From space 2 on each track, you can choose whether you want to use the benefit you
    # just reached or a previous one" / DE "Ab Feld 2 ... die eben erreichte oder eine vorherige".
    state, p = ready(builders=3)
    pl = state.players[p]
    pl.builds_left = 3
    refresh(state)
    act(state, "build L A2")
    assert step_options(state) == {1}
    act(state, "step 1")
    assert legal_texts(state) == {"worker B", "worker G", "worker Y", "worker R"}
    act(state, "worker G")
    assert pl.workers == [0, 1, 0, 0] and pl.tribunes == 1  # Library 1: worker + tribune
    act(state, "build L B2")
    assert step_options(state) == {1, 2}
    act(state, "step 1")  # the earlier benefit again
    act(state, "worker R")
    assert pl.workers == [0, 1, 0, 1] and pl.tribunes == 2
    assert pl.tracks == [2, 0, 0]


@pytest.mark.parametrize(
    ("track", "code", "step", "expect"),
    [
        (LIB, "L", 2, {"builders": 1}),
        (BAS, "S", 1, {"assistants": 2}),
        (BAS, "S", 2, {"tribunes": 2}),
        (MAR, "M", 1, {"coins": 1}),
    ],
)
def test_resource_benefits(track, code, step, expect):
    # Rules "2nd Library: Obtain 1 builder", "1st Basilica: Obtain 2 assistants", "2nd Basilica:
    # Obtain 2 Tribunes", "1st Market: Obtain 1 coin" / DE Bibliothek, Basilika, Markt.
    state, p = ready()
    pl = state.players[p]
    pl.tracks[track] = step - 1
    refresh(state)
    act(state, f"build {code} A2")
    act(state, f"step {step}")
    for field, value in expect.items():
        assert getattr(pl, field) == value
    assert decision_kind(state) == "build"


def test_basilica_three_upgrade_and_four_extra_building_action():
    # Rules "3rd Basilica: Gain 1 upgrade", "4th Basilica: Carry out 1 additional building
    # action, provided you have the applicable builder and / or worker(s)" / DE "4. Basilika".
    state, p = ready(builders=3)
    pl = state.players[p]
    pl.tracks[BAS] = 2
    refresh(state)
    act(state, "build S A2")
    act(state, "step 3")
    assert pl.prestige == 1
    pl.tracks[BAS] = 3
    pl.builds_left = 1
    refresh(state)
    act(state, "build S B2")
    assert step_options(state) == {1, 2, 3, 4}
    act(state, "step 4")
    assert any(isinstance(a, Build) for a in legal_actions(state))
    act(state, "build C A3")
    assert pl.builders == 0 and pl.buildings[12] == "C"
    assert not any(isinstance(a, Build) for a in legal_actions(state))


def test_track_end_scores_like_a_column_and_later_buildings_give_nothing():
    # Rules "End of the benefit track: Once you have built the fourth market ... you move your
    # marker ... next to the Trajan's Column ... score victory points equivalent to building a
    # triumphal column ... Note: You may build buildings of this type even later on ... but you
    # no longer receive benefits" / DE "Ende der Prämienleiste".
    state, p = ready(builders=2)
    pl = state.players[p]
    state.cycle = 2
    seat_citizens(state, p, 3)
    pl.tracks[MAR] = 3
    refresh(state)
    act(state, "build M A2")
    act(state, "step 1")
    assert pl.tracks[MAR] == 4
    assert pl.points["tracks"] == 2 + 3 and pl.score == 5
    pl.builds_left = 1
    refresh(state)
    act(state, "build M B2")
    assert decision_kind(state) == "build"  # no step decision
    assert pl.coins == 1 and pl.score == 5 and pl.tracks[MAR] == 4


def test_library_three_places_an_envoy_on_a_free_eagle_space():
    # Rules "3rd Library: Place an envoy on an eagle space on the Forum square"; "Eagle spaces:
    # Normally, no envoys may be placed on eagle spaces (exception: ... the library track)".
    state, p = ready()
    pl = state.players[p]
    pl.tracks[LIB] = 2
    pl.ship = [tile(p, CC)]
    refresh(state)
    act(state, "build L A2")
    act(state, "step 3")
    assert decision_kind(state) == "envoy"
    assert legal_texts(state) == {f"envoy {e}" for e in EAGLES} | {"envoy none"}
    act(state, "envoy 1:3")
    assert state.forum[2] == tile(p, CC) and pl.ship == []


def test_market_three_envoy_on_any_coloured_space_ignoring_the_colour_area_rule():
    # Rules "3rd Market: Place one of your envoys on any colored space in the Forum,
    # irrespectively of the color placement rule - but not on eagles" / DE "3. Markt".
    state, p = ready()
    pl = state.players[p]
    pl.tracks[MAR] = 2
    pl.ship = [tile(p, CC)]
    state.forum[0] = tile(1 - p, CC)  # starts the blue area at 1:1
    refresh(state)
    act(state, "build M A2")
    act(state, "step 3")
    targets = {str(a)[6:] for a in legal_actions(state) if not a.declined}
    assert len(targets) == 48 - 6 - 1  # every free coloured space
    assert not targets & EAGLES
    assert "4:4" in targets  # a blue space outside the started blue area


@pytest.mark.parametrize(("patrician2", "size"), [(False, 1), (True, 2)])
def test_market_two_area_bonus_two_different_with_patrician_two(patrician2, size):
    # Rules "2nd Market: Choose an area bonus (possibly even 2, if you have activated the
    # appropriate citizen)"; Appendix "Patrician II - ... 2 different area bonuses ... (or take
    # the benefit of the second level on the market track)" / DE "Patrizier II".
    state, p = ready()
    pl = state.players[p]
    pl.tracks[MAR] = 1
    if patrician2:
        pl.citizens[1][0] = tile(p, 0)
        pl.row_active[1] = True
    refresh(state)
    act(state, "build M A2")
    act(state, "step 2")
    options = [a.bonuses for a in legal_actions(state)]
    assert all(len(o) == size and len(set(o)) == size for o in options)
    assert len(options) == (5 if size == 1 else 10)
    assert set("".join(options)) == set(AREA_BONUSES)
    act(state, "bonus TV" if patrician2 else "bonus A")
    if patrician2:
        assert pl.tribunes == 1 and pl.score == 2
    else:
        assert pl.assistants == 1


@pytest.mark.parametrize(("track", "code"), [(LIB, "L"), (MAR, "M")])
def test_library_and_market_four_take_a_grid_tile_and_use_it(track, code):
    # Rules "4th Library / 4th Market: Take a Colonia tile from your street grid and use it
    # immediately" / DE "Nimm 1 Coloniaplättchen aus deinem Straßenraster und nutze es sofort";
    # RULINGS: it then goes to the ship; a corner tile uncovers its crane.
    state, p = ready()
    pl = state.players[p]
    pl.tracks[track] = 3
    pl.grid[1] = tile(p, CC)  # B1 holds 2 coins
    refresh(state)
    act(state, f"build {code} A2")
    act(state, "step 4")
    assert decision_kind(state) == "pick"
    picks = {a.cell for a in legal_actions(state)}
    assert picks == {f"{'ABCDEF'[c % 6]}{c // 6 + 1}" for c in range(36) if pl.grid[c] >= 0}
    act(state, "pick B1")
    assert pl.grid[1] == -1 and pl.coins == 2 and pl.ship[-1] == tile(p, CC)


def test_upgrade_with_merchant_one_jumps_to_the_next_cypress():
    # Appendix "Merchant I - b) ... every time you receive an upgrade, you may advance onto the
    # next cypress" / DE "Händler I b) ... rückt der Schieber ... auf die nächste Zypresse vor";
    # cypresses at 3, 6, 8 (components.md). Ruling: the jump is never worse than one space, so
    # it is made without asking.
    state, p = ready()
    pl = state.players[p]
    pl.citizens[2][0] = tile(p, 1)
    pl.row_active[2] = True
    for expected in (3, 6, 8, 8):
        push_decision(state, T.Upgrade(p))
        assert decision_kind(state) == "build" and pl.prestige == expected


def test_upgrade_without_active_merchant_one_is_one_space():
    # Rules "Upgrade: ... move the slide bar ... 1 space to the right"; an inactive Merchant I
    # "is of no use" (Appendix "Inactive citizens").
    state, p = ready()
    pl = state.players[p]
    pl.citizens[2][0] = tile(p, 1)
    pl.row_active[2] = False
    push_decision(state, T.Upgrade(p))
    assert decision_kind(state) == "build" and pl.prestige == 1


def test_library_four_corner_tile_uncovers_its_crane():
    # RULINGS: "a corner tile taken this way uncovers its crane"; rules "Construction cranes".
    from forum_trajanum.games.forum_trajanum.data import CORNERS
    from forum_trajanum.games.forum_trajanum.engine.state import CRANE_COVERED, CRANE_OPEN

    state, p = ready(seed=3)
    pl = state.players[p]
    pl.tracks[LIB] = 3
    corner = CORNERS.index(5)  # F1
    pl.grid[5] = tile(p, CC)
    pl.crane_state[corner] = CRANE_COVERED
    refresh(state)
    act(state, "build L A2")
    act(state, "step 4")
    act(state, "pick F1")
    assert pl.crane_state[corner] == CRANE_OPEN and pl.coins == 2


def test_market_three_envoy_completing_an_area_gives_the_area_bonus():
    # Rules "3. Completed color area: If you complete a color area ... you gain an area bonus".
    state, p = ready(seed=4)
    pl = state.players[p]
    pl.tracks[MAR] = 2
    pl.ship = [tile(p, CC)]
    refresh(state)
    act(state, "build M A2")
    act(state, "step 3")
    act(state, "envoy 4:4")  # the one-space blue area of board 1A
    assert decision_kind(state) == "bonus"
    act(state, "bonus T")
    assert pl.tribunes == 1
