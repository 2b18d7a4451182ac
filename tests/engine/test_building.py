"""The building step: the building action (rules "Single or double building tiles - building with
builders, workers, and / or assistants"; DE "2. b) Bauaktion", "Einzelbauplättchen",
"Doppelbauplättchen") and the conversions (rules "Worker", "Assistant"; Appendix Merchant II,
Craftsman I and II; RULINGS "Conversions")."""

from __future__ import annotations

import pytest

from forum_trajanum.games.forum_trajanum.data import CORNERS, TEMPLES, cell_index, cell_name
from forum_trajanum.games.forum_trajanum.engine import (
    IllegalActionError,
    decision_kind,
    legal_actions,
)
from forum_trajanum.games.forum_trajanum.engine.actions import Build

from .helpers import act, build_step, legal_texts, refresh, tile, vacate


def builds(state):
    return [a for a in legal_actions(state) if isinstance(a, Build)]


def build_cells(state):
    return {a.cell_a for a in builds(state) if not a.is_double}


def free_state(seed=1):
    """Building step with A2, B2, A3 vacated (and whatever the draft vacated)."""
    state, p = build_step(seed=seed)
    vacate(state, p, "A2", "B2", "A3")
    return refresh(state), p


def test_single_gray_building_costs_one_builder():
    # Rules "Single building tiles a) 1 builder -> build a gray building, i.e., a single
    # library, basilica, market, or triumphal column" / DE "1 Baumeister -> baut ein graues
    # Gebäude".
    state, p = free_state()
    pl = state.players[p]
    assert builds(state) == []
    pl.builders = 1
    refresh(state)
    assert {a.a for a in builds(state)} == {"L", "S", "M", "C"}
    assert all(not a.is_double for a in builds(state))  # no worker: no double tile
    act(state, "build S A2")
    assert pl.builders == 0 and pl.buildings[cell_index("A2")] == "S"
    assert pl.tracks == [0, 1, 0]


def test_single_coloured_structure_needs_a_worker_of_its_colour():
    # Rules "Single building tiles b) 1 worker -> build a single colored structure in the
    # figure's color" / DE "1 Arbeiter -> baut ein einzelnes farbiges Bauwerk in seiner Farbe".
    state, p = free_state(seed=2)
    pl = state.players[p]
    pl.workers = [0, 1, 0, 0]  # one green worker
    refresh(state)
    assert {a.a for a in builds(state)} == {"G"}
    before = state.model_dump()
    with pytest.raises(IllegalActionError):
        act(state, "build B A2")
    assert state.model_dump() == before
    act(state, "build G A2")
    assert pl.workers == [0, 0, 0, 0] and pl.buildings[cell_index("A2")] == "G"


def test_worker_plus_assistant_builds_any_colour_by_recolouring_first():
    # Rules "Single building tiles c) 1 worker + 1 assistant build a single colored structure of
    # any color" / DE "1 Arbeiter + 1 Assistent"; RULINGS: the assistant recolours the worker in
    # the building step before the building action.
    state, p = free_state(seed=3)
    pl = state.players[p]
    pl.workers = [0, 1, 0, 0]
    pl.assistants = 1
    refresh(state)
    assert legal_texts(state) >= {"convert recolour G B", "convert recolour G Y"}
    act(state, "convert recolour G R")
    assert pl.workers == [0, 0, 0, 1] and pl.assistants == 0
    act(state, "build R A2")
    assert pl.workers == [0, 0, 0, 0]


def test_two_workers_of_one_colour_make_a_builder():
    # Rules "Worker: ... Or you can change 2 workers of the same color into 1 builder" /
    # DE "2 gleichfarbige Arbeiter in einen Baumeister tauschen".
    state, p = free_state(seed=4)
    pl = state.players[p]
    pl.workers = [1, 1, 1, 1]
    refresh(state)
    assert not any(a.kind == "convert" and a.method == "pair" for a in legal_actions(state))
    pl.workers = [0, 0, 2, 1]
    refresh(state)
    pairs = {str(a) for a in legal_actions(state) if a.kind == "convert" and a.method == "pair"}
    assert pairs == {"convert pair Y"}
    act(state, "convert pair Y")
    assert pl.workers == [0, 0, 0, 1] and pl.builders == 1


