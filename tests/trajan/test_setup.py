"""Setup (Trajan rulebook, "Setup" and "Preparing to play the game", EN l.85-129;
components §3)."""

from __future__ import annotations

import re

import pytest

from forum_trajanum.games.trajan import data as D
from forum_trajanum.games.trajan.engine.rules import apply, legal_actions, new_game
from forum_trajanum.games.trajan.engine.state import TrajanOptions

from .helpers import after_setup, find


@pytest.mark.parametrize("players", [2, 3, 4])
def test_the_board_is_laid_out_for_the_player_count(players):
    """EN l.93-101: 3 demand tiles out, 10 province tiles, 6/9/12 forum tiles, 3 extra action
    tiles, 20 construction tiles; EN l.121-123: a bonus tile each and 2 beside the senate."""
    s = new_game(5, TrajanOptions(players=players))
    # EN l.107 before l.121-125: nothing of these is drawn while the markers are placed (R37)
    assert [pl.bonus for pl in s.players] == [[]] * players and s.senate_bonus == []
    assert s.discards == [[], []] and s.start_player == -1
    while s.decision == "markers":
        apply(s, legal_actions(s)[0])
    assert len(s.demands_out) == 3 and len(s.demand_pile) == 12
    assert all(t >= 0 for t in s.provinces) and len(s.provinces) == 10
    assert len(s.forum) == D.FORUM_SPACES[players] == {2: 6, 3: 9, 4: 12}[players]
    assert len(s.yellow) == 3 and all(not D.FORUM_TILES[t].forum_back for t in s.yellow)
    assert sorted(s.district) == list(range(20))
    assert [len(pl.bonus) for pl in s.players] == [1] * players and all(
        pl.yellow == [True] for pl in s.players
    )
    assert len(s.senate_bonus) == 2 and len(s.bag) == 12 - players - 2
    # EN l.125: two discard piles of one card each
    assert [len(p) for p in s.discards] == [1, 1] and len(s.deck) == 58


def test_each_player_starts_with_13_tokens_a_leader_and_a_token_in_each_camp():
    """EN l.105."""
    s = new_game(2, TrajanOptions(players=3))
    for pl in s.players:
        assert (pl.supply, pl.workers, pl.legions, pl.leader, pl.arch) == (13, 1, 1, -1, 0)


def test_the_start_players_disc_is_at_the_bottom_of_the_senate_stack():
    """EN l.115-117: the others pile up clockwise, so the last player in turn order is on
    top."""
    s = new_game(9, TrajanOptions(players=4))
    while s.decision == "markers":  # the start player is drawn after them (R37)
        apply(s, legal_actions(s)[0])
    order = [(s.start_player + i) % 4 for i in range(4)]
    heights = [s.players[p].height for p in order]
    assert heights == sorted(heights) and len(set(heights)) == 4


def test_every_tray_gets_two_markers_and_the_default_fills_the_rest():
    """EN l.107: each tray exactly 2 markers; components §3.7: a one-key default (R33)."""
    s = new_game(3, TrajanOptions(players=2))
    first = s.tasks[-1].player
    apply(s, find(legal_actions(s), "markers BB"))
    assert s.players[first].trays[0][0] == 2
    assert "markers BB" not in [str(a) for a in legal_actions(s)]  # both blues are used
    apply(s, find(legal_actions(s), "markers rest"))
    trays = s.players[first].trays
    assert [sum(t) for t in trays] == [2] * 6
    assert [sum(t[c] for t in trays) for c in range(6)] == [2] * 6


def test_starting_cards_come_from_the_pile_or_a_discard_pile_which_is_refilled():
    """EN l.127: three cards each; an emptied discard pile is filled from the face-down
    pile."""
    s = new_game(4, TrajanOptions(players=2))
    while s.decision == "markers":
        apply(s, legal_actions(s)[0])
    seat = s.tasks[-1].player
    top = s.discards[0][-1]
    apply(s, find(legal_actions(s), "card 1"))
    assert top in s.players[seat].hand and s.players[seat].known == [top]
    assert len(s.discards[0]) == 1  # refilled (R11)
    apply(s, find(legal_actions(s), "card deck"))
    apply(s, find(legal_actions(s), "card deck"))
    assert len(s.players[seat].hand) == 3 and s.players[seat].known == [top]


def test_three_starting_trajan_tiles_of_different_stacks_go_on_slots_ii_iv_vi():
    """EN l.129."""
    s = after_setup(6, 3)
    for pl in s.players:
        tiles = [pl.slots[i] for i in (1, 3, 5)]
        assert all(t >= 0 for t in tiles) and pl.slots[0] == pl.slots[2] == pl.slots[4] == -1
        assert len({D.TRAJAN_TILES[t].stack for t in tiles}) == 3
    assert s.quarter == 1 and s.round == 1 and s.decision == "source"
    assert s.tasks[-1].player == s.start_player


