"""Cycle-end scoring (rules "End of the cycle - Scoring Phase": paying citizens, construction
crane scoring, Colonia scoring, Forum scoring, Trajan scoring, the rulebook's scoring example),
the start player and the end of the game (rules "End of the turn and end of the round",
"Beginning a new Cycle", "End of the game"; DE "Ende eines Durchgangs - Wertungsphase",
"Beginn eines neuen Durchgangs", "Spielende")."""

from __future__ import annotations

import pytest
from hypothesis import given

from forum_trajanum.games.forum_trajanum.data import CORNERS, MERCHANT_I, cell_index
from forum_trajanum.games.forum_trajanum.engine import (
    decision_kind,
    is_over,
    legal_actions,
    new_game,
    ranking,
    view,
)
from forum_trajanum.games.forum_trajanum.engine import tasks as T
from forum_trajanum.games.forum_trajanum.engine.effects import place_citizen
from forum_trajanum.games.forum_trajanum.engine.forum import forum_geometry
from forum_trajanum.games.forum_trajanum.engine.scoring import (
    PLAY_CATEGORIES,
    SCORING_CATEGORIES,
    TIE_BREAKS,
    RankKey,
    TieBreak,
    colonia_row_points,
    crane_points,
    forum_points,
    rank_key,
)
from forum_trajanum.games.forum_trajanum.engine.state import (
    CRANE_COVERED,
    CRANE_OPEN,
    CRANE_SCORED,
    POINT_SOURCES,
    TRAJAN_CARDS_KEY,
)

from .games import game_options, games
from .helpers import (
    act,
    build_step,
    legal_texts,
    put_buildings,
    refresh,
    score_all_cranes,
    tile,
    use_printed_boards,
    vacate_all,
)


def blank(seed=1):
    """A player with an empty Colonia (all tiles taken), no supply, all cranes scored."""
    state, p = build_step(seed=seed)
    vacate_all(state, p)
    score_all_cranes(state, p)
    use_printed_boards(state, "1A", "2A", "3A")
    return state, p


def to_pay(state, p, cycle):
    """Make the cycle-end payment of player ``p`` the current decision, scoring next."""
    state.cycle = cycle
    state.round = 4
    state.tasks = [T.Scoring(), T.Pay(p)]
    return refresh(state)


def at(state, rc):
    r, c = map(int, rc.split(":"))
    return forum_geometry(state).index[(r - 1, c - 1)]


def place_envoys(state, p, cells):
    for i, rc in enumerate(cells):
        state.forum[at(state, rc)] = tile(p, 6 + i)


# --- paying citizens ----------------------------------------------------------------------


def test_pay_one_coin_per_row_unpaid_rows_turn_inactive():
    # Rules "Before the scoring: Pay citizens ... This costs 1 coin for each row with at least 1
    # citizen (... it doesn't matter whether it's 1 or 2 citizens). If you are not able or
    # willing to pay certain citizens ... they become inactive" / DE "Vor der Wertung: Bürger
    # bezahlen".
    state, p = blank()
    pl = state.players[p]
    pl.citizens[0] = [tile(p, 0), tile(p, 3)]
    pl.citizens[2] = [tile(p, 1), -1]
    pl.citizens[5] = [tile(p, 2), -1]
    pl.row_active = [True, False, True, False, False, True]
    pl.coins = 2
    to_pay(state, p, 1)
    texts = legal_texts(state)
    assert "pay 1 3" in texts and "pay none" in texts and "pay 6" in texts
    assert "pay 1 3 6" not in texts  # only 2 coins
    assert all(len(a.rows) <= 2 for a in legal_actions(state))
    act(state, "pay 1 3")
    assert pl.coins == 0
    assert pl.row_active == [True, False, True, False, False, False]
    assert pl.active_citizens() == 3


