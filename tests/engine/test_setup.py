"""Setup (rules "Setup", game board 1-10 and player boards 1-7; DE "Spielvorbereitung"), the
side-B street grids and the mixed-groups handicap ("Spielen in gemischten Gruppen")."""

from __future__ import annotations

from collections import Counter

import pytest

from forum_trajanum.games.forum_trajanum.data import (
    BUILDING_SPACES,
    CITIZEN_KINDS,
    CLASS_ROWS,
    CORNERS,
    FORUM_LAYOUTS,
    MOSAIC_FACES,
    STREET_SYMBOLS,
    TEMPLES,
    TILE_KINDS_PER_PLAYER,
    TRAJAN_CARDS_BY_CYCLE,
    cell_index,
    street_cells,
)
from forum_trajanum.games.forum_trajanum.engine import (
    GameError,
    decision_kind,
    legal_actions,
    new_game,
)
from forum_trajanum.games.forum_trajanum.engine.forum import forum_geometry
from forum_trajanum.games.forum_trajanum.engine.rules import current_player
from forum_trajanum.games.forum_trajanum.engine.state import CRANE_COVERED, CRANE_OPEN, tile_kind
from tests.engine.invariants import check_invariants

from .helpers import act, drafted_game, legal_texts, play_first_until, refresh


def test_first_decision_is_crane_colours_any_arrangement():
    # Rules "Setup", player boards 3: "Place the 4 different-colored construction crane tiles in
    # the 4 corners ... it's your choice what color to place where" / DE Baukranplättchen.
    state = new_game(3, players=2)
    assert decision_kind(state) == "setup_cranes"
    texts = legal_texts(state)
    assert len(texts) == 24  # every permutation of the four colours
    act(state, "cranes GRYB")
    assert state.players[0].cranes == ["G", "R", "Y", "B"]  # corners A1, F1, A6, F6
    assert state.players[0].crane_state == [CRANE_COVERED] * 4


def test_drawn_female_citizen_goes_left_in_a_row_of_its_class():
    # Rules "Setup", player boards 4: "Lay the tile face up onto the left space of one of the two
    # applicable rows" / DE "auf das linke Feld in eine der beiden entsprechenden Zeilen".
    for seed in range(6):
        state = new_game(seed, players=2)
        act(state, "cranes BGYR")
        pl = state.players[0]
        cls = CITIZEN_KINDS[TILE_KINDS_PER_PLAYER[pl.female]]
        rows = CLASS_ROWS[cls]
        assert legal_texts(state) == {f"row {r + 1}" for r in rows}
        act(state, f"row {rows[1] + 1}")
        assert pl.citizens[rows[1]] == [pl.female, -1]
        assert pl.row_active[rows[1]]
        assert pl.active_citizens() == 1
        # Merchant I flips the slide bar when activated (Appendix, Merchant I a)
        assert pl.flipped == (rows[1] == 2)


@pytest.mark.parametrize(("diagonal", "corners"), [("main", ("A1", "F6")), ("anti", ("F1", "A6"))])
@pytest.mark.parametrize("swap", [False, True])
def test_player_chooses_the_diagonal_and_which_citizen_lies_on_which_corner(
    diagonal, corners, swap
):
    # Rules "Setup", player boards 4: "Place the 2 remaining tiles face up in any two diagonally
    # opposite corners" / DE "zwei beliebige einander diagonal gegenüberliegende Ecken";
    # components.md "Colonia tiles": the player's choice of the diagonal and of which tile lies
    # on which of its corners.
    state = new_game(5, players=2)
    act(state, "cranes BGYR")
    act(state, str(legal_actions(state)[0]))
    assert decision_kind(state) == "setup_diagonal"
    pl = state.players[0]
    others = [TILE_KINDS_PER_PLAYER[i] for i in (0, 1, 2) if i != pl.female]
    offered = {str(a) for a in legal_actions(state)}
    assert offered == {
        f"diagonal {d} {a} {b}" for d in ("main", "anti") for a, b in (others, others[::-1])
    }
    first, second = others[::-1] if swap else others
    act(state, f"diagonal {diagonal} {first} {second}")
    assert [tile_kind(pl.grid[cell_index(c)]) for c in corners] == [first, second]
    assert {pl.grid[cell_index(c)] % 34 for c in corners} == {0, 1, 2} - {pl.female}


