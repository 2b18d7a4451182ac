"""Envoys on the Forum (rules "Benefit for colored structures - Placing 1 or 2 envoys on the
Forum square", "Eagle spaces"; Appendix Patrician I a) and II; DE "Prämien für farbige
Bauwerke", "Adlerfelder", "Patrizier I/II").

The Forum is fixed to boards 1A, 2A, 3A (2 players, in a row). From components.md, by hand:
blue cells (1-based row:col) are 1:1 1:2 2:1 (one area), 4:4 (an area of one), 1:7 1:8 2:8
1:9 2:9 3:9 (one area across boards 2A and 3A) and 4:11 4:12 (one area).
"""

from __future__ import annotations

import pytest

from forum_trajanum.games.forum_trajanum.data import AREA_BONUSES
from forum_trajanum.games.forum_trajanum.engine import decision_kind, legal_actions, view
from forum_trajanum.games.forum_trajanum.engine import tasks as T
from forum_trajanum.games.forum_trajanum.engine.forum import AreaRule, area_rule, forum_geometry

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

BLUE = {"1:1", "1:2", "2:1", "4:4", "1:7", "1:8", "2:8", "1:9", "2:9", "3:9", "4:11", "4:12"}


def at(state, rc: str) -> int:
    r, c = map(int, rc.split(":"))
    return forum_geometry(state).index[(r - 1, c - 1)]


def envoy_targets(state):
    return {str(a)[6:] for a in legal_actions(state) if a.kind == "envoy" and not a.declined}


def forum_ready(seed=1, ship=2, workers=(1, 0, 0, 0)):
    state, p = build_step(seed=seed)
    vacate(state, p, "A2", "B2", "A3")
    use_printed_boards(state, "1A", "2A", "3A")
    pl = state.players[p]
    pl.workers = list(workers)
    pl.ship = [tile(p, CC + i) for i in range(ship)]
    return refresh(state), p


def test_envoy_on_a_free_space_of_the_built_colour():
    # Rules "Benefit for colored structures ... place the tile on an unoccupied mosaic space of
    # the Forum square - a space that has the same color as the just-built structure"; "1. Empty
    # color area: ... you can place your envoy on any mosaic space in this color".
    state, p = forum_ready()
    pl = state.players[p]
    act(state, "build B A2")
    assert decision_kind(state) == "envoy"
    assert envoy_targets(state) == BLUE
    assert "envoy none" in legal_texts(state)  # RULINGS: placing is optional
    envoy = pl.ship[-1]
    act(state, "envoy 2:8")
    assert state.forum[at(state, "2:8")] == envoy and len(pl.ship) == 1


def test_started_colour_area_must_be_used():
    # Rules "2. Started color area: If there are already one or more envoys (no matter whose)
    # lying in a color area that has not yet been completed ... you are required to place your
    # envoy in this color area, too" / DE "2. Begonnenes Farbfeld".
    state, p = forum_ready(seed=2)
    state.forum[at(state, "1:1")] = tile(1 - p, CC)
    refresh(state)
    act(state, "build B A2")
    assert envoy_targets(state) == {"1:2", "2:1"}


def test_two_started_areas_allow_either():
    # Rules "2. Started color area" ("one or more envoys ... in a color area").
    state, p = forum_ready(seed=3)
    state.forum[at(state, "1:1")] = tile(1 - p, CC)
    state.forum[at(state, "3:9")] = tile(1 - p, CC + 1)
    refresh(state)
    act(state, "build B A2")
    assert envoy_targets(state) == {"1:2", "2:1", "1:7", "1:8", "2:8", "1:9", "2:9"}


def patrician_one_beside_a_started_blue_area():
    """A player with Patrician I active builds a blue fountain while the other player's envoy
    has started the blue area at 1:1 (1:1, 1:2, 2:1): the envoy's decision is next."""
    state, p = forum_ready(seed=4)
    pl = state.players[p]
    pl.citizens[0][0] = tile(p, 0)
    pl.row_active[0] = True
    state.forum[at(state, "1:1")] = tile(1 - p, CC)
    refresh(state)
    act(state, "build B A2")
    return state, p


