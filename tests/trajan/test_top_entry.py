"""The top of every Trajan list spends nothing another choice keeps (issue 27, item 1: "pass
rather than pay"): along random games, every legal action of each decision is applied to a
copy and what the acting seat lost is read off its own view before and after (cards in hand,
forum and extra action tiles, kept Trajan tiles, bonus tiles); no choice loses a part of what
the first one loses and nothing else. A decision after which a quarter ends is left out: its
demands take tiles for reasons of their own. A sowing list's top colour never loses the
target's Trajan tile that another colour keeps possible (EN l.187-189, l.219)."""

from __future__ import annotations

from collections import Counter

from hypothesis import given, settings
from hypothesis import strategies as st

from forum_trajanum.games.trajan.engine.rules import apply, is_over, legal_actions, new_game
from forum_trajanum.games.trajan.engine.state import TrajanOptions
from forum_trajanum.games.trajan.engine.tasks import SowTask
from forum_trajanum.games.trajan.engine.view import view

from .helpers import can_still_accomplish


def _holding(v, seat: int) -> Counter:
    pl = v.players[seat]
    held = Counter(f"card {c}" for c in pl.hand)
    held.update(f"tile {t}" for t in pl.tiles)
    held.update(f"kept {t}" for t in pl.kept)
    held.update(f"bonus {t}" for t in pl.bonus)
    return held


def spent_by_each(state, legal, seat: int) -> list[Counter]:
    """What each legal action takes from what ``seat`` holds, from its own view (only the
    top's when it takes nothing)."""
    before = _holding(view(state, seat), seat)
    out = []
    for n, action in enumerate(legal):
        if n == 1 and not out[0]:
            break  # the top spends nothing: no choice spends less
        after = state.clone()
        apply(after, action)
        if len(after.scorings) != len(state.scorings):
            return []  # the quarter ended: its demands take tiles for reasons of their own
        out.append(before - _holding(view(after, seat), seat))
    return out


def top_loses_a_tile(state, legal) -> str:
    """On a sowing decision: "" unless the top colour makes the target tray's Trajan tile
    impossible while another colour keeps it possible (brute force over the sowings left)."""
    task = state.tasks[-1]
    if not isinstance(task, SowTask):
        return ""
    seat, target = task.player, task.target
    tile = state.players[seat].slots[target]
    if tile < 0:
        return ""

    known: dict = {}  # the sowings searched, shared by the colours

    def keeps(action) -> bool:
        return can_still_accomplish(apply(state.clone(), action), seat, target, tile, known)

    if keeps(legal[0]):
        return ""
    kept = [a for a in legal[1:] if keeps(a)]
    return f"{kept[0]} keeps the Trajan tile {tile}, the top loses it" if kept else ""


def top_spends_the_least(spent: list[Counter]) -> str:
    """ "" when no choice spends a proper part of what the first one spends."""
    if len(spent) <= 1:
        return ""  # the top spends nothing (or a quarter ended: nothing to compare)
    top = spent[0]
    for n, other in enumerate(spent[1:], start=1):
        if other != top and all(other[k] <= top[k] for k in other):
            return f"choice {n} spends {dict(other)}, the top {dict(top)}"
    return ""


# the profile's number of games (15 in CI, as many as before at a third of the profile's 50:
# the sowing search above made each game about four times cheaper)
@settings(deadline=None)
@given(seed=st.integers(0, 2**32), players=st.sampled_from((2, 3, 4)), data=st.data())
def test_the_top_choice_of_every_trajan_decision_spends_and_loses_nothing_another_keeps(
    seed, players, data
):
    state = new_game(seed, TrajanOptions(players=players))
    while not is_over(state):
        legal = legal_actions(state)
        if len(legal) > 1:
            seat = state.tasks[-1].player
            wrong = top_spends_the_least(spent_by_each(state, legal, seat))
            assert not wrong, f"{state.tasks[-1].kind}: {wrong}; top {legal[0]}"
            lost = top_loses_a_tile(state, legal)
            assert not lost, lost
        index = data.draw(st.integers(0, len(legal) - 1)) if len(legal) > 1 else 0
        apply(state, legal[index])


def test_the_check_sees_an_extra_action_tile_spent_on_top_of_a_pass():
    # the property's own test: spending a tile first and passing second fails it
    tile, nothing = Counter({"tile 3": 1}), Counter()
    assert top_spends_the_least([tile, nothing])
    assert not top_spends_the_least([nothing, tile])
