"""Random Forum boards (an option of the licensed online version; RULINGS "Random Forum
boards"), and the Forum layout held by the state rather than implied by the player count.

components.md "Forum: mosaic boards": ten printed 4x4 faces, laid out per player count; "A
colour area is a maximal orthogonally connected set of same-colour cells, across board edges".
"""

from __future__ import annotations

import json
import random
from collections import Counter

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from forum_trajanum.games.forum_trajanum.data import EAGLE, FORUM_LAYOUTS, RULINGS
from forum_trajanum.games.forum_trajanum.engine import apply, is_over, legal_actions, new_game, view
from forum_trajanum.games.forum_trajanum.engine.determinize import determinize
from forum_trajanum.games.forum_trajanum.engine.forum import forum_geometry, geometry, printed_face
from forum_trajanum.games.forum_trajanum.engine.record import GameRecord

from .games import every, game_options, games, share


@pytest.mark.parametrize("players", [2, 3, 4])
def test_generated_faces_hold_exactly_the_colours_and_eagles_of_a_printed_face(players):
    # RULINGS "Random Forum boards": each generated face is a printed face's 16 cells in a
    # random order, so its counts of each colour and of eagles are those of that face.
    assert any(r.startswith("Random Forum boards") for r in RULINGS)
    for seed in range(15):
        state = new_game(seed, players=players, random_forum=True)
        assert len(state.forum_faces) == len(state.boards) == len(FORUM_LAYOUTS[players])
        for board, face in zip(state.boards, state.forum_faces, strict=True):
            assert len(face) == 16
            assert Counter(face) == Counter(printed_face(board))
            assert Counter(face)[EAGLE] == 2
        assert list(state.forum_faces) != [printed_face(b) for b in state.boards]
        assert len(state.forum) == 16 * len(state.boards)


def test_without_the_option_the_forum_is_the_printed_faces():
    # components.md: "Setup draws that many different boards at random, each with a random face".
    for players in (2, 3, 4):
        state = new_game(4, players=players)
        assert state.forum_faces == tuple(printed_face(b) for b in state.boards)
        assert state.forum_layout == FORUM_LAYOUTS[players]


def test_the_same_seed_gives_the_same_boards_and_another_seed_other_boards():
    # Setup draws all randomness from the seed: a game is seed + options + actions.
    first = new_game(21, players=3, random_forum=True)
    again = new_game(21, players=3, random_forum=True)
    other = new_game(22, players=3, random_forum=True)
    assert first.forum_faces == again.forum_faces
    assert first.forum_faces != other.forum_faces


def test_the_option_changes_nothing_but_the_forum():
    printed = new_game(8, players=4)
    generated = new_game(8, players=4, random_forum=True)
    assert generated.forum_faces != printed.forum_faces
    assert generated.boards == printed.boards
    assert generated.forum_layout == printed.forum_layout
    assert (generated.trajan_cards, generated.piles) == (printed.trajan_cards, printed.piles)
    assert [p.deal for p in generated.players] == [p.deal for p in printed.players]


def test_the_geometry_follows_the_faces_in_the_state():
    state = new_game(3, players=2, random_forum=True)
    geo = forum_geometry(state)
    for cell, (r, c) in enumerate(geo.coords):
        board = geo.board_of[cell]
        br, bc = state.forum_layout[board]
        face = state.forum_faces[board]
        assert geo.colours[cell] == face[(r - 4 * br) * 4 + (c - 4 * bc)]


def test_colour_areas_join_across_a_vertical_and_a_horizontal_board_edge():
    # components.md: "A colour area is a maximal orthogonally connected set of same-colour
    # cells, across board edges."
    left = "GGGB" * 4  # right column blue
    right = "BRRR" * 4  # left column blue
    geo = geometry((left, right), ((0, 0), (0, 1)))
    blue = {geo.index[(r, c)] for r in range(4) for c in (3, 4)}
    assert {geo.area_of[i] for i in blue} == {geo.area_of[geo.index[(0, 3)]]}
    assert set(geo.areas[geo.area_of[geo.index[(0, 3)]]]) == blue
    top = "RRRR" * 3 + "YYYY"
    bottom = "YYYY" + "GGGG" * 3
    geo = geometry((top, bottom), ((0, 0), (1, 0)))
    yellow = {geo.index[(r, c)] for r in (3, 4) for c in range(4)}
    assert set(geo.areas[geo.area_of[geo.index[(3, 0)]]]) == yellow


def test_boards_touching_only_at_a_corner_do_not_join_areas():
    # The 4-player plus: boards at (0,1) and (1,0) meet only diagonally; "orthogonally".
    faces = ("R" * 16, "R" * 16, "GGGG" * 4, "BBBB" * 4, "YYYY" * 4)
    geo = geometry(faces, FORUM_LAYOUTS[4])
    top, left = geo.index[(3, 4)], geo.index[(4, 3)]
    assert geo.area_of[top] != geo.area_of[left]
    assert len(geo.areas[geo.area_of[top]]) == 16