def test_inactive_citizens_can_be_reactivated_by_paying():
    # Appendix "Inactive citizens ... can be reactivated for 1 coin at the beginning of the next
    # scoring phase" / DE "wieder für 1 Geld aktiviert werden".
    state, p = blank(seed=2)
    pl = state.players[p]
    pl.citizens[4] = [tile(p, 2), tile(p, 5)]
    pl.row_active[4] = False
    pl.coins = 1
    to_pay(state, p, 1)
    act(state, "pay 5")
    assert pl.row_active[4] and pl.active_citizens() == 2 and pl.coins == 0


def test_inactive_citizen_counts_as_if_it_did_not_exist():
    # Rules "As long as a citizen is inactive, he is of no use and is considered as if he didn't
    # exist" - Colonia scoring multiplier and column points / DE "zählt ..., als würde es ihn
    # nicht geben".
    state, p = blank(seed=3)
    pl = state.players[p]
    put_buildings(state, p, {"A2": "L", "B2": "S"})
    pl.citizens[1] = [tile(p, 0), tile(p, 3)]
    pl.row_active[1] = True
    assert colonia_row_points(pl)[1] == 2 * 3
    pl.row_active[1] = False
    assert colonia_row_points(pl)[1] == 2 * 1
    assert pl.active_citizens() == 0


# --- crane scoring ------------------------------------------------------------------------


@pytest.mark.parametrize(("cycle", "per"), [(1, 3), (2, 2), (3, 1)])
def test_crane_scores_each_structure_of_its_colour_once(cycle, per):
    # Rules "Scoring structures in the crane's color: After the first cycle, you score 3 victory
    # points for each structure ... After the second cycle, ... 2 ... after the third cycle, 1"
    # and "turn the construction crane tile over to its colorless back" / DE "1. Baukranwertung".
    state, p = blank(seed=4)
    pl = state.players[p]
    pl.cranes = ["G", "B", "Y", "R"]
    pl.crane_state = [CRANE_OPEN, CRANE_OPEN, CRANE_SCORED, CRANE_COVERED]
    pl.grid[CORNERS[3]] = tile(p, 20)  # a covered crane still carries its tile
    put_buildings(state, p, {"B1": "G", "B2": "G", "B3": "G", "D1": "G", "A2": "B"})
    put_buildings(state, p, {"D3": "Y", "E4": "R", "E2": "L"})
    # a double tile of two green structures counts as two structures
    pl.building_tile[cell_index("B2")] = pl.building_tile[cell_index("B1")]
    assert crane_points(pl, cycle) == (4 + 1) * per  # green (A1) + blue (F1)
    to_pay(state, p, cycle)
    scores_before = pl.score
    assert decision_kind(state) != "pay"  # no citizens: nothing to pay
    assert state.scorings[-1][p]["cranes"] == 5 * per
    assert pl.crane_state == [CRANE_SCORED, CRANE_SCORED, CRANE_SCORED, CRANE_COVERED]
    assert pl.score >= scores_before
    assert crane_points(pl, cycle) == 0  # scored once only


def test_tanya_green_crane_example():
    # Rules "Example: During the second cycle, Tanya has uncovered a green construction crane
    # ... She has 4 green structures ... she receives 8 victory points".
    state, p = blank(seed=5)
    pl = state.players[p]
    pl.cranes = ["G", "B", "Y", "R"]
    pl.crane_state[0] = CRANE_OPEN
    put_buildings(state, p, {"B1": "G", "C1": "G", "D1": "G", "E1": "G"})
    assert crane_points(pl, 2) == 8


# --- Colonia scoring ----------------------------------------------------------------------


