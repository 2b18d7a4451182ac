"""Round and quarter ends, and the final scoring (EN l.395-594; R9, R10, R12-R14, R17, R20,
R23-R25, R35)."""

from __future__ import annotations

import random

from forum_trajanum.games.trajan import data as D
from forum_trajanum.games.trajan.engine.actions import parse
from forum_trajanum.games.trajan.engine.quarter import senate_ranking, spend_choices, votes
from forum_trajanum.games.trajan.engine.rules import apply, is_over, legal_actions, new_game
from forum_trajanum.games.trajan.engine.scoring import bonus_points, set_points
from forum_trajanum.games.trajan.engine.state import TrajanOptions

from .helpers import after_setup, quarter_end

BREAD, GAMES, RELIGION = D.BREAD, D.GAMES, D.RELIGION


def _tile(kind: str, value: int = 0, nth: int = 0) -> int:
    found = [i for i, t in enumerate(D.FORUM_TILES) if (t.kind, t.value) == (kind, value)]
    return found[nth]


def _trajan_demand(demand: int) -> int:
    return next(
        i for i, t in enumerate(D.TRAJAN_TILES) if t.effect == "demand" and t.amount == demand
    )


def test_the_demands_example_a_helmet_tile_and_a_trajan_tile_leave_bread_unmet_for_4_vp():
    """EN l.460: demands bread, games, religion; a forum games tile (spent, removed) and a
    Trajan religion tile (kept) meet two; bread is unmet: -4 VP (EN l.423)."""
    s = after_setup(1)
    pl = s.players[0]
    games, senate = _tile("demand", GAMES), _tile("senate", 3)
    pl.tiles = [games, senate]
    pl.kept = [_trajan_demand(RELIGION)]
    s.revealed = [BREAD, GAMES, RELIGION]
    assert spend_choices(s, 0) == (2, [(parse("forum games").key,)])
    before = pl.score
    quarter_end(s)
    while s.decision != "source":
        apply(s, legal_actions(s)[0])
    assert pl.score - before - pl.points["demands"] == 0 and pl.points["demands"] == -4
    assert games in s.gone_tiles and pl.kept == [_trajan_demand(RELIGION)]


def test_unmet_demands_cost_4_9_and_15_vp():
    """EN l.421-425."""
    for met_tiles, penalty in (([], -15), ([BREAD], -9), ([BREAD, GAMES], -4)):
        s = after_setup(2)
        s.players[0].tiles = [_tile("demand", d) for d in met_tiles]
        s.players[1].tiles = [_tile("demand", d, 1) for d in (BREAD, GAMES, RELIGION)]
        s.revealed = [BREAD, GAMES, RELIGION]
        quarter_end(s)
        assert s.players[0].points["demands"] == penalty
        assert s.players[1].points["demands"] == 0


def test_a_player_who_can_meet_a_demand_must_and_chooses_only_when_it_matters():
    """EN l.452; R14: a bread tile or the demand wild card meets bread."""
    s = after_setup(3)
    s.players[0].tiles = [_tile("demand", BREAD), _tile("wild_demand")]
    s.revealed = [BREAD, BREAD, RELIGION]
    met, choices = spend_choices(s, 0)
    assert met == 2 and len(choices) == 1  # both are needed
    s.revealed = [BREAD, GAMES, GAMES]
    met, choices = spend_choices(s, 0)
    assert met == 2 and len(choices) == 1
    s.revealed = [BREAD, RELIGION, RELIGION]
    s.players[0].tiles = [_tile("demand", BREAD), _tile("wild_demand")]
    met, choices = spend_choices(s, 0)
    assert met == 2 and len(choices) == 1
    s.revealed = [BREAD, GAMES, RELIGION]
    s.players[0].tiles = [_tile("demand", BREAD), _tile("wild_demand"), _tile("wild_demand", 0, 1)]
    met, choices = spend_choices(s, 0)
    assert met == 3 and len(choices) == 1
    # Trajan tiles meet games and religion first; bread by the bread tile or the wild card
    s.revealed = [BREAD, GAMES, RELIGION]
    s.players[0].tiles = [_tile("demand", BREAD), _tile("wild_demand")]
    s.players[0].kept = [_trajan_demand(GAMES), _trajan_demand(RELIGION)]
    met, choices = spend_choices(s, 0)
    assert met == 3 and len(choices) == 2
    quarter_end(s, seat=1)
    assert s.decision == "spend" and s.tasks[-1].player == 0
    assert {str(a) for a in legal_actions(s)} == {"spend bread", "spend wild-demand"}
    apply(s, parse("spend wild-demand"))
    assert [D.FORUM_TILES[t].kind for t in s.players[0].tiles] == ["demand"]
    assert s.players[0].points["demands"] == 0


