"""Trajan cards (rules "Trajan scoring", "Notes regarding the Trajan cards"; the cards are listed
only in the German rulebook: DE "4. Trajanwertung", "Erster/Zweiter/Dritter Durchgang",
"Anmerkung: Die Vorgaben müssen exakt erfüllt werden ... jedes Bauplättchen kann pro Wertung nur
Teil einer Kombination sein")."""

from __future__ import annotations

import pytest
from hypothesis import given, settings

from forum_trajanum.games.forum_trajanum.data import (
    CORNERS,
    TRAJAN_CARDS,
    TRAJAN_CARDS_BY_CYCLE,
    cell_index,
)
from forum_trajanum.games.forum_trajanum.engine import tasks as T
from forum_trajanum.games.forum_trajanum.engine import view
from forum_trajanum.games.forum_trajanum.engine.cards import (
    TRAJAN,
    TaskProgress,
    TrajanCard,
    building_task,
    collection_task,
    progress,
)
from forum_trajanum.games.forum_trajanum.engine.scoring import trajan_card_points
from forum_trajanum.games.forum_trajanum.engine.state import (
    CRANE_COVERED,
    CRANE_OPEN,
    CRANE_SCORED,
    TRAJAN_CARDS_KEY,
)

from .games import every, games, share
from .helpers import build_step, put_buildings, refresh, score_all_cranes, tile, vacate_all


def blank(seed=1):
    state, p = build_step(seed=seed)
    vacate_all(state, p)
    score_all_cranes(state, p)
    pl = state.players[p]
    pl.crane_state = [CRANE_OPEN] * 4  # uncovered, not yet scored
    return state, p, pl


# (card, layout that fulfils the building task once, the same shapes in a wrong orientation)
PATTERNS = [
    # DE I-1 "1 farbiges Bauwerk horizontal zwischen 2 grauen Gebäuden"
    ("I-1", {"B1": "L", "C1": "R", "D1": "S"}, {"B1": "L", "B2": "R", "B3": "S"}),
    # DE I-2 "über und unter einem Tempel je 1 beliebiges Bauplättchen" (temple C2)
    ("I-2", {"C1": "G", "C3": "M"}, {"B2": "G", "D2": "M"}),
    # DE I-3 "2 verschiedene graue Gebäude direkt untereinander"
    ("I-3", {"A2": "L", "A3": "C"}, {"A2": "L", "B2": "C"}),
    # DE II-1 "ein Quadrat aus 4 beliebigen Bauplättchen"
    ("II-1", {"A2": "L", "B2": "G", "A3": "R", "B3": "R"}, {"A2": "L", "B2": "G", "D2": "R"}),
    # DE II-2 "1 graues Gebäude vertikal zwischen 2 farbigen Bauwerken"
    ("II-2", {"A2": "G", "A3": "L", "A4": "R"}, {"A3": "G", "B3": "L", "C3": "R"}),
    # DE II-4 "1 farbiges Bauwerk vertikal zwischen 2 grauen Gebäuden"
    ("II-4", {"A2": "L", "A3": "Y", "A4": "L"}, {"A3": "L", "B3": "Y", "C3": "L"}),
    # DE III-1 "2 graue Gebäude vertikal zwischen 2 farbigen Bauwerken"
    (
        "III-1",
        {"A2": "G", "A3": "L", "A4": "S", "A5": "B"},
        {"A3": "G", "B3": "L", "C3": "S", "D3": "B"},
    ),
    # DE III-2 "direkt untereinander 3 verschiedenfarbige Bauwerke"
    ("III-2", {"F2": "B", "F3": "G", "F4": "R"}, {"A3": "B", "B3": "G", "C3": "R"}),
    # DE III-3 "die 4 Ecken eines Tempels mit farbigen Bauwerken umbaut" (temple C2)
    (
        "III-3",
        {"B1": "B", "D1": "G", "B3": "Y", "D3": "R"},
        {"C1": "B", "B2": "G", "D2": "Y", "C3": "R"},
    ),
    # DE III-4 "direkt untereinander 3 verschiedene graue Gebäude"
    ("III-4", {"F2": "L", "F3": "S", "F4": "M"}, {"A3": "L", "B3": "S", "C3": "M"}),
]


