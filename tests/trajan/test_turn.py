"""A turn: rearranging markers, the time marker, Trajan tiles (EN l.161-239; R1-R3, R15, R19,
R22)."""

from __future__ import annotations

import pytest

from forum_trajanum.core.errors import IllegalActionError, NotYourDecisionError
from forum_trajanum.games.trajan import data as D
from forum_trajanum.games.trajan.engine.actions import parse
from forum_trajanum.games.trajan.engine.rules import FLOW, apply, legal_actions
from forum_trajanum.games.trajan.engine.tasks import EndTurnTask

from .helpers import after_setup, find, turn_of

B, Y, G, O, P, W = range(6)  # noqa: E741 - the colours' letters


def _trays(state, seat, *trays):
    state.players[seat].trays = [list(t) for t in trays]


def _tray(**colours):
    counts = [0] * 6
    for name, n in colours.items():
        counts["BYGOPW".index(name)] = n
    return counts


def test_the_sowing_example_two_markers_from_the_trajan_tray_end_in_the_seaport():
    """EN l.195: the Trajan tray holds 2 markers; the last goes to the Seaport tray."""
    s = turn_of(after_setup(1), 0)
    _trays(s, 0, [0] * 6, [0] * 6, [0] * 6, [0] * 6, _tray(B=1, Y=1), [0] * 6)
    s.__pydantic_private__["_legal"] = None
    apply(s, parse("take trajan"))
    assert s.decision == "sow" and s.tasks[-1].tray == D.CONSTRUCTION
    apply(s, parse("sow Y"))  # the last one (blue) sows itself
    trays = s.players[0].trays
    assert trays[D.CONSTRUCTION][Y] == 1 and trays[D.SEAPORT][B] == 1
    assert sum(trays[D.TRAJAN]) == 0
    assert s.decision in ("act", "source")  # the Seaport is the target tray
    assert any(t.kind == "act" and t.action == D.SEAPORT for t in s.tasks)


def test_seven_markers_go_round_the_circle_including_the_emptied_source_tray():
    """EN l.193 and R1: the target is the tray n places clockwise from the source (7 from the
    Forum: round the circle, source included, to the Military)."""
    s = turn_of(after_setup(1), 0)
    _trays(s, 0, [0] * 6, _tray(B=2, Y=2, O=2, W=1), [0] * 6, [0] * 6, [0] * 6, [0] * 6)
    apply(s, parse("take forum"))
    while s.decision == "sow":
        apply(s, legal_actions(s)[0])
    trays = s.players[0].trays
    assert [sum(t) for t in trays] == [1, 1, 2, 1, 1, 1]  # Military got the 1st and 7th
    act = next(t for t in reversed(s.tasks) if t.kind == "act")
    assert act.action == (D.FORUM + 7) % 6 == D.MILITARY


def test_the_time_marker_moves_one_space_per_marker_and_the_round_ends_after_the_turn():
    """EN l.199-205, R19: the excess carries over; one round ends; a demand is revealed."""
    s = turn_of(after_setup(1), 0)
    s.time = D.TIME_CYCLE[2] - 1
    _trays(s, 0, _tray(B=2, Y=1), *([[0] * 6] * 5))
    apply(s, parse("take seaport"))
    assert s.time == 2 and s.round_ends
    while s.tasks[-1].player == 0 and s.decision != "source":
        apply(s, find(legal_actions(s), "pass") if "pass" in map(str, legal_actions(s))
              else legal_actions(s)[0])  # fmt: skip
    assert s.round == 2 and len(s.revealed) == 1 and not s.round_ends
    assert s.tasks[-1].player == 1  # the next player starts the next round (EN l.403)


def test_a_trajan_tile_worth_5_vp_with_a_worker_is_accomplished_by_its_colours():
    """EN l.229-233: the tray also holds other markers; the player gains 5 VP and may deploy a
    worker; R2: the VP come by themselves."""
    s = turn_of(after_setup(1), 0)
    tile = next(
        i for i, t in enumerate(D.TRAJAN_TILES) if t.effect == "worker" and t.colours == (Y, O)
    )
    pl = s.players[0]
    pl.slots = [-1, -1, -1, tile, -1, -1]  # beside the Senate tray
    _trays(s, 0, [0] * 6, [0] * 6, _tray(B=1), _tray(Y=1, O=1, W=1), [0] * 6, [0] * 6)
    before, workers = pl.score, pl.workers
    apply(s, parse("take military"))  # the blue marker lands in the Senate tray
    assert pl.score == before + 5 and pl.points["trajan"] == 5 and pl.slots[3] == -1
    assert s.decision == "special"
    apply(s, parse("special"))
    assert pl.workers == workers + 1 and pl.supply == 12
    assert tile in s.gone_trajan  # EN l.223