def forum_layout_stays(state):
    faces = state.forum_faces

    def check(step):
        assert step.state.forum_faces == faces  # the layout never changes during a game

    return check


@given(games(options=game_options(random_forum=True), checks=[forum_layout_stays]))
def test_a_random_forum_game_plays_to_the_end_under_random_play(game):
    # (check_invariants holds after every action: games() checks it)
    state = game.state
    assert is_over(state) and len(state.scorings) == 3


@pytest.mark.parametrize("seed", [1, 2])
def test_envoys_go_onto_the_generated_boards_in_a_random_game(seed):
    # (Hypothesis shrinks a game towards first choices, and a build step's first choice ends
    # the turn (issue 27.1): such a game may place no envoy; uniform random play does)
    rng = random.Random(seed)
    state = new_game(seed, players=3, random_forum=True)
    while not is_over(state):
        apply(state, rng.choice(legal_actions(state)))
    assert [i for i, t in enumerate(state.forum) if t >= 0]


def sampled_world_keeps_the_forum(step):
    now = step.state
    for p in range(len(now.players)):
        seen = view(now, p)
        assert seen.forum_faces == now.forum_faces
        world = determinize(seen, random.Random(p))
        assert world.forum_faces == now.forum_faces
        assert view(world, p) == seen


@pytest.mark.parametrize("players", [2, 4])
@settings(max_examples=share(0.4))
@given(data=st.data())
def test_a_sampled_world_keeps_the_random_forum_and_gives_the_same_view(players, data):
    options = game_options(players, random_forum=True)
    checks = [every(40, sampled_world_keeps_the_forum)]
    data.draw(games(options=options, checks=checks), label="game")


def test_the_view_holds_what_the_screen_draws():
    state = new_game(5, players=4, random_forum=True)
    seen = view(state, 0)
    geo = forum_geometry(state)
    assert seen.forum_coords == geo.coords
    assert seen.forum_colours == geo.colours
    assert len(seen.forum) == len(seen.forum_colours) == 16 * 5


@given(games(options=game_options(2, random_forum=True), steps=30))
def test_a_record_carries_the_option_and_replays_the_same_boards(game):
    state, record = game.state, game.record
    loaded, replayed = GameRecord.load(record.to_json())
    assert loaded.options.random_forum is True
    assert replayed.forum_faces == state.forum_faces
    assert replayed.forum == state.forum


def test_a_record_written_before_the_option_loads_with_the_printed_forum():
    data = json.loads(GameRecord(seed=12, options=new_game(12).options).to_json())
    del data["options"]["random_forum"]  # a version-1 save of the release before the option
    _record, state = GameRecord.load(json.dumps(data))
    assert state.forum_faces == tuple(printed_face(b) for b in state.boards)


@pytest.mark.parametrize("players", [2, 3, 4])
def test_each_cell_knows_its_colour_its_area_and_whether_an_eagle_is_next_to_it(players):
    # Rules "Forum": an envoy next to an eagle (orthogonally; diagonally too with Patrician
    # I) scores at the cycle's end; the colour-area rule sends envoys by colour areas. The
    # geometry derives these once per game (issue 37.5: from a grid cached per layout); each
    # is checked here cell by cell from the coordinates and colours alone.
    from forum_trajanum.core.game import GAMES

    game = GAMES.get("forum-trajanum")
    for seed in range(12):
        geo = forum_geometry(game.new_game(seed, game.options(players=players)))
        cell = {rc: i for i, rc in enumerate(geo.coords)}
        for i, (r, c) in enumerate(geo.coords):
            orth = [cell[r + dr, c + dc] for dr, dc in ((-1, 0), (1, 0), (0, -1), (0, 1))
                    if (r + dr, c + dc) in cell]  # fmt: skip
            diag = [cell[r + dr, c + dc] for dr, dc in ((-1, -1), (-1, 1), (1, -1), (1, 1))
                    if (r + dr, c + dc) in cell]  # fmt: skip
            assert sorted(geo.orth[i]) == sorted(orth) and sorted(geo.diag[i]) == sorted(diag)
            assert geo.eagle_adjacent[i] == any(geo.colours[n] == "E" for n in orth)
            assert geo.eagle_diagonal[i] == any(geo.colours[n] == "E" for n in diag)
            assert i in geo.cells_of_colour[geo.colours[i]]
            if geo.colours[i] != "E":
                area = geo.areas[geo.area_of[i]]
                assert i in area and geo.area_colour[geo.area_of[i]] == geo.colours[i]
        assert sum(map(len, geo.cells_of_colour.values())) == len(geo.coords)