@pytest.mark.parametrize(("card", "good", "rotated"), PATTERNS)
def test_building_task_exact_orientation(card, good, rotated):
    # DE "Anmerkung: Die Vorgaben müssen exakt erfüllt werden, d.h. wenn eine senkrechte
    # Anordnung vorgegeben ist, muss sie auch in der Senkrechten erfüllt werden."
    state, p, pl = blank()
    put_buildings(state, p, good)
    assert building_task(card, pl) == 1
    state2, p2, pl2 = blank(seed=2)
    put_buildings(state2, p2, rotated)
    assert building_task(card, pl2) == 0


@pytest.mark.parametrize(
    ("card", "layout"),
    [
        ("I-1", {"B1": "L", "C1": "R", "D1": "L"}),  # same gray twice is fine: "2 grauen"
        ("I-3", {"A2": "L", "A3": "L"}),  # the two must differ
        ("II-2", {"A2": "G", "A3": "B", "A4": "R"}),  # the middle must be gray
        ("III-2", {"F2": "B", "F3": "G", "F4": "B"}),  # colours must differ
        ("III-3", {"B1": "B", "D1": "G", "B3": "Y", "D3": "L"}),  # a gray on a corner
        ("III-4", {"F2": "L", "F3": "S", "F4": "L"}),  # grays must differ
    ],
)
def test_building_task_details(card, layout):
    # DE card texts ("verschiedene", "graue", "farbige") read exactly.
    state, p, pl = blank()
    put_buildings(state, p, layout)
    assert building_task(card, pl) == (1 if card == "I-1" else 0)


def test_i4_crane_with_building_tiles_on_both_neighbours():
    # DE I-4 "1 Baukran (gewertet oder ungewertet) an beiden Seiten mit beliebigen Bauplättchen
    # umbaut"; RULINGS: a crane still covered by its Colonia tile shows no crane.
    state, p, pl = blank()
    put_buildings(state, p, {"B1": "L", "A2": "G", "E1": "S"})
    for crane_state in (CRANE_OPEN, CRANE_SCORED):
        pl.crane_state[0] = crane_state
        assert building_task("I-4", pl) == 1
    pl.crane_state[0] = CRANE_COVERED
    pl.grid[CORNERS[0]] = tile(p, 20)
    assert building_task("I-4", pl) == 0
    put_buildings(state, p, {"F2": "M"})  # F1 now has E1 and F2
    assert building_task("I-4", pl) == 1


def test_each_building_tile_counts_in_one_fulfilment_only():
    # DE "jedes Bauplättchen kann pro Wertung nur Teil einer Kombination sein"; RULINGS:
    # "count the largest number of fulfilments that share no building tile; the two halves of
    # one double tile are one tile"; rules "If you fulfill a task multiple times, you also
    # receive the points for that multiple times".
    state, p, pl = blank()
    put_buildings(state, p, {"A2": "L", "A3": "S", "A4": "L"})  # L-S and S-L share A3
    assert building_task("I-3", pl) == 1
    put_buildings(state, p, {"A5": "S"})  # now A2-A3 and A4-A5
    assert building_task("I-3", pl) == 2
    # two 2x2 squares, then joined by a double tile lying across both
    put_buildings(state, p, {"C3": "G", "D3": "G", "C4": "G", "D4": "G"})
    put_buildings(state, p, {"E1": "B", "D1": "B", "D2": "B", "E2": "B"})
    assert building_task("II-1", pl) == 2
    pl.building_tile[cell_index("D2")] = pl.building_tile[cell_index("D3")]
    assert building_task("II-1", pl) == 1


def test_ii3_counts_sets_of_all_four_colours():
    # DE II-3 "4 verschiedenfarbige Bauwerke (irgendwo in der Colonia)".
    state, p, pl = blank()
    put_buildings(state, p, {"B1": "B", "C1": "G", "D1": "Y", "E1": "R"})
    assert building_task("II-3", pl) == 1
    put_buildings(state, p, {"A2": "B", "B2": "G", "D2": "Y"})
    assert building_task("II-3", pl) == 1
    put_buildings(state, p, {"E2": "R"})
    assert building_task("II-3", pl) == 2