def test_deal_28_face_down_2_face_up_corners_1_river():
    # Rules "Setup", player boards 5-6: one tile on each space except the 4 temples, the two
    # free cranes get face-up tiles, one tile is left for the river / DE Schritte 5 und 6.
    state = drafted_game(seed=8, players=3)
    for p, pl in enumerate(state.players):
        base = 34 * p
        assert all(pl.grid[t] == -1 for t in TEMPLES)
        # the draft has not taken anything yet for players after the first
        if p != current_player(state):
            assert all(pl.grid[c] >= 0 for c in BUILDING_SPACES)
        assert all(pl.grid[c] >= 0 for c in CORNERS)
        assert pl.river >= 0
        tiles = [t for t in pl.grid if t >= 0] + [pl.river] + [t for r in pl.citizens for t in r]
        tiles = [t for t in tiles if t >= 0]
        assert len(tiles) == 34 and set(tiles) == set(range(base, base + 34))
        assert Counter(tile_kind(t) for t in tiles) == Counter(TILE_KINDS_PER_PLAYER)
    assert check_invariants(state) == []


def test_starting_resources_and_distinct_worker_colours():
    # Rules "Setup", player boards 7: 1 tribune, 1 builder, 1 assistant, 1 coin and one worker
    # of each colour randomly assigned, one per player / DE Startressourcen.
    for seed in range(10):
        state = new_game(seed, players=4)
        colours = []
        for pl in state.players:
            assert (pl.tribunes, pl.builders, pl.assistants, pl.coins) == (1, 1, 1, 1)
            assert sum(pl.workers) == 1
            colours.append(pl.workers.index(1))
            assert pl.score == 0 and pl.prestige == 0 and not pl.flipped
        assert len(set(colours)) == 4


def test_three_piles_of_eight_street_cards():
    # Rules "Setup", game board 2: "form 3 face-down draw piles of 8 cards each" (24 cards, the
    # 12 street symbols twice) / DE "3 verdeckte Nachziehstapel mit je 8 Karten".
    state = new_game(11, players=2)
    assert [len(p) for p in state.piles] == [8, 8, 8]
    cards = Counter(c for pile in state.piles for c in pile)
    assert cards == Counter({s: 2 for s in range(len(STREET_SYMBOLS))})


def test_one_trajan_card_per_cycle_and_introductory_card_from_pile_three():
    # Rules "Setup", game board 9 and "Attention! ... use only 1 Trajan card in the
    # introductory game ... pick one card from pile III" / DE "Kennenlernpartie".
    seen = set()
    for seed in range(20):
        state = new_game(seed, players=2)
        cards = state.trajan_cards
        assert [c in TRAJAN_CARDS_BY_CYCLE[i] for i, c in enumerate(cards)] == [True] * 3
        seen.add(state.trajan_cards[0])
        intro = new_game(seed, players=2, introductory=True)
        assert intro.trajan_cards[:2] == ["", ""]
        assert intro.trajan_cards[2] in TRAJAN_CARDS_BY_CYCLE[2]
    assert len(seen) > 1  # drawn at random


@pytest.mark.parametrize(("players", "boards"), [(2, 3), (3, 4), (4, 5)])
def test_mosaic_boards_per_player_count(players, boards):
    # Rules "Setup", game board 3 / DE table "Spieler 2 3 4 - Tableaus 3 4 5".
    for seed in range(5):
        state = new_game(seed, players=players)
        assert len(state.boards) == boards == len(FORUM_LAYOUTS[players])
        assert all(b in MOSAIC_FACES for b in state.boards)
        assert len({b[0] for b in state.boards}) == boards  # different physical boards
        assert len(state.forum) == 16 * boards
        assert all(t == -1 for t in state.forum)
        assert len(forum_geometry(state).coords) == 16 * boards


def test_side_b_street_mapping_in_the_draft():
    # Rules "Setup", player boards 1 (side B: individual street grids) / components.md table:
    # seat 1 rows 1..6 carry III I V II VI IV, columns c a f b e d; seat 2 rows V III I VI IV II,
    # columns e c a d f b.
    rows_b = {1: ["III", "I", "V", "II", "VI", "IV"], 2: ["V", "III", "I", "VI", "IV", "II"]}
    cols_b = {1: ["c", "a", "f", "b", "e", "d"], 2: ["e", "c", "a", "d", "f", "b"]}
    state = drafted_game(seed=2, players=2, side="B")
    p = current_player(state)
    state.street = [STREET_SYMBOLS.index("I"), STREET_SYMBOLS.index("e")]
    refresh(state)
    row = rows_b[p + 1].index("I") + 1
    col = "ABCDEF"[cols_b[p + 1].index("e")]
    plain = {1: set(), 2: set()}
    for a in legal_actions(state):
        if a.kind == "take" and not a.tribune:
            plain[a.card].add(a.cell)
    assert plain[1] == {f"{c}{row}" for c in "ABCDEF" if cell_index(f"{c}{row}") not in TEMPLES}
    assert plain[2] == {f"{col}{r}" for r in range(1, 7) if cell_index(f"{col}{r}") not in TEMPLES}
    # side A: the symbols name the printed rows and columns
    assert street_cells(STREET_SYMBOLS.index("I"), "A", p + 1) == tuple(range(6))
    assert street_cells(STREET_SYMBOLS.index("e"), "A", p + 1) == tuple(r * 6 + 4 for r in range(6))


