"""The draft is played one player at a time but reveals no more than the simultaneous draft at
the table: until every player has passed, nobody's view, log or legal actions hold which cells
another player emptied, whether they paid tribunes, which face-up tile they took, or what they
kept and passed (components.md "Seating and order"; rules "Take 2 Colonia tiles; keep one and
hand one to your neighbor": all players do this at the same time)."""

from __future__ import annotations

import random

from forum_trajanum.games.forum_trajanum.engine import (
    apply,
    decision_kind,
    legal_actions,
    parse,
    public_lines,
    view,
)
from forum_trajanum.games.forum_trajanum.engine.rules import current_player

from .helpers import drafted_game


def _draft_one_player(state, choose) -> list[tuple[int, str]]:
    """Let the deciding player draft with ``choose(legal) -> action``; returns the log lines."""
    drafter = current_player(state)
    lines = []
    while current_player(state) == drafter and decision_kind(state) == "draft":
        before = state.clone()
        action = choose(legal_actions(state))
        apply(state, action)
        lines += public_lines(before, action, state)
    return lines


def _plain(legal):
    """Take the first tile of each street; keep the first."""
    return legal[0]


def _with_tribune_and_other_keep(legal):
    """Pay a tribune where possible, take the last offered tile, keep the second."""
    tribune = [a for a in legal if a.kind == "take" and a.tribune]
    if tribune:
        return tribune[-1]
    return legal[-1]


def _two_worlds(seed: int):
    """Two games from one seed that differ only in the start player's draft choices."""
    worlds = []
    for choose in (_plain, _with_tribune_and_other_keep):
        state = drafted_game(seed=seed, players=3)
        first = current_player(state)
        lines = _draft_one_player(state, choose)
        worlds.append((state, lines))
    (a, lines_a), (b, lines_b) = worlds
    # the two games really differ: other cells emptied, a tribune paid, other tiles kept
    pa, pb = a.players[first], b.players[first]
    assert [c for _, c in pa.drafted] != [c for _, c in pb.drafted]
    assert pa.tribunes != pb.tribunes
    return a, lines_a, b, lines_b, first


def test_a_later_drafter_sees_the_same_whatever_an_earlier_player_drafted():
    # components.md "Seating and order": "until every player has passed, nobody sees which
    # cells another player emptied in this draft, which tribunes they paid, which face-up tile
    # they took, or what they kept and passed".
    for seed in (3, 8, 21):
        a, lines_a, b, lines_b, first = _two_worlds(seed)
        later = current_player(a)
        assert later == current_player(b) != first
        for viewer in (later, (later + 1) % 3, -1):
            assert view(a, viewer) == view(b, viewer), (seed, viewer)
        assert legal_actions(a) == legal_actions(b)
        assert lines_a == lines_b == [(first, "has drafted")]


def test_a_later_drafter_sees_the_same_until_the_last_player_has_passed():
    # The secret holds through the whole draft, whatever the later players do.
    a, _, b, _, first = _two_worlds(5)
    rng_a, rng_b = random.Random(1), random.Random(1)
    while True:
        decider = current_player(a)
        assert view(a, decider) == view(b, decider)
        if not a.tasks or decision_kind(a) != "draft" or a.all_passed:
            break
        action = rng_a.choice(legal_actions(a))
        assert action == rng_b.choice(legal_actions(b))
        before = a.clone()
        apply(a, action)
        apply(b, parse(str(action)))
        if a.all_passed:
            break
        assert public_lines(before, action, a) in ([], [(decider, "has drafted")])
    # once the last player has passed it all becomes public together: the cells and tribunes
    assert a.all_passed and b.all_passed
    onlooker_a, onlooker_b = view(a, -1).colonias[first], view(b, -1).colonias[first]
    assert onlooker_a.drafted_cells != onlooker_b.drafted_cells
    assert onlooker_a.tribunes != onlooker_b.tribunes
    assert onlooker_b.draft_tribunes == 1


def test_the_end_of_the_draft_logs_what_every_player_took():
    # The public log line per player, once all have passed, names the cells and tribunes.
    state = drafted_game(seed=9, players=3)
    lines: list[tuple[int, str]] = []
    while not state.all_passed:
        lines += _draft_one_player(state, _plain)
    drafters = [p for p, text in lines if text == "has drafted"]
    assert sorted(drafters) == [0, 1, 2]
    summaries = lines[-3:]
    assert [p for p, _ in summaries] == drafters  # in drafting order, after the last one
    for p, text in summaries:
        cells = [f"{'ABCDEF'[c % 6]}{c // 6 + 1}" for _, c in state.players[p].drafted]
        assert all(cell in text for cell in cells) and text.startswith("took")


def test_the_drafter_sees_its_own_draft_at_once():
    # Rules "After taking the first tile from your Colonia, you may have a look at the front".
    state = drafted_game(seed=4, players=3)
    me = current_player(state)
    take = next(a for a in legal_actions(state) if a.kind == "take")
    apply(state, take)
    mine = view(state, me).colonias[me]
    assert mine.taken_cells == (take.cell,) and len(mine.taken) == 1
    assert mine.drafted_cells == (take.cell,)
    theirs = view(state, (me + 1) % 3).colonias[me]
    assert theirs.taken_cells == () and theirs.drafted_cells == () and theirs.taken == ()