def test_patrician_one_may_open_a_new_area():
    # Appendix "Patrician I - a) You may ignore the color placement restriction ... you may
    # start a new color area of your choice in the color you have just built" / DE
    # "Patrizier I a)".
    state, _p = patrician_one_beside_a_started_blue_area()
    assert envoy_targets(state) == BLUE - {"1:1"}


def test_completing_an_area_gives_an_area_bonus():
    # Rules "3. Completed color area: If you complete a color area ... you gain an area bonus of
    # your choice ... 1 Tribune or 1 assistant or 1 coin or 1 upgrade or 2 victory points" /
    # DE "3. Komplettiertes Farbfeld".
    state, p = forum_ready(seed=5)
    pl = state.players[p]
    state.forum[at(state, "1:1")] = tile(1 - p, CC)
    state.forum[at(state, "1:2")] = tile(1 - p, CC + 1)
    refresh(state)
    act(state, "build B A2")
    assert envoy_targets(state) == {"2:1"}
    act(state, "envoy 2:1")
    assert decision_kind(state) == "bonus"
    assert legal_texts(state) == {f"bonus {b}" for b in AREA_BONUSES}
    act(state, "bonus U")
    assert pl.prestige == 1


def test_completing_an_area_with_patrician_two_gives_two_different_bonuses():
    # Appendix "Patrician II - You may choose not only 1, but 2 different area bonuses ... if you
    # complete a color area" / DE "Patrizier II".
    state, p = forum_ready(seed=6)
    pl = state.players[p]
    pl.citizens[1][0] = tile(p, 0)
    pl.row_active[1] = True
    refresh(state)
    act(state, "build B A2")
    act(state, "envoy 4:4")  # an area of one space: completed at once
    assert decision_kind(state) == "bonus"
    options = {a.bonuses for a in legal_actions(state)}
    assert len(options) == 10 and all(len(set(o)) == 2 for o in options)
    act(state, "bonus $V")
    assert pl.coins == 1 and pl.score == 2 and pl.points["bonus"] == 2


def test_double_structure_tile_sends_two_envoys_each_under_the_rule_as_it_stands():
    # Rules "Placing 1 or 2 envoys"; components.md: "Each double tile of two coloured
    # structures sends 2 envoys (one after the other, each placed under the rule as it then
    # stands)".
    state, p = forum_ready(seed=7, workers=(2, 0, 0, 0))
    pl = state.players[p]
    act(state, "build B A2 B B2")
    assert envoy_targets(state) == BLUE
    act(state, "envoy 4:11")
    assert decision_kind(state) == "envoy"
    assert envoy_targets(state) == {"4:12"}  # the area just started must be continued
    act(state, "envoy 4:12")
    assert pl.ship == []
    assert decision_kind(state) == "bonus"  # the second envoy completed the area


def test_no_envoy_on_the_ship_no_benefit():
    # Rules "Note: If you have no envoys left ... you may nonetheless build colored structures
    # ... but you won't receive a benefit" / DE "Hinweis: Wenn ihr keine Gesandten mehr habt".
    state, p = forum_ready(seed=8, ship=0)
    act(state, "build B A2")
    assert decision_kind(state) == "build"
    assert state.players[p].buildings[6] == "B"
    assert all(t == -1 for t in state.forum)


def test_gray_and_coloured_double_benefits_in_chosen_order():
    # Rules "As soon as you have built a building tile ... you receive the associated building
    # benefit"; components.md: "A gray+coloured double tile resolves its two benefits in the
    # order the player chooses".
    state, p = forum_ready(seed=9)
    pl = state.players[p]
    pl.builders = 1
    refresh(state)
    act(state, "build M A2 B B2")
    assert legal_texts(state) == {"first gray", "first colour"}
    act(state, "first colour")
    assert decision_kind(state) == "envoy"
    act(state, "envoy 4:4")
    act(state, "bonus $")
    assert decision_kind(state) == "step"
    act(state, "step 1")
    assert pl.coins == 2