def test_double_gray_and_coloured_costs_a_builder_and_a_worker():
    # Rules "Double building tiles a) For 1 gray building and 1 colored structure: 1 builder +
    # 1 colored worker" / DE "Doppelbauplättchen a)".
    state, p = free_state(seed=5)
    pl = state.players[p]
    pl.builders, pl.workers = 1, [0, 1, 0, 0]
    refresh(state)
    texts = legal_texts(state)
    assert "build C A2 G B2" in texts and "build C B2 G A2" in texts  # either order
    assert "build C A2 G A3" in texts  # vertical neighbours too
    assert not any(a.is_double and {a.cell_a, a.cell_b} == {"B2", "A3"} for a in builds(state))
    act(state, "build C A2 G B2")
    assert pl.builders == 0 and pl.workers == [0, 0, 0, 0]
    assert pl.buildings[cell_index("A2")] == "C" and pl.buildings[cell_index("B2")] == "G"
    # one physical tile covers both spaces
    assert pl.building_tile[cell_index("A2")] == pl.building_tile[cell_index("B2")] >= 0
    assert decision_kind(state) == "first"  # the player orders the two benefits


def test_double_same_colour_needs_two_workers_of_that_colour():
    # Rules "Double building tiles b) For 2 structures of the same color: 2 workers of the same
    # color" / DE "Doppelbauplättchen b)".
    state, p = free_state(seed=6)
    pl = state.players[p]
    pl.workers = [1, 0, 0, 1]
    refresh(state)
    assert not any(a.is_double for a in builds(state))
    pl.workers = [2, 0, 0, 1]
    refresh(state)
    doubles = {(a.a, a.b) for a in builds(state) if a.is_double}
    assert doubles == {("B", "B")}
    act(state, "build B A2 B B2")
    assert pl.workers == [0, 0, 0, 1]
    assert pl.buildings[cell_index("A2")] == pl.buildings[cell_index("B2")] == "B"


def test_only_on_vacated_spaces_never_on_temples_or_cranes():
    # Rules "Building tiles can only be placed on vacated spaces ... The 4 spaces ... on which you
    # can already see temples may not be overbuilt"; "Construction cranes - no matter which side
    # is facing up - may never be overbuilt" / DE "nur auf frei gewordene Felder", "Baukräne ...
    # dürfen nie überbaut werden".
    state, p = free_state(seed=7)
    pl = state.players[p]
    vacate(state, p, "A1", "F1", "A6", "F6")
    pl.builders = 1
    refresh(state)
    free = {cell_name(i) for i in range(36) if pl.grid[i] < 0 and not pl.buildings[i]}
    allowed = free - {cell_name(c) for c in CORNERS} - {cell_name(t) for t in TEMPLES}
    assert build_cells(state) == allowed
    assert {"A2", "B2", "A3"} <= build_cells(state)
    for name in ("A1", "C2", "E3"):
        with pytest.raises(IllegalActionError):
            act(state, f"build L {name}")
    act(state, "build L A3")
    assert "A3" not in {a.cell_a for a in builds(state)}  # and never on a building


def test_one_building_action_per_turn():
    # Rules "you may place 1 building tile per turn" / DE "1 Bauplättchen pro Zug".
    state, p = free_state(seed=8)
    pl = state.players[p]
    pl.builders = 2
    refresh(state)
    act(state, "build C A2")
    assert decision_kind(state) == "build"
    assert builds(state) == [] and "end" in legal_texts(state)
    act(state, "end")
    assert decision_kind(state) != "build" or state.tasks[-1].player != p