def set_citizens(pl, p, rows, active=True):
    for r in rows:
        pl.citizens[r][0] = tile(p, r // 2)
        pl.row_active[r] = active


# (card, fields set, fulfilments)
COLLECTIONS = [
    ("I-1", {"tribunes": 2, "coins": 3}, 2),  # DE "1 Tribun + 1 Geld"
    ("I-3", {"assistants": 5, "coins": 3}, 2),  # DE "2 Assistenten + 1 Geld"
    ("I-4", {"builders": 2, "workers": [1, 1, 0, 0], "assistants": 1}, 1),  # DE I-4
    ("I-4", {"builders": 2, "workers": [0, 3, 0, 0], "assistants": 2}, 2),
    ("II-1", {"assistants": 3, "coins": 5}, 2),  # DE "1 Assistent + 2 Geld"
    ("II-2", {"tribunes": 1, "builders": 2, "assistants": 2}, 1),  # DE II-2
    ("III-2", {"tribunes": 3, "builders": 3}, 0),  # DE "1 Siegessäule + 1 Tribun + 1 Baumeister"
]


@pytest.mark.parametrize(("card", "fields", "times"), COLLECTIONS)
def test_resource_collection_tasks(card, fields, times):
    # DE collection tasks; rules "You are not required to give up these resources".
    _state, _p, pl = blank()
    for name, value in fields.items():
        setattr(pl, name, value)
    assert collection_task(card, pl) == times
    assert {n: getattr(pl, n) for n in fields} == fields  # nothing is spent


def test_columns_and_cranes_and_markers_in_collection_tasks():
    # DE II-3 "1 Arbeiter + 2 Siegessäulen in der Colonia", III-2 "1 Siegessäule in der Colonia
    # + 1 Tribun + 1 Baumeister", II-4 / III-3 "2 gewertete Baukräne", III-4 "1 eigener
    # Forumsmarker auf dem Platz neben der Trajanssäule + 1 Assistent + 1 Geld".
    state, p, pl = blank()
    put_buildings(state, p, {"B1": "C", "C1": "C", "D1": "C"})
    pl.workers = [0, 0, 2, 0]
    pl.tribunes = pl.builders = 2
    assert collection_task("II-3", pl) == 1
    assert collection_task("III-2", pl) == 2
    pl.crane_state = [CRANE_SCORED, CRANE_SCORED, CRANE_SCORED, CRANE_OPEN]
    assert collection_task("III-3", pl) == 0  # 2 workers of one colour
    pl.workers = [1, 0, 2, 1]
    assert collection_task("III-3", pl) == 1  # 3 scored cranes: one pair only
    pl.crane_state = [CRANE_SCORED] * 4
    assert collection_task("III-3", pl) == 2
    pl.assistants, pl.coins = 2, 2
    assert collection_task("III-4", pl) == 0
    pl.tracks = [4, 0, 4]
    assert collection_task("III-4", pl) == 2
    pl.coins = 1
    assert collection_task("III-4", pl) == 1


def test_citizen_collection_tasks_count_active_citizens_by_class():
    # DE I-2 "2 aktive Bürger verschiedener Gesellschaftsschichten + 1 Gesandter auf dem
    # Schiff", II-4 "2 gewertete Baukräne + 2 aktive Bürger aus unterschiedlichen
    # Gesellschaftsschichten", III-1 "1 aktiver Bürger in jeder Gesellschaftsschicht".
    _state, p, pl = blank()
    pl.ship = [tile(p, 20)]
    set_citizens(pl, p, [0, 1])  # two patricians
    assert collection_task("I-2", pl) == 0
    set_citizens(pl, p, [2])  # a merchant
    assert collection_task("I-2", pl) == 1
    assert collection_task("III-1", pl) == 0
    set_citizens(pl, p, [4], active=False)  # an inactive craftsman does not count
    assert collection_task("III-1", pl) == 0
    pl.row_active[4] = True
    assert collection_task("III-1", pl) == 1
    pl.crane_state = [CRANE_SCORED, CRANE_SCORED, CRANE_OPEN, CRANE_OPEN]
    assert collection_task("II-4", pl) == 1
    pl.ship.append(tile(p, 21))
    assert collection_task("I-2", pl) == 2  # P+M and P+C


@pytest.mark.parametrize(("k", "value"), [(0, 3), (2, 3), (3, 5), (5, 5), (6, 7), (8, 7)])
def test_trajan_points_per_task_by_slide_bar(k, value):
    # Rules "For completed tasks, you earn 3, 5, or 7 victory points ... If you fulfill both
    # tasks, you receive double the points" / DE "3, 5 oder 7 Siegpunkte".
    state, p, pl = blank()
    state.trajan_cards = ["I-1", "II-1", "III-1"]
    put_buildings(state, p, {"B1": "L", "C1": "R", "D1": "S"})
    pl.tribunes = pl.coins = 1
    pl.prestige = k
    assert trajan_card_points(state, pl, 1) == (1, 1, 2 * value)
    assert trajan_card_points(state, pl, 2)[2] == 0


def test_no_trajan_points_without_a_card():
    # Rules "Trajan scoring in the introductory game: only one Trajan scoring".
    state, p, pl = blank()
    state.trajan_cards = ["", "", "III-4"]
    put_buildings(state, p, {"B1": "L", "C1": "R", "D1": "S"})
    assert trajan_card_points(state, pl, 1) == (0, 0, 0)


def test_cycle_scoring_uses_the_card_of_that_cycle():
    # Rules "Setup" 9: one Trajan card per cycle, laid beside its pile; "Trajan scoring ... the
    # Trajan card specifies for the current cycle" / DE "die Trajankarte des aktuellen
    # Durchgangs".
    state, p, _pl = blank()
    state.trajan_cards = ["I-1", "II-1", "III-1"]
    put_buildings(state, p, {"B1": "L", "C1": "R", "D1": "S"})  # fulfils I-1 only
    state.cycle, state.round = 1, 4
    state.tasks = [T.Scoring()]
    refresh(state)
    assert state.scorings[0][p][TRAJAN_CARDS_KEY] == 3
    state.cycle = 2
    state.tasks = [T.Scoring()]
    refresh(state)
    assert state.scorings[1][p][TRAJAN_CARDS_KEY] == 0


def test_every_card_of_every_cycle_has_one_registry_entry_with_both_checks():
    # Rules "Setup" 9 / DE "Erster/Zweiter/Dritter Durchgang": four Trajan cards per cycle;
    # each card has a building task and a collection task.
    assert [len(cards) for cards in TRAJAN_CARDS_BY_CYCLE] == [4, 4, 4]
    assert set(TRAJAN) == set(TRAJAN_CARDS)  # no card without checks, no checks without texts
    _state, _p, pl = blank()  # an empty Colonia and no supply fulfils nothing
    for cycle, cards in enumerate(TRAJAN_CARDS_BY_CYCLE, start=1):
        for card_id in cards:
            card = TRAJAN[card_id]
            assert (card.id, card.cycle) == (card_id, cycle)
            assert (card.building_text, card.collection_text) == TRAJAN_CARDS[card_id]
            assert (card.building(pl), card.collection(pl)) == (0, 0)


def _none(pl) -> int:
    return 0


def test_the_registry_refuses_a_second_card_with_the_same_id():
    first = TRAJAN["II-3"]
    twin = TrajanCard("II-3", 2, "another task", "another collection", _none, _none)
    with pytest.raises(ValueError, match="II-3 is registered twice"):
        TRAJAN.add(twin)
    assert TRAJAN["II-3"] is first
    assert len(TRAJAN) == len(TRAJAN_CARDS)


# --- Where a player stands with a card now, and what is missing (the Trajan cards dialog) ----


def standing(state, p, card):
    """(building, collection) progress of ``card`` for ``p``'s Colonia as ``p``'s view shows
    it."""
    return progress(card, view(state, p).colonias[p])


def test_a_collection_task_says_which_resources_are_missing():
    # DE I-1 "1 Tribun + 1 Geld"; rules "You are not required to give up these resources":
    # the task is met as soon as both lie in the supply.
    state, p, pl = blank()
    pl.tribunes, pl.coins = 1, 0
    _building, collection = standing(state, p, "I-1")
    assert collection == TaskProgress(0, ("1 coin",))
    pl.coins = 2
    assert standing(state, p, "I-1")[1] == TaskProgress(1, ())


def test_a_collection_task_counts_what_is_missing_of_each_need():
    # DE II-1 "1 Assistent + 2 Geld", III-1 "1 aktiver Bürger in jeder Gesellschaftsschicht".
    state, p, pl = blank()
    pl.assistants, pl.coins = 0, 1
    assert standing(state, p, "II-1")[1].missing == ("1 assistant", "1 coin")
    set_citizens(pl, p, [2])  # an active merchant only
    assert standing(state, p, "III-1")[1].missing == ("1 active patrician", "1 active craftsman")


def test_a_building_task_names_the_building_and_the_space_it_still_needs():
    # DE I-1 "1 farbiges Bauwerk horizontal zwischen 2 grauen Gebäuden": with a library on B1
    # and a house on C1 the nearest pattern lacks a gray building on D1. The pattern may lie
    # anywhere: D1 is named as the nearest place, not as the rule (issue 36, item 12).
    state, p, pl = blank()
    put_buildings(state, p, {"B1": "L", "C1": "R"})
    building, _ = standing(state, p, "I-1")
    assert building == TaskProgress(0, ("a gray building", "anywhere it fits, e.g. on D1"))
    pl.grid[cell_index("D1")] = tile(p, 20)  # a Colonia tile still lies on D1
    assert standing(state, p, "I-1")[0].missing == (
        "a gray building",
        "anywhere it fits, e.g. on D1 (a Colonia tile still lies there)",
    )
    put_buildings(state, p, {"D1": "M"})
    assert standing(state, p, "I-1")[0] == TaskProgress(1, ())


def test_a_building_task_of_different_buildings_says_which_kinds_are_taken():
    # DE III-4 "direkt untereinander 3 verschiedene graue Gebäude".
    state, p, _pl = blank()
    put_buildings(state, p, {"F2": "L", "F3": "S"})
    building, _ = standing(state, p, "III-4")
    assert building.missing == (
        "a gray building (not library, basilica)",
        "anywhere it fits, e.g. on F4",
    )


def test_the_crane_task_says_to_uncover_the_crane_and_to_build_beside_it():
    # DE I-4 "1 Baukran (gewertet oder ungewertet) an beiden Seiten mit beliebigen
    # Bauplättchen umbaut"; RULINGS: a crane still covered shows no crane.
    state, p, pl = blank()
    pl.crane_state = [CRANE_COVERED] * 4
    for corner in CORNERS:
        pl.grid[corner] = tile(p, 20 + CORNERS.index(corner))
    put_buildings(state, p, {"E1": "S", "F2": "G"})
    building, _ = standing(state, p, "I-4")
    assert building.missing == ("the crane at F1 uncovered (take its tile)",)


def test_all_four_colours_names_the_missing_colours():
    # DE II-3 "4 verschiedenfarbige Bauwerke (irgendwo in der Colonia)".
    state, p, _pl = blank()
    put_buildings(state, p, {"B1": "B", "C1": "G"})
    assert standing(state, p, "II-3")[0].missing == (
        "a yellow (Y) structure",
        "a red (R) structure",
    )


def progress_agrees_with_scoring(step) -> None:
    state, p = step.state, step.actor
    shown = view(state, p).colonias[p]
    pl = state.players[p]
    for card in TRAJAN:
        building, collection = progress(card, shown)
        assert building.times == building_task(card, pl), card
        assert collection.times == collection_task(card, pl), card
        for task in (building, collection):
            assert bool(task.missing) == (task.times == 0), (card, task)


@settings(max_examples=share(0.5))
@given(games(checks=[every(5, progress_agrees_with_scoring)]))
def test_what_the_view_says_of_a_card_is_what_the_scoring_would_count(game):
    # Rules "Trajan scoring": the dialog counts from the view exactly what the scoring would
    # count from the state, for every card (checked along random games), and names something
    # missing exactly when a task is not met.
    assert len(game.state.scorings) == 3