def test_colonia_scoring_counts_different_gray_types_times_row_value():
    # Rules "Colonia scoring: ... count the different gray types of buildings in the associated
    # street (4 maximum). Multiply this number by the value of this row: no citizens 1, 1 active
    # citizen 2, 2 active citizens 3" / DE "2. Coloniawertung".
    state, p = blank(seed=6)
    pl = state.players[p]
    put_buildings(state, p, {"B1": "L", "C1": "L", "D1": "B", "E1": "C"})  # row 1: 2 types
    put_buildings(state, p, {"A3": "L", "B3": "S", "C3": "M", "D3": "C", "F3": "L"})  # 4 types
    put_buildings(state, p, {"A5": "G", "B5": "R"})  # coloured structures do not count
    pl.citizens[0] = [tile(p, 0), -1]
    pl.citizens[2] = [tile(p, 1), tile(p, 4)]
    pl.citizens[4] = [tile(p, 2), tile(p, 5)]
    pl.row_active = [True, False, True, False, True, False]
    assert colonia_row_points(pl) == [2 * 2, 0, 4 * 3, 0, 0, 0]


def tom(seed=7):
    """The rulebook's scoring example (third scoring phase), built from its description."""
    state, p = blank(seed=seed)
    pl = state.players[p]
    other = 1 - p
    put_buildings(
        state,
        p,
        {
            "B1": "L",  # row 1: no citizen, 1 gray building
            "A2": "L", "B2": "L", "D2": "S",  # row 2: 3 gray buildings, one of them twice
            "A3": "M",  # row 3: 1 citizen, 1 gray building
            "A4": "L", "C4": "S",  # row 4: 1 citizen, 2 different
            "A5": "L", "B5": "S", "C5": "M", "E5": "C",  # row 5: 2 citizens, 4 different
            "C6": "C",  # row 6: 1 inactive citizen, 1 gray; C4-C5-C6 = S M C (III-4)
            "F2": "G", "F3": "G", "F4": "G",  # 3 green structures
        },
    )  # fmt: skip
    place_citizen(state, pl, tile(p, 1), MERCHANT_I)  # as in play: it flips the slide bar
    assert pl.flipped
    pl.citizens[3] = [tile(p, 4), -1]  # Merchant II
    pl.citizens[4] = [tile(p, 2), tile(p, 5)]  # Craftsman I, two citizens
    pl.citizens[5] = [tile(other, 2), -1]  # Craftsman II (a citizen received from a neighbour)
    pl.row_active = [False, False, True, True, True, True]
    pl.coins = 4
    pl.assistants = 1
    pl.tracks = [0, 4, 0]  # a Forum marker beside Trajan's Column
    pl.prestige = 6  # flipped, the bar reads position 7: largest area +2, Trajan tasks 7 VP
    pl.cranes = ["G", "B", "Y", "R"]
    pl.crane_state[0] = CRANE_OPEN  # the green crane was uncovered
    state.trajan_cards[2] = "III-4"
    # Forum: a connected area of 7 (one of them next to an eagle), 1 envoy on an eagle, 3 more
    # next to eagles (board 1A eagles 1:3 4:3, 2A eagles 1:6 3:8, 3A eagles 2:10 3:11).
    place_envoys(
        state, p, ["1:1", "2:1", "2:2", "3:1", "3:2", "4:1", "4:2", "1:6", "2:8", "4:8", "1:10"]
    )
    return state, p


def test_tom_colonia_rows_score_22():
    # Rules "Scoring Example ... Colonia scoring: ... 1 + 2 + 2 + 4 + 12 + 1 = 22 points" /
    # DE "Bei der Coloniawertung erhält Tom somit insgesamt 1 + 2 + 2 + 4 + 12 + 1 = 22".
    state, p = tom()
    pl = state.players[p]
    pl.row_active[5] = False  # Craftsman II not paid
    assert colonia_row_points(pl) == [1, 2, 2, 4, 12, 1]


def test_tom_forum_scores_6_for_eagles_and_9_for_the_area_of_7():
    # Rules "Forum scoring: Eagles - Tom has 4 envoys next to eagles ... and 1 on an eagle ...
    # 6 points. Largest area - ... 7 envoys ... he scores 9 points" / DE "Forumswertung".
    state, p = tom()
    assert forum_points(state, p) == (6, 9)