def test_a_tile_of_two_markers_of_one_colour_needs_both():
    """R3."""
    s = turn_of(after_setup(1), 0)
    tile = next(i for i, t in enumerate(D.TRAJAN_TILES) if t.colours == (O, O))
    s.players[0].slots = [-1, -1, -1, tile, -1, -1]
    _trays(s, 0, [0] * 6, [0] * 6, _tray(O=1), _tray(B=1), [0] * 6, [0] * 6)
    apply(s, parse("take military"))
    assert s.players[0].slots[3] == tile  # one orange is not enough
    s2 = turn_of(after_setup(1), 0)
    s2.players[0].slots = [-1, -1, -1, tile, -1, -1]
    _trays(s2, 0, [0] * 6, [0] * 6, _tray(O=1), _tray(O=1), [0] * 6, [0] * 6)
    apply(s2, parse("take military"))
    assert s2.players[0].slots[3] == -1


def test_a_demand_trajan_tile_is_kept_off_the_circle():
    """EN l.225."""
    s = turn_of(after_setup(1), 0)
    tile = next(i for i, t in enumerate(D.TRAJAN_TILES) if t.effect == "demand")
    a, b = D.TRAJAN_TILES[tile].colours
    s.players[0].slots = [-1, tile, -1, -1, -1, -1]
    tray = [0] * 6
    tray[a] += 1
    tray[b] += 1
    _trays(s, 0, _tray(W=1), tray, *([[0] * 6] * 4))
    apply(s, parse("take seaport"))
    assert s.players[0].kept == [tile] and s.players[0].points["trajan"] == 1


def test_the_arch_returns_from_the_centre_to_the_freed_slot_only():
    """EN l.331, R15."""
    s = turn_of(after_setup(1), 0)
    pl = s.players[0]
    points = [i for i, t in enumerate(D.TRAJAN_TILES) if t.effect == "points"]
    pl.slots = points[:6]
    pl.arch = D.ARCH_CENTRE
    a, b = D.TRAJAN_TILES[points[1]].colours
    tray = [0] * 6
    tray[a] += 1
    tray[b] += 1
    _trays(s, 0, _tray(G=1) if (a, b) != (G, G) else _tray(W=1), tray, *([[0] * 6] * 4))
    assert "trajan" not in {a.kind for a in FLOW.legal_actions(s)}
    apply(s, parse("take seaport"))
    assert pl.arch == 1 and pl.points["trajan"] == 9


def test_an_illegal_action_changes_nothing_and_says_what_why_and_where():
    """EN l.167-171, l.183-185: a turn starts by taking the markers of a tray, so an action
    (here the Senate, l.239: only after the markers) is illegal then; it changes nothing and the
    error says what, why and where; a seat not deciding is refused."""
    s = turn_of(after_setup(1), 0)
    before = s.model_dump()
    with pytest.raises(IllegalActionError) as caught:
        apply(s, parse("senate"))
    message = str(caught.value)
    assert "senate" in message and "quarter I, round 1" in message and "player 1" in message
    with pytest.raises(NotYourDecisionError):
        apply(s, legal_actions(s)[0], player=1)
    assert s.model_dump() == before


def test_the_round_end_is_checked_only_after_the_turn():
    """EN l.205: "after the active player has completed their turn"."""
    s = turn_of(after_setup(1), 0)
    s.time = D.TIME_CYCLE[2] - 1
    _trays(s, 0, _tray(B=1), _tray(Y=1), *([[0] * 6] * 4))
    apply(s, parse("take seaport"))
    assert s.round == 1 and s.round_ends and any(isinstance(t, EndTurnTask) for t in s.tasks)