def test_a_second_tile_of_one_stack_is_not_offered_at_setup():
    """EN l.129: at setup a player may not take more than 1 Trajan tile of each category."""
    s = new_game(8, TrajanOptions(players=2))
    while s.decision != "start":
        apply(s, legal_actions(s)[0])
    first = legal_actions(s)[0]
    apply(s, first)
    assert first not in legal_actions(s)


def test_the_component_tables_hold_every_printed_piece():
    """Components §1: 54 Trajan tiles, 70 forum + 12 extra action tiles, 15 demand tiles, 20
    construction tiles, 12 bonus tiles, 60 cards."""
    assert len(D.TRAJAN_TILES) == 54
    assert [sum(t.stack == s for t in D.TRAJAN_TILES) for s in range(6)] == [9] * 6
    assert len(D.FORUM_PILE) == 70 and len(D.EXTRA_PILE) == 12
    assert len(D.DEMAND_TILES) == 15 and len(D.CONSTRUCTION_TILES) == 20
    assert len(D.BONUS_TILES) == 12 and len(D.COMMODITIES) * D.CARDS_PER_COMMODITY == 60
    assert sum(len(n) for n in D.ADJACENT) == 2 * 17  # 17 province edges, symmetric
    assert all(a in D.ADJACENT[b] for a in range(10) for b in D.ADJACENT[a])
    assert len(D.ADJACENT[D.PROVINCES.index("Britannia")]) == 3  # EN l.319
    assert [r.code for r in D.RULINGS] == [f"R{n}" for n in range(1, 40)]  # kept, in order
    assert len(D.RULINGS) == 39


def test_every_public_constant_of_the_data_module_carries_its_flag():
    """Components §0 (a): every fact of the data module has a flag (verified-by-text, two
    sources or one source) and a source; the rulings are checked by
    ``test_every_ruling_is_cited_by_a_test``."""
    meta = {"VERIFIED", "TWO_SOURCES", "ONE_SOURCE", "DATA_NOTICE", "FLAGS", "RULINGS"}
    facts = {
        name
        for name, value in vars(D).items()
        if name.isupper() and not name.startswith("_") and not isinstance(value, D.Ruling)
    } - meta
    assert sorted(facts - set(D.FLAGS)) == [], "constants without a flag"
    assert sorted(set(D.FLAGS) - facts) == [], "flags of no constant"
    for name, (flag, source) in D.FLAGS.items():
        assert flag in (D.VERIFIED, D.TWO_SOURCES, D.ONE_SOURCE), name
        assert source.strip(), name
        if flag == D.VERIFIED:  # stated in words: the line is cited
            assert re.search(r"\b(EN|PL) l\.\d+", source), (name, source)


def test_the_setup_decisions_name_the_start_player_for_the_hand_over_screen(tmp_path, monkeypatch):
    """R33: the start player is drawn (once every seat has placed its markers, EN l.113, R37);
    the first setup decision after that says who it is (the screen that hands the keyboard
    over shows the title), "you" to the start player themself; the markers' decisions and the
    quarters' decisions do not."""
    from forum_trajanum.core.conductor import Conductor
    from forum_trajanum.core.session import GameSession
    from forum_trajanum.games.trajan.engine.view import view

    monkeypatch.setenv("FORUM_TRAJANUM_HOME", str(tmp_path))
    s = new_game(3, TrajanOptions(players=3))
    assert s.decider == 0 and s.decision == "markers"
    assert all("start player" not in view(s, seat).title for seat in (-1, 0, 1, 2))
    while s.decision == "markers":
        apply(s, legal_actions(s)[0])
    start = s.start_player
    assert s.decider == start and s.decision == "card"
    mine = view(s, start).title
    assert mine == "take a starting card — you are the start player"
    other = (start + 1) % 3
    assert view(s, other).title.endswith(f" — seat {start + 1} is the start player")
    assert view(s, -1).title.endswith(f" — seat {start + 1} is the start player")
    played = after_setup(3, 3)
    assert played.quarter == 1 and "start player" not in played.title
    session = GameSession.new(
        3, TrajanOptions(players=3), ["Ann", "Bob", "Cai"], [""] * 3, game="trajan"
    )
    while session.state.decision == "markers":
        session.play(session.view_of(session.decider).legal[0])
    step = Conductor(session).next_step()
    assert step.kind == "handover" and step.what.endswith("you are the start player")


def _place(state, texts: list[str]) -> None:
    """The deciding seat fills its trays: the pairs named (``"markers BO"``), then the rest."""
    seat = state.decider
    for text in texts:
        apply(state, find(legal_actions(state), text))
    if state.decider == seat and state.decision == "markers":
        apply(state, find(legal_actions(state), "markers rest"))