def test_full_colour_gives_no_envoy():
    # Rules "place the tile on an unoccupied mosaic space ... that has the same color".
    state, p = forum_ready(seed=10)
    for rc in BLUE:
        state.forum[at(state, rc)] = tile(1 - p, CC)
    refresh(state)
    act(state, "build B A2")
    assert decision_kind(state) == "build"


@pytest.mark.parametrize("placed", [["1:1"], ["1:1", "1:2", "2:1"]])
def test_completed_area_does_not_bind(placed):
    # Rules "2. Started color area ... that has not yet been completed".
    state, p = forum_ready(seed=11)
    for rc in placed:
        state.forum[at(state, rc)] = tile(1 - p, CC)
    refresh(state)
    act(state, "build B A2")
    if len(placed) == 1:
        assert envoy_targets(state) == {"1:2", "2:1"}
    else:
        assert envoy_targets(state) == BLUE - set(placed)


# --- What the colour-area rule says, from the placing player's view ------------------------


def rule_now(state, p):
    """The colour-area rule for ``p``'s envoy decision, as ``p``'s view tells it, with each
    area as its set of cells (1-based row:col)."""
    shown = view(state, p)
    rule = area_rule(shown)
    names = [f"{r + 1}:{c + 1}" for r, c in shown.forum_coords]
    return rule, [{names[i] for i in area} for area in rule.areas]


def test_the_rule_names_the_started_area_it_sends_the_envoy_to_with_its_full_spaces():
    # Rules "2. Started color area: If there are already one or more envoys (no matter whose)
    # lying in a color area that has not yet been completed ..., you are required to place
    # your envoy in this color area, too" / DE "2. Begonnenes Farbfeld": the area is the
    # one the envoy must go to, its occupied space included.
    state, p = forum_ready(seed=2)
    state.forum[at(state, "1:1")] = tile(1 - p, CC)
    refresh(state)
    act(state, "build B A2")
    rule, areas = rule_now(state, p)
    assert areas == [{"1:1", "1:2", "2:1"}]
    assert rule.colours == "B" and not rule.waived and not rule.ignored
    assert envoy_targets(state) == areas[0] - {"1:1"}  # the same cells the engine allows


def test_the_rule_names_no_area_while_none_of_the_colour_is_started_or_one_is_full():
    # Rules "1. Empty color area: If no color area has been started in a specific color, you
    # can place your envoy on any mosaic space in this color"; a completed area binds nobody.
    state, p = forum_ready(seed=11)
    for rc in ("1:1", "1:2", "2:1"):
        state.forum[at(state, rc)] = tile(1 - p, CC)
    refresh(state)
    act(state, "build B A2")
    rule, areas = rule_now(state, p)
    assert areas == [] and rule.colours == "B"
    assert envoy_targets(state) == BLUE - {"1:1", "1:2", "2:1"}


def test_with_patrician_one_the_rule_still_shows_the_area_but_is_waived():
    # Appendix "Patrician I - a) You may ignore the color placement restriction" / DE
    # "Patrizier I a)".
    state, p = patrician_one_beside_a_started_blue_area()
    rule, areas = rule_now(state, p)
    assert areas == [{"1:1", "1:2", "2:1"}] and rule.waived


def test_the_markets_free_envoy_is_not_under_the_rule():
    # Rules "3. Market: Place 1 of your envoys on any colored space in the Forum
    # (independent from the color placement rule)" / DE "3. Markt".
    state, p = forum_ready(seed=12)
    state.forum[at(state, "1:1")] = tile(1 - p, CC)
    push_decision(state, T.Envoy(p, "free"))
    rule, areas = rule_now(state, p)
    assert rule.ignored and areas == []


def test_no_envoy_decision_no_rule():
    state, p = forum_ready(seed=13)
    assert area_rule(view(state, p)) == AreaRule()