def test_craftsman_one_twice_per_turn():
    # Appendix "Craftsman I - Twice per turn, you may exchange 1 assistant for 1 worker of any
    # color" / DE "Handwerker I - Zweimal pro Zug".
    state, p = free_state(seed=9)
    pl = state.players[p]
    pl.assistants = 3
    refresh(state)
    assert not any(a.kind == "convert" and a.method == "craftsman1" for a in legal_actions(state))
    pl.citizens[4][0] = tile(p, 2)
    pl.row_active[4] = True
    refresh(state)
    act(state, "convert craftsman1 R")
    act(state, "convert craftsman1 B")
    assert pl.workers == [1, 0, 0, 1] and pl.assistants == 1
    assert not any(a.kind == "convert" and a.method == "craftsman1" for a in legal_actions(state))


def test_craftsman_two_once_per_turn_and_only_when_active():
    # Appendix "Craftsman II - Once per turn, you may exchange 1 assistant for 1 builder";
    # "Inactive citizens": an inactive citizen "is of no use" / DE "Handwerker II".
    state, p = free_state(seed=10)
    pl = state.players[p]
    pl.assistants = 2
    pl.citizens[5][0] = tile(p, 2)
    pl.row_active[5] = False
    refresh(state)
    assert "convert craftsman2" not in legal_texts(state)
    pl.row_active[5] = True
    refresh(state)
    act(state, "convert craftsman2")
    assert pl.builders == 1 and pl.assistants == 1
    assert "convert craftsman2" not in legal_texts(state)


def test_merchant_two_once_per_turn_feeds_craftsman_two():
    # Appendix "Merchant II - Once per turn in your building phase, you may exchange 1 resource
    # coin, Tribune, or assistant for another. Note: An assistant that you received through such
    # an exchange can ... be turned by a craftsman into a builder" / DE "Händler II".
    state, p = free_state(seed=11)
    pl = state.players[p]
    pl.coins = 2
    pl.citizens[3][0] = tile(p, 1)
    pl.citizens[5][0] = tile(p, 2)
    pl.row_active[3] = pl.row_active[5] = True
    refresh(state)
    assert legal_texts(state) >= {"convert merchant2 $ T", "convert merchant2 $ A"}
    assert "convert merchant2 T $" not in legal_texts(state)  # no tribune to give
    act(state, "convert merchant2 $ A")
    assert (pl.coins, pl.assistants) == (1, 1)
    assert not any(a.kind == "convert" and a.method == "merchant2" for a in legal_actions(state))
    act(state, "convert craftsman2")
    assert pl.builders == 1 and pl.assistants == 0


def test_the_double_build_resources_of_the_rulebook_example():
    # Rules "Example: Tom gives up 1 blue and 1 green worker plus 1 assistant in order to build
    # a blue double building tile" / DE Beispiel (orange double tile).
    state, p = free_state(seed=12)
    pl = state.players[p]
    pl.workers = [1, 1, 0, 0]
    pl.assistants = 1
    refresh(state)
    assert not any(a.is_double for a in builds(state))
    act(state, "convert recolour G B")
    act(state, "build B A2 B A3")
    assert pl.workers == [0, 0, 0, 0] and pl.assistants == 0


def test_second_citizen_does_not_double_the_ability():
    # Appendix "Second citizen (on the right) ... increases the victory point multiplier to 3
    # ... but it does not double the special ability" / DE "verdoppelt nicht die
    # Spezialfähigkeit".
    state, p = free_state(seed=13)
    pl = state.players[p]
    pl.assistants = 5
    pl.citizens[4] = [tile(p, 2), tile(p, 5)]
    pl.citizens[5] = [tile(1 - p, 2), tile(1 - p, 5)]
    pl.row_active[4] = pl.row_active[5] = True
    refresh(state)
    act(state, "convert craftsman1 G")
    act(state, "convert craftsman1 G")
    act(state, "convert craftsman2")
    texts = legal_texts(state)
    assert not any(t.startswith(("convert craftsman1", "convert craftsman2")) for t in texts)
    assert pl.workers == [0, 2, 0, 0] and pl.builders == 1 and pl.assistants == 2