def test_tom_whole_final_scoring_is_54():
    # Rules "Scoring Example: in the third (and final) scoring phase ... Payment: ... he pays
    # only Craftsman I, but not Craftsman II, in order to keep 1 coin ... Overall, Tom earns
    # 3 + 22 + 6 + 9 + 14 = 54 points" / DE "Beispiel einer Wertung ... 54 Punkte".
    state, p = tom()
    pl = state.players[p]
    to_pay(state, p, 3)
    assert "pay 3 4 5 6" in legal_texts(state)  # he could pay all four rows
    before = pl.score
    act(state, "pay 3 4 5")
    assert pl.coins == 1 and not pl.row_active[5]
    assert {k: state.scorings[-1][p][k] for k in SCORING_CATEGORIES} == {
        "cranes": 3,
        "colonia": 22,
        "eagles": 6,
        "area": 9,
        TRAJAN_CARDS_KEY: 14,
    }
    assert pl.score - before == 54
    assert pl.crane_state[0] == CRANE_SCORED
    assert is_over(state)  # the game ends after the third scoring


# --- Forum scoring ------------------------------------------------------------------------


def test_patrician_one_scores_envoys_diagonal_to_eagles():
    # Rules "Eagle spaces: ... If you have activated Patrician I ..., you receive 1 victory point
    # as well for each envoy at the corners of the eagle spaces"; Appendix Patrician I b) / DE
    # "an den Ecken der Adlerfelder".
    state, p = blank(seed=8)
    pl = state.players[p]
    # 2:2 and 2:4 touch eagle 1:3 diagonally; 1:2 touches it orthogonally and 2:3 both ways
    place_envoys(state, p, ["2:2", "2:4", "1:2", "2:3"])
    assert forum_points(state, p)[0] == 2
    pl.citizens[0] = [tile(p, 0), -1]
    pl.row_active[0] = True
    assert forum_points(state, p)[0] == 4  # each envoy scores at most once
    pl.row_active[0] = False  # inactive: no diagonal points
    assert forum_points(state, p)[0] == 2


def test_envoy_on_an_eagle_scores_two():
    # Rules "each envoy on an eagle space scores 2 victory points" / DE "auf einem Adlerfeld".
    state, p = blank(seed=9)
    place_envoys(state, p, ["1:3", "4:3"])
    assert forum_points(state, p)[0] == 4
    # other players' envoys do not count for p
    state.forum[at(state, "1:2")] = tile(1 - p, 6)
    assert forum_points(state, p)[0] == 4


@pytest.mark.parametrize(
    ("k", "flipped", "n", "points"),
    [
        (0, False, 6, 6),
        (2, False, 3, 3),
        (3, False, 3, 4),
        (6, False, 7, 9),
        # the flipped side reads one position further along: 2 reads 3, 5 reads 6, 8 stays 8
        (1, True, 3, 3),
        (2, True, 3, 4),
        (5, True, 3, 5),
        (6, True, 7, 9),
        (8, True, 4, 6),
    ],
)
def test_largest_connected_area_with_the_slide_bar(k, flipped, n, points):
    # Rules "Largest connected area: The slide bar on your prestige track indicates how many
    # victory points you receive for your largest connected area ... Example: Tom has a connected
    # area of 6 of his envoys ... he receives 6 victory points" / DE "Größte zusammenhängende
    # Fläche"; components.md "The prestige track and slide bar".
    state, p = blank(seed=10)
    pl = state.players[p]
    pl.prestige, pl.flipped = k, flipped
    # a row of n envoys across colours and the board edge (row 2: cols 1..n), plus a smaller
    # separate group that does not count
    place_envoys(state, p, [f"2:{c}" for c in range(1, n + 1)] + ["4:11", "4:12"])
    assert forum_points(state, p)[1] == points