def test_the_senate_tie_example_a_senate_tile_makes_brown_consul():
    """EN l.464: Green and Brown both 5 votes on the track, Green's disc on top; Brown's senate
    tile of 3 gives him 8:5. EN l.470: Green is vice consul, grey side."""
    s = after_setup(4)
    green, brown = 0, 1
    five = D.SENATE_VP.index(5)
    s.players[green].senate = s.players[brown].senate = five
    s.players[green].height, s.players[brown].height = 20, 19
    assert senate_ranking(s)[0] == green  # as of now, Green wins the tie
    s.players[brown].tiles = [_tile("senate", 3)]
    assert (votes(s, brown), votes(s, green)) == (8, 5)
    assert senate_ranking(s) == [brown, green]
    offered = list(s.senate_bonus)
    quarter_end(s)
    while s.decision == "spend":
        apply(s, legal_actions(s)[0])
    assert s.decision == "consul" and s.tasks[-1].player == brown
    apply(s, legal_actions(s)[1])
    assert s.players[brown].bonus[-1] == offered[1] and s.players[brown].yellow[-1]
    assert s.players[green].bonus[-1] == offered[0] and not s.players[green].yellow[-1]
    # EN l.474: the discs return to the start, the consul on top, fewest votes at the bottom
    assert s.players[brown].senate == s.players[green].senate == 0
    assert s.players[brown].height > s.players[green].height
    # the quarter's report keeps the vote as counted, before the reset
    report = s.reports[-1]
    assert report.votes == (5, 8) and (report.consul, report.vice) == (brown, green)
    assert (report.consul_tile, report.vice_tile) == (offered[1], offered[0])


def test_the_vice_consul_gets_a_tile_even_with_no_votes():
    """R25."""
    s = after_setup(5)
    s.players[0].senate = 1
    quarter_end(s)
    while s.decision in ("spend",):
        apply(s, legal_actions(s)[0])
    apply(s, legal_actions(s)[0])
    assert len(s.players[1].bonus) == 2 and s.players[1].yellow[-1] is False


def test_the_quarter_end_removes_tiles_and_refills_the_board():
    """EN l.478-494; R12."""
    s = after_setup(6)
    pl = s.players[0]
    pl.tiles = [_tile("senate", 2), _tile("demand", BREAD, 3)]
    taken = [0, 1]
    for q in taken:
        s.provinces[q] = -1
    pl.leader = 1  # the leader keeps Raetia empty
    s.forum[0] = -1
    s.ships = [False, True, False]
    forum_before = [t for t in s.forum if t >= 0]
    quarter_end(s)
    while s.decision != "source":
        apply(s, legal_actions(s)[0])
    assert pl.tiles == [_tile("demand", BREAD, 3)]  # the senate tile is gone
    assert all(t in s.gone_tiles for t in forum_before)
    assert all(t >= 0 for t in s.forum) and all(t >= 0 for t in s.yellow)
    assert s.provinces[0] >= 0 and s.provinces[1] == -1
    assert s.ships == [True] * 3 and s.revealed == [] and len(s.gone_demands) == 3
    assert len(s.senate_bonus) == 2 and s.quarter == 2 and s.round == 1
    assert s.tasks[-1].player == 1  # the next player clockwise goes on


def test_the_fourth_quarter_ends_the_game_without_refills():
    """EN l.496, R20."""
    s = after_setup(7)
    s.quarter = 4
    bag = len(s.bag)
    quarter_end(s)
    while s.tasks:
        apply(s, legal_actions(s)[0])
    assert s.phase == "over" and len(s.bag) == bag and all(t == -1 for t in s.forum)
    assert len(s.scorings) == 1


def test_construction_sets_score_per_type_and_wild_cards_go_where_they_score_most():
    """EN l.530-534, R10."""
    assert set_points([3, 4, 0, 0, 0], 0) == 30
    assert set_points([5, 0, 0, 0, 0], 0) == 20
    assert set_points([2, 4, 1, 0, 0], 1) == 30  # 2 -> 3 (10 more), not 4 -> 5 (nothing)
    assert set_points([1, 3, 0, 0, 0], 1) == 20  # 3 -> 4 (10 more)
    assert set_points([2, 2, 0, 0, 0], 2) == 20
    assert set_points([1, 1, 1, 1, 1], 1) == 0


