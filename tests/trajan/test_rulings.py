"""The rulings for what the rulebooks leave open (components §5 and the data module's own,
R1-R39), each tested here or where its rule is; the last test checks that every ruling is
cited by a test."""

from __future__ import annotations

import ast
import re
from pathlib import Path

from forum_trajanum.games.trajan import data as D
from forum_trajanum.games.trajan.engine.actions import parse
from forum_trajanum.games.trajan.engine.cards import draw_cards
from forum_trajanum.games.trajan.engine.rules import FLOW, apply, legal_actions
from forum_trajanum.games.trajan.engine.tasks import ActTask, EndTurnTask, SpecialTask, Why
from forum_trajanum.games.trajan.engine.view import view

from .helpers import after_setup, turn_of


def _act(s, seat: int, action: int, why=Why.TRAY):
    s.tasks = [EndTurnTask(seat), ActTask(seat, action, why)]
    s.__pydantic_private__["_legal"] = None
    FLOW.run_automatic(s)
    return s


def _texts(s):
    return [str(a) for a in legal_actions(s)]


def test_r4_an_empty_pile_is_rebuilt_from_the_discards_but_their_tops():
    """R4 (EN l.125, l.251): an empty face-down pile is rebuilt from both discard piles but
    their top cards; with none left nothing is drawn."""
    s = after_setup(1)
    s.discards = [[1, 2, 3], [4, 5]]
    s.deck = [9]
    drawn = draw_cards(s, 3)
    assert drawn[0] == 9 and sorted(drawn[1:]) != [] and len(drawn) == 3
    assert s.discards == [[3], [5]]  # the tops stay
    assert sorted(drawn[1:] + s.deck) == [1, 2, 4]
    s.deck, s.discards = [], [[3], [5]]
    assert draw_cards(s, 2) == []  # nothing left to draw


def test_r5_there_is_no_hand_limit():
    """R5: no hand limit; a big hand may still draw and pick (EN l.251-252)."""
    s = _act(after_setup(2), 0, D.SEAPORT)
    s.players[0].hand = [0] * 4 + [1] * 4 + [2] * 4 + [3] * 3
    s.__pydantic_private__["_legal"] = None
    assert "draw" in _texts(s) and "pick 1" in _texts(s)


def test_r7_a_worker_never_joins_an_own_worker():
    """R7 (EN l.370): a worker goes beside an own worker, never onto a site holding one."""
    s = _act(after_setup(3), 0, D.CONSTRUCTION)
    s.players[0].sites, s.workers[6], s.district[6] = [6], [0], -1
    s.players[0].workers = 2
    s.__pydantic_private__["_legal"] = None
    sites = sorted(a.site for a in legal_actions(s) if a.kind == "build")
    assert sites == sorted(D.SITE_NEIGHBOURS[6]) and 6 not in sites


def test_r19_one_round_ends_even_when_a_move_passes_the_start_twice():
    """R19 (EN l.205, l.399-403): twelve markers pass the start space twice, yet one round ends;
    the time marker moves on round the track by the full count."""
    s = turn_of(after_setup(4), 0)
    twelve = [2] * 6
    s.players[0].trays = [twelve] + [[0] * 6 for _ in range(5)]
    s.time = 10
    s.__pydantic_private__["_legal"] = None
    FLOW.run_automatic(s)
    apply(s, parse("take seaport"))
    assert s.time == (10 + 12) % D.TIME_CYCLE[2]
    while s.tasks[-1].player == 0:
        apply(s, legal_actions(s)[-1])
    assert s.round == 2 and len(s.revealed) == 1


def test_r21_an_empty_trajan_stack_cannot_be_chosen():
    """R21 (EN l.329): an empty Trajan stack is not offered."""
    s = after_setup(5)
    s.stacks[1] = []
    _act(s, 0, D.TRAJAN)
    assert "trajan points" not in _texts(s) and "trajan cards" in _texts(s)


def test_r22_token_actions_need_a_token_and_a_tile_deploys_what_is_left():
    """R22 (EN l.318, l.369, l.656): hiring and recruiting need a token in the supply; a
    2-worker tile deploys the one left."""
    s = after_setup(6)
    s.players[0].supply = 0
    _act(s, 0, D.CONSTRUCTION)
    assert "hire" not in _texts(s)
    _act(s, 0, D.MILITARY)
    assert "recruit" not in _texts(s)
    s.players[0].supply = 1
    two = next(i for i, t in enumerate(D.TRAJAN_TILES) if t.effect == "worker" and t.amount == 2)
    s.tasks.append(SpecialTask(0, two))
    s.__pydantic_private__["_legal"] = None
    apply(s, parse("special"))
    assert s.players[0].supply == 0 and s.players[0].workers == 2


def test_r26_a_bonus_action_that_cannot_be_performed_is_lost():
    """R26 (EN l.373): a first tile's bonus action that cannot be performed (the senate disc at
    the top) is lost."""
    s = after_setup(7)
    s.players[0].senate = D.SENATE_TOP
    door = next(i for i, (kind, _) in enumerate(D.CONSTRUCTION_TILES) if kind == 1)
    s.district[0] = door
    _act(s, 0, D.CONSTRUCTION)
    apply(s, parse("build a1"))
    assert not any(t.kind == "act" and t.why == Why.BONUS for t in s.tasks)