def test_largest_area_is_orthogonal_only_and_capped_at_ten():
    # Rules "largest connected area ... (horizontally and vertically - but not diagonally)";
    # components.md: min(n, 10).
    state, p = blank(seed=11)
    place_envoys(state, p, ["1:1", "2:2", "3:3"])  # a diagonal line: three groups of one
    assert forum_points(state, p)[1] == 1
    state.forum = [-1] * len(state.forum)
    place_envoys(state, p, [f"1:{c}" for c in range(1, 13)])  # 12 in a row (eagles included)
    assert forum_points(state, p)[1] == 10


# --- rounds, start player and the end of the game -----------------------------------------


class RoundStarts:
    """A step check that records (cycle, round, start player) of every round play reaches."""

    def __init__(self, state):
        self.first = state.start_player
        self.seen = []

    def __call__(self, step):
        state = step.state
        if state.round and (state.cycle, state.round) not in [x[:2] for x in self.seen]:
            self.seen.append((state.cycle, state.round, state.start_player))


@given(games(4, checks=[RoundStarts]))  # 4 players: 11, 12 and 14 passes all end apart
def test_start_player_moves_right_and_game_ends_after_12_rounds_and_3_scorings(game):
    # Rules "The starting player figure is passed to the next player on the right" (end of each
    # round) and "Beginning a new Cycle: ... pass the starting player figure to the player on
    # the right" — the same pass (components.md "Seating and order": once between two
    # consecutive rounds, 11 in a game); "End of the game: The game ends after the scoring
    # phase of the third cycle (i.e., after 12 rounds)" / DE "Spielende".
    state, starts = game.state, game.checks[0]
    s0, seen = starts.first, starts.seen
    assert [x[:2] for x in seen] == [(c, r) for c in (1, 2, 3) for r in (1, 2, 3, 4)]
    for k, (_cycle, _round, start) in enumerate(seen):
        assert start == (s0 - k) % 4
    assert state.start_player == (s0 - 11) % 4  # no pass after the last round
    assert len(state.scorings) == 3
    assert all(len(pile) == 0 for pile in state.piles)
    assert [len(p) for p in state.played] == [8, 8, 8]
    assert decision_kind(state) == "over" and legal_actions(state) == []
    assert all(sum(pl.cycle_points) == pl.score for pl in state.players)


@given(games())
def test_each_cycles_record_adds_up_to_the_cycle_and_the_three_to_the_final_score(game):
    # Rules "Total score": a player's score is what the cycle's scoring phases gave plus what
    # was scored at once during play (triumphal columns, finished benefit tracks: rules
    # "Triumphal column", "Basilica, Market, Library"; area bonuses of 2 VP: rules "Completed
    # color area"). Each cycle's record holds both, so its columns add up to the cycle's
    # points, the three cycles to the final score, and each category to its game total.
    state = game.state
    assert set(PLAY_CATEGORIES) | set(SCORING_CATEGORIES) == set(POINT_SOURCES)
    for pl in state.players:
        records = [cycle[pl.seat] for cycle in state.scorings]
        assert [sum(r.values()) for r in records] == pl.cycle_points
        assert sum(sum(r.values()) for r in records) == pl.score
        for source in POINT_SOURCES:
            assert sum(r[source] for r in records) == pl.points[source]


@given(games(options=game_options(2, introductory=True)))
def test_introductory_game_scores_trajan_only_after_cycle_three(game):
    # Rules "Trajan scoring in the introductory game: Have only one Trajan scoring - at the end
    # of the game" / DE "Trajanwertung in der Kennenlernpartie".
    state = game.state
    assert [s[p][TRAJAN_CARDS_KEY] for s in state.scorings[:2] for p in range(2)] == [0, 0, 0, 0]