def test_start_player_is_random():
    # Rules "Setup": "Whoever was the last to be in a city center becomes the starting player"
    # (random in the licensed online version) / DE Startspielerfigur.
    starts = {new_game(seed, players=4).start_player for seed in range(30)}
    assert starts == {0, 1, 2, 3}


def test_handicap_newcomer_takes_corner_citizen_and_an_extra_coin():
    # DE "Spielen in gemischten Gruppen": newcomers start with 1 extra coin and 2 active citizens,
    # the second taken from a corner with a face-up tile; that crane is uncovered.
    state = new_game(4, players=2, handicap=(1,))
    state = play_first_until(state, {"handicap"})
    assert current_player(state) == 1
    pl = state.players[1]
    other = state.players[0]
    options = legal_actions(state)
    assert options and all(a.kind == "handicap" for a in options)
    # DE "darf": taking none is offered last (tests/engine/test_to_the_letter.py)
    assert str(options[-1]) == "handicap none"
    options = options[:-1]
    for a in options:
        assert tile_kind(pl.grid[cell_index(a.cell)]) in CITIZEN_KINDS
    choice = options[0]
    corner = CORNERS.index(cell_index(choice.cell))
    citizen = pl.grid[cell_index(choice.cell)]
    coins_before = pl.coins
    act(state, str(choice))
    assert pl.coins == coins_before + 1
    assert pl.grid[cell_index(choice.cell)] == -1
    assert pl.crane_state[corner] == CRANE_OPEN
    assert decision_kind(state) == "citizen"
    act(state, str(legal_actions(state)[0]))
    assert citizen in [t for row in pl.citizens for t in row]
    assert pl.active_citizens() == 2
    assert other.active_citizens() == 1 and other.coins == 1
    assert decision_kind(state) == "draft"


def test_points_a_newcomer_scores_during_setup_count_towards_the_first_cycle():
    # DE "Spielen in gemischten Gruppen": the newcomer's second citizen is placed during setup;
    # here (seed 315) it reaches a benefit track's bonus worth 2 VP before cycle I starts.
    # Cycle I's scoring record holds everything scored before it (rules "Scoring"), so the
    # setup's points are cycle I's: they went to cycle III's total, and random play found the
    # first scoring's record not adding up.
    state = new_game(315, players=4, side="A", introductory=True, handicap=(0,))
    for text in ("cranes BGYR", "row 2", "diagonal main MER CRA", "cranes BGYR", "row 1",
                 "diagonal main MER CRA", "cranes BGYR", "row 3", "diagonal main PAT CRA",
                 "cranes BGYR", "row 3", "diagonal main PAT CRA", "handicap F1", "row 2",
                 "bonus V"):  # fmt: skip
        act(state, text)
    newcomer = state.players[0]
    assert newcomer.score == 2 and newcomer.cycle_points == [2, 0, 0]
    for _ in range(2000):  # on to cycle I's scoring
        if state.scorings:
            break
        act(state, str(legal_actions(state)[0]))
    assert sum(state.scorings[0][0].values()) == newcomer.cycle_points[0]
    assert check_invariants(state) == []


def test_handicap_seat_out_of_range_is_refused():
    # DE "Spielen in gemischten Gruppen": the handicap names players of this game.
    with pytest.raises(GameError):
        new_game(1, players=2, handicap=(2,))


def test_colonia_tile_set_matches_the_component_list():
    # components.md "Colonia tiles (34 per player)": 6 citizens (3 female-back, one per class,
    # and 3 ordinary) and 28 resource tiles in the listed counts.
    from forum_trajanum.games.forum_trajanum.data import TILE_GAINS

    kinds = Counter(TILE_KINDS_PER_PLAYER)
    assert len(TILE_KINDS_PER_PLAYER) == 34
    assert [TILE_KINDS_PER_PLAYER[i] for i in range(3)] == ["PAT", "MER", "CRA"]
    assert kinds["PAT"] == kinds["MER"] == kinds["CRA"] == 2
    assert kinds["BLD"] == 4 and kinds["AA"] == 3 and kinds["CC"] == 3 and kinds["CT"] == 3
    assert kinds["TT"] == 2 and kinds["UP"] == 3 and kinds["UC"] == 2
    assert all(kinds[f"WW{c}"] == 1 and kinds[f"WA{c}"] == 1 for c in "BGYR")
    assert TILE_GAINS["CT"] == (0, {}, 0, 1, 1, 0)  # 1 coin + 1 tribune
    assert TILE_GAINS["UC"] == (0, {}, 0, 1, 0, 1)  # 1 upgrade + 1 coin
    assert TILE_GAINS["WAR"] == (0, {"R": 1}, 1, 0, 0, 0)  # 1 red worker + 1 assistant
