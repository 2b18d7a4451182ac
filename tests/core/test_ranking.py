"""Places from rank keys, the one grouping both games' ``ranking`` use (core/ranking.py); each
game's own ranking is checked against its rank keys by tests/core/test_game_contract.py."""

from forum_trajanum.core.ranking import places


def test_seats_are_grouped_by_place_best_key_first():
    assert places([(10, 1), (12, 0), (8, 5)]) == [[1], [0], [2]]


def test_a_tie_break_decides_between_equal_points():
    assert places([(10, 1), (10, 3)]) == [[1], [0]]


def test_seats_level_on_every_key_share_a_place_in_seat_order():
    assert places([(9, 2), (11, 0), (9, 2), (9, 1)]) == [[1], [0, 2], [3]]


def test_no_seats_have_no_places():
    assert places([]) == []