def test_r27_the_extra_action_wild_card_repeats_any_action_and_the_plus2_marker_too():
    """R27 (EN l.630, l.634): the extra action wild card repeats the action even while a
    matching tile is held, and a [+2] marker repeats it a second time."""
    s = after_setup(8)
    wild = next(i for i, t in enumerate(D.FORUM_TILES) if t.kind == "wild_extra")
    extra = next(
        i for i, t in enumerate(D.FORUM_TILES) if t.kind == "extra" and t.value == D.MILITARY
    )
    s.players[0].tiles = [wild, extra]  # a wild card may be used while holding a match
    s.players[0].plus2[D.MILITARY] = True
    _act(s, 0, D.MILITARY)
    apply(s, parse("recruit"))
    assert _texts(s) == ["pass", "extra", "extra wild"]  # passing first: no tile spent
    apply(s, parse("extra wild"))
    apply(s, parse("recruit"))
    apply(s, parse("recruit"))
    assert s.players[0].legions == 4 and s.players[0].tiles == [extra]


def test_r29_the_seaport_draw_takes_what_is_left_and_still_discards():
    """R29 (EN l.251): with one card left to draw the draw takes it, and a card is still
    discarded."""
    s = after_setup(9)
    s.deck, s.discards = [7], [[1], [2]]
    _act(s, 0, D.SEAPORT)
    hand = len(s.players[0].hand)
    apply(s, parse("draw"))
    assert len(s.players[0].hand) == hand + 1 and s.decision == "discard"


def test_r30_the_whole_discard_piles_are_seen_by_everyone():
    """R30 (EN l.125, l.251): both discard piles are face up, wholly visible to every seat."""
    s = after_setup(10)
    s.discards = [[1, 2, 3], [4]]
    assert view(s, 1).discards == [[1, 2, 3], [4]] == view(s, -1).discards


def test_r31_the_forum_action_may_take_an_extra_action_tile_from_a_yellow_space():
    """R31 (EN l.308, l.337): the Forum action takes any tile in the forum, the extra action
    tiles on the yellow spaces included; the tile taken then repeats its action (EN l.634)."""
    s = after_setup(12)
    s.forum = [-1] * len(s.forum)  # only the yellow spaces hold tiles
    senate = next(
        i
        for i in D.EXTRA_PILE
        if D.FORUM_TILES[i].kind == "extra" and D.FORUM_TILES[i].value == D.SENATE
    )
    s.yellow = [-1, senate, -1]
    _act(s, 0, D.FORUM)
    assert _texts(s) == ["forum extra-senate", "pass"]
    apply(s, parse("forum extra-senate"))
    assert s.yellow == [-1, -1, -1] and s.players[0].tiles == [senate]
    _act(s, 0, D.SENATE)
    apply(s, parse("senate"))
    assert _texts(s) == ["pass", "extra"]
    apply(s, parse("extra"))
    apply(s, parse("senate"))
    assert s.players[0].senate == 2 and senate in s.gone_tiles


def test_r35_with_one_bonus_tile_beside_the_senate_the_consul_takes_it():
    """R35 (EN l.436, l.470): with one bonus tile beside the senate the consul takes it, yellow
    side up, and the vice consul none."""
    from forum_trajanum.games.trajan.engine.quarter import _senate_vote
    from forum_trajanum.games.trajan.engine.tasks import SenateVoteTask

    s = after_setup(11)
    s.senate_bonus = [s.senate_bonus[0]]
    s.players[1].senate = 2
    _senate_vote(s, SenateVoteTask(0))
    assert s.senate_bonus == [] and len(s.players[1].bonus) == 2 and s.players[1].yellow[-1]
    assert len(s.players[0].bonus) == 1


def _test_texts() -> dict[str, str]:
    """Every test function of this folder: its name, docstring and body (its own comments
    included), not a module docstring or a comment between tests."""
    out = {}
    for path in sorted(Path(__file__).parent.glob("test_*.py")):
        lines = path.read_text().splitlines()
        for node in ast.walk(ast.parse("\n".join(lines))):
            if isinstance(node, ast.FunctionDef) and node.name.startswith("test_"):
                body = lines[node.lineno - 1 : node.end_lineno]
                out[f"{path.name}::{node.name}"] = "\n".join(body)
    return out


def test_every_ruling_is_cited_by_a_test():
    """Components §0 (c): each ruling R1-R39 is named by a test's name, docstring or body."""
    cited = set()
    for name, text in _test_texts().items():
        if name.endswith("::test_every_ruling_is_cited_by_a_test"):
            continue
        cited |= set(re.findall(r"\bR(\d+)\b", text)) | set(re.findall(r"_r(\d+)_", name))
    missing = [r.code for r in D.RULINGS if r.code[1:] not in cited]
    assert not missing, f"rulings without a test: {missing}"