def test_r36_no_trajan_stack_is_seen_until_every_seat_has_placed_its_markers():
    """EN l.107-109: the markers are placed "prior to drawing Trajan tiles"; R36: no stack's
    top tile is in any seat's view (nor an onlooker's) while markers are placed, every top is
    once the last seat has placed, and the board says why they are not shown."""
    from forum_trajanum.games.trajan.engine.view import view
    from forum_trajanum.games.trajan.ui.panels import board_below_time

    s = new_game(7, TrajanOptions(players=3))
    while s.decision == "markers":
        for seat in (-1, 0, 1, 2):
            v = view(s, seat)
            assert [len(stack) for stack in v.stacks] == [9] * 6
            assert all(set(stack) == {-1} for stack in v.stacks)
        board = board_below_time(view(s, s.decider), ["Ann", "Bob", "Cai"]).plain
        assert "hidden until every player has placed their markers" in board
        _place(s, [])
    assert s.decision == "card"
    v = view(s, s.decider)
    assert [stack[-1] for stack in v.stacks] == [stack[-1] for stack in s.stacks]
    board = board_below_time(v, ["Ann", "Bob", "Cai"]).plain
    assert "hidden until" not in board and "(9 left)" in board


def test_r36_each_seat_places_unseen_and_every_tray_is_shown_once_the_last_has_placed():
    """EN l.107: each player fills their own trays; R36: a later seat does not see the trays
    an earlier seat filled (nor does the log say them) until the last seat has placed; that
    placement shows every tray in one go, and it is an undo barrier."""
    from forum_trajanum.games.trajan.engine.game import GAME
    from forum_trajanum.games.trajan.engine.view import view
    from forum_trajanum.games.trajan.engine.words import markers

    s = new_game(3, TrajanOptions(players=2))
    first = s.decider
    second = 1 - first
    log = []

    def play(text):
        before = s.clone()
        action = find(legal_actions(s), text)
        apply(s, action)
        log.extend(GAME.public_lines(before, action, s))
        return GAME.reveals_information(before, action)

    assert not play("markers BO")  # the same seat goes on placing: undo may take it back
    assert view(s, second).players[first].trays[0] == [-1] * 6
    assert markers(view(s, second).players[first].trays[0]) == "hidden"
    assert view(s, second).players[first].trays[1] == [0] * 6  # an empty tray is seen empty
    assert view(s, first).players[first].trays[0] == s.players[first].trays[0]
    assert play("markers rest")  # the seat's placing ends: the next seat decides
    assert log == [(first, "placed their action markers (shown when everyone has)")]
    assert s.decider == second and s.decision == "markers"
    hidden = view(s, second)
    assert all(tray == [-1] * 6 for tray in hidden.players[first].trays)
    assert set(hidden.players[first].default_markers) == {-1}  # the drawn default too
    assert view(s, -1).players[first].trays == hidden.players[first].trays  # onlookers
    assert not play("markers YY")
    assert view(s, first).players[second].trays[0] == [-1] * 6
    assert play("markers rest")  # the last placement shows every tray
    assert s.decision == "card"
    for seat in (first, second, -1):
        assert [pl.trays for pl in view(s, seat).players] == [pl.trays for pl in s.players]
    setup = [line for line in log if "start player" in line[1] or "at setup" in line[1]]
    assert len(setup) == 3  # settled after the last placement (EN l.113, l.121; R37)
    shown = [line for line in log[1:] if line not in setup]
    assert [seat for seat, _ in shown] == [s.start_player, 1 - s.start_player]
    assert all(text.startswith("placed the action markers: Seaport ") for _, text in shown)
    assert "Seaport blue and orange" in dict(shown)[first]
    assert "Seaport yellow and yellow" in dict(shown)[second]


def test_the_marker_options_kept_per_count_left_are_those_the_markers_left_make():
    # EN l.107, R33: the Markers options follow from the markers left per colour alone;
    # issue 37.5: they are made once per count. Over random 2- to 4-player setups the options
    # offered equal those made afresh for the count, and each decision has a list of its own
    from random import Random

    from forum_trajanum.games.trajan.engine.game import GAME
    from forum_trajanum.games.trajan.engine.setup import (
        _markers_options,
        _remaining_markers,
        markers_for,
    )

    seen = 0
    for seed in range(12):
        rng = Random(seed)
        state = GAME.new_game(seed, TrajanOptions(players=2 + seed % 3))
        while state.tasks and state.tasks[-1].kind == "markers":
            task = state.tasks[-1]
            options = GAME.legal_actions(state)
            fresh = markers_for(tuple(_remaining_markers(state.players[task.player])))
            assert options == fresh
            _markers_options(state, task).clear()  # a list of its own: the next one is whole
            assert _markers_options(state, task) == fresh
            seen += 1
            GAME.apply(state, rng.choice(options))
    assert seen > 12 * 2