def test_the_final_scoring_counts_cards_tokens_in_the_camps_and_tiles_on_slots():
    """EN l.526-529, R17: kept demand tiles do not count."""
    s = after_setup(8)
    pl = s.players[0]
    pl.hand = [1, 2]
    pl.workers, pl.legions = 3, 2
    pl.slots = [5, -1, 7, -1, -1, -1]
    pl.kept = [_trajan_demand(BREAD)]
    s.quarter = 4
    quarter_end(s)
    while s.tasks:
        apply(s, legal_actions(s)[0])
    assert pl.points["leftovers"] == 2 + 3 + 2 + 2


def test_bonus_tiles_score_their_front_and_back():
    """EN l.548-594; R9: the yellow bonus tile counts itself; R24: a demand wild card is not a
    forum tile with an icon; R23: an unused commodity wild card joins the best pair tile."""
    s = after_setup(9)
    pl = s.players[0]
    names = {(t.kind, t.value): i for i, t in enumerate(D.BONUS_TILES)}
    pl.bonus = [names[("bonus", 0)], names[("demand", BREAD)], names[("military", 0)]]
    pl.yellow = [True, True, False]
    pl.provinces = [0, 4]
    pl.tiles = [_tile("wild_demand")]
    assert bonus_points(s, 0) == 3 * 2 + 0 + 1 * 2
    pl.tiles.append(_tile("demand", BREAD))
    assert bonus_points(s, 0) == 3 * 2 + 9 + 2
    pl.bonus = [names[("commodities", 6)], names[("construction", 0)]]
    pl.yellow = [False, False]
    pl.display = [6, 7, 7, 1]
    pl.sites = [0, 1, 2]
    pl.tiles = [_tile("wild_commodity")]
    assert bonus_points(s, 0) == 2 * 3 + 2 + 2 * 1  # grey construction: half, rounded up


def test_the_final_tie_goes_to_the_player_higher_in_the_senate_stack():
    """EN l.542, R13."""
    from forum_trajanum.games.trajan.engine.game import GAME

    s = after_setup(10)
    for pl in s.players:
        pl.score = 50
    s.players[0].height, s.players[1].height = 3, 9
    assert GAME.ranking(s) == [[1], [0]]


def test_the_tie_break_is_named_typed_and_read_from_the_rank_key():
    """EN l.542, R13: the engine's tie-break, its words and its values in the rank key."""
    from forum_trajanum.games.trajan.engine.game import GAME
    from forum_trajanum.games.trajan.engine.scoring import TIE_BREAKS, RankKey, TieBreak, rank_key

    assert TIE_BREAKS == (TieBreak.SENATE,) and tuple(GAME.tie_breaks) == TIE_BREAKS
    assert str(TieBreak.SENATE) == "higher in the senate"
    assert RankKey._fields == ("score", *TieBreak.SENATE.fields) == ("score", "senate", "height")
    s = after_setup(10)
    s.players[0].score, s.players[0].senate, s.players[0].height = 40, 2, 5
    key = rank_key(s, 0)
    assert isinstance(key, RankKey) and key == (40, 2, 5)
    assert TieBreak.SENATE.of(key) == (2, 5)
    assert GAME.rank_keys(s)[0] == key


def test_each_quarter_end_reports_demands_met_penalties_votes_and_the_consuls_tiles():
    """EN l.405-488: what the quarter's end decided is kept for the screens: the demands
    revealed, each player's demands met and penalty (l.421-425), the votes counted before the
    senate resets (l.431-434), consul and vice consul and the bonus tiles they took."""
    rng = random.Random(4)
    state = new_game(4, TrajanOptions(players=3))
    while not is_over(state):
        apply(state, rng.choice(legal_actions(state)))
    assert len(state.reports) == 4
    for q, report in enumerate(state.reports):
        assert report.quarter == q + 1 and len(report.demands) == 3
        for p in range(3):
            assert 0 <= report.met[p] <= 3
            assert report.penalty[p] == D.DEMAND_PENALTY[3 - report.met[p]]
            assert state.scorings[q][p]["demands"] == -report.penalty[p]
        assert report.votes[report.consul] == max(report.votes)
        assert report.consul != report.vice
    for report in state.reports[:-1]:  # two tiles beside the senate each quarter (l.486)
        assert report.consul_tile >= 0 and report.vice_tile >= 0