def test_the_sowing_plan_says_where_the_last_marker_lands_and_what_it_completes():
    """EN l.179, l.191-205 (the screen's plannable circle): target, time, round end, tile."""
    from forum_trajanum.games.trajan.engine.foresight import sowing_plan
    from forum_trajanum.games.trajan.engine.view import view

    s = turn_of(after_setup(1), 0)
    tile = next(
        i for i, t in enumerate(D.TRAJAN_TILES) if t.effect == "worker" and t.colours == (Y, O)
    )
    s.players[0].slots = [-1, -1, -1, tile, -1, -1]
    _trays(s, 0, [0] * 6, _tray(O=1, P=1), _tray(Y=1), _tray(Y=1, W=1), [0] * 6, [0] * 6)
    s.time = D.TIME_CYCLE[2] - 2
    plan = sowing_plan(view(s, 0), 0, D.FORUM)
    assert plan.target == D.SENATE and plan.markers == 2 and plan.round_ends
    assert plan.tile == tile and plan.can_complete  # orange can go last, into the Senate
    plan = sowing_plan(view(s, 0), 0, D.MILITARY)
    assert plan.target == D.SENATE and not plan.can_complete and not plan.round_ends
    # the plan is what happens
    apply(s, parse("take forum"))
    apply(s, parse("sow P"))
    assert s.players[0].points["trajan"] == 5


@pytest.mark.parametrize("players", [2, 3, 4])
def test_a_sowing_lists_first_the_colours_that_keep_the_target_tile_possible(players):
    # EN l.187-189 (the player chooses which marker goes where), l.219 (a tray matching its
    # Trajan tile accomplishes it): the top colour, which Enter takes, never loses a tile that
    # can still be done; the others follow in colour order. Each colour is checked against a
    # brute force that plays every way of sowing the rest (the engine's order is computed
    # by arithmetic, for speed: issue 37.5).
    from forum_trajanum.games.trajan.engine.tasks import SowTask

    from .helpers import can_still_accomplish, random_game

    checked = reordered = 0
    for seed in range(1, 60):
        for state, _ in random_game(seed, players):
            top = state.tasks[-1] if state.tasks else None
            if not isinstance(top, SowTask):
                continue
            seat, target = top.player, top.target
            tile = state.players[seat].slots[target]
            now = tile >= 0 and can_still_accomplish(state, seat, target, tile)
            keeps = {}
            for c in (c for c in range(6) if top.hand[c]):
                after = apply(state.clone(), parse(f"sow {'BYGOPW'[c]}"))
                keeps[c] = tile >= 0 and can_still_accomplish(after, seat, target, tile)
            expected = sorted(keeps, key=lambda c: now and not keeps[c])
            assert [a.colour for a in legal_actions(state)] == expected, (top, tile)
            checked += 1
            reordered += expected != sorted(keeps)
        if checked >= 150 and reordered >= 5:
            break
    assert checked >= 150 and reordered >= 5


@pytest.mark.parametrize("players", [2, 4])
def test_an_action_lists_what_spends_nothing_then_the_pass_then_what_spends_cards_or_tiles(
    players,
):
    # EN l.245-375: a tray's action may be passed; the top of its list, the choice Enter
    # takes, spends nothing (the pass comes before the displays and ship loads, which spend
    # cards). The engine finds where the pass goes without sorting the list: every action's
    # options must list what spends last, which this checks over whole random games.
    from forum_trajanum.games.trajan.engine.actions import PASS
    from forum_trajanum.games.trajan.engine.board import action_options
    from forum_trajanum.games.trajan.engine.tasks import ActTask
    from forum_trajanum.games.trajan.engine.turn import SPENDING

    from .helpers import random_game

    checked = spending = 0
    for seed in range(1, 8):
        for state, _ in random_game(seed, players):
            top = state.tasks[-1] if state.tasks else None
            if not isinstance(top, ActTask):
                continue
            legal = legal_actions(state)
            options = action_options(state, top.player, top.action)
            free = [o for o in options if not isinstance(o, SPENDING)]
            spends = [o for o in options if isinstance(o, SPENDING)]
            assert legal == [*free, PASS, *spends], top
            checked += 1
            spending += bool(spends)
    assert checked >= 100 and spending >= 20