def test_ranking_tie_breaks():
    # Rules "End of the game: ... In case of a tie, the player who has the most active citizens
    # ... wins. If there is still a tie, the player who has the most resources left wins. And if
    # there is a tie even then, the players involved share the victory" / DE "Spielende".
    state = new_game(14, players=4)
    a, b, c, d = state.players
    for pl in state.players:
        pl.score = 40
        pl.citizens = [[-1, -1] for _ in range(6)]
        pl.row_active = [False] * 6
        pl.builders, pl.workers, pl.assistants, pl.coins, pl.tribunes = 0, [0] * 4, 0, 0, 0
    d.score = 41  # most points wins outright
    a.citizens[0] = [tile(0, 0), -1]
    a.row_active[0] = True  # most active citizens
    b.coins, b.workers = 2, [1, 0, 0, 0]  # 3 resources
    c.tribunes, c.assistants, c.builders = 1, 1, 1  # 3 resources: shares with b
    assert ranking(state) == [[3], [0], [1, 2]]
    c.builders = 2
    assert ranking(state) == [[3], [0], [2], [1]]
    c.row_active[0] = False
    c.citizens[0] = [tile(2, 0), -1]  # an inactive citizen does not count
    assert ranking(state) == [[3], [0], [2], [1]]


def test_the_tie_breaks_are_named_typed_and_in_the_rules_order():
    # the engine's one statement of "End of the game": points, most active citizens, most
    # resources left; the rank key holds their values under their names, in that order
    assert TIE_BREAKS == (TieBreak.ACTIVE_CITIZENS, TieBreak.RESOURCES_LEFT)
    assert [str(tie) for tie in TIE_BREAKS] == ["active citizens", "resources left"]
    assert RankKey._fields == ("score", *(tie.field for tie in TIE_BREAKS))
    state = new_game(3, players=2)
    pl = state.players[0]
    pl.score, pl.coins = 17, 4
    key = rank_key(pl)
    assert isinstance(key, RankKey) and key.score == 17
    assert TieBreak.ACTIVE_CITIZENS.of(key) == pl.active_citizens() == key[1]
    assert TieBreak.RESOURCES_LEFT.of(key) == pl.resource_total() == key[2]
    assert TieBreak.RESOURCES_LEFT.detail == "builders, workers, assistants, coins, tribunes"
    assert TieBreak.ACTIVE_CITIZENS.detail == ""


def test_the_game_names_the_engines_tie_breaks():
    from forum_trajanum.games.forum_trajanum.engine.game import GAME

    assert GAME.tie_breaks is TIE_BREAKS  # the engine's, not restated
    state = new_game(3, players=2)
    assert GAME.rank_keys(state) == [rank_key(pl) for pl in state.players]
    # the view ranks by the same typed keys (from what the viewer sees)
    pv = view(state, -1)
    assert all(isinstance(key, RankKey) for key in pv.rank_keys)
    assert list(pv.rank_keys) == GAME.rank_keys(state)


def test_the_games_categories_are_the_engines_point_sources():
    # Forum Trajanum's Game value (simulate's table) lists the same category keys as the
    # engine scores under: the Trajan cards' points under TRAJAN_CARDS_KEY
    from forum_trajanum.games.forum_trajanum.engine.game import GAME

    assert tuple(key for key, _ in GAME.categories) == POINT_SOURCES
    assert TRAJAN_CARDS_KEY in SCORING_CATEGORIES


@pytest.mark.parametrize("players", [2, 3, 4])
def test_the_forum_scores_of_every_player_read_at_once_equal_each_players_forum_points(players):
    # rules "Forum scoring" (eagles, largest area); issue 37.5: the cycle's scoring reads
    # every player's eagles and largest group from one pass over the Forum; over random
    # games it must give each player exactly what forum_points gives
    from random import Random

    from forum_trajanum.games.forum_trajanum.engine import GameOptions, apply
    from forum_trajanum.games.forum_trajanum.engine.scoring import forum_points, forum_scores

    checked = 0
    for seed in range(4):
        rng = Random(seed)
        state = new_game(seed, GameOptions(players=players))
        while not is_over(state):
            expected = [forum_points(state, p) for p in range(players)]
            assert forum_scores(state) == expected
            checked += any(e != (0, area) for e, area in expected)
            apply(state, rng.choice(legal_actions(state)))
    assert checked  # the Forum scored something in these games
