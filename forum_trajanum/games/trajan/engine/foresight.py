"""What an action would do, from a view alone (the screens' words and the hints read it):
the view after it, the points it gives and where a source tray's markers would go."""

from __future__ import annotations

from typing import NamedTuple

from forum_trajanum.games.trajan import data as D
from forum_trajanum.games.trajan.engine.board import action_options
from forum_trajanum.games.trajan.engine.rules import FLOW, current_player
from forum_trajanum.games.trajan.engine.state import GameState
from forum_trajanum.games.trajan.engine.turn import (
    accomplished,
    keeps_tile,
    source_trays,
    tile_matches,
)


def after(v: GameState, action) -> GameState | None:
    """The view as it would be after ``action`` (None if the view alone cannot tell: the
    action draws what the view hides)."""
    out = v.clone()
    try:
        FLOW.apply(out, action)
    except (ValueError, IndexError):
        return None
    return out


def preview(v: GameState, action) -> dict[str, int]:
    """What ``action`` gives the deciding seat, from the view alone: points by category
    (only those that change; not those of a quarter's scoring the turn's end leads to) and
    the change in cards in hand (``"cards"``)."""
    seat = current_player(v)
    then = after(v, action)
    if then is None:
        return {}
    before_pl, after_pl = v.players[seat], then.players[seat]
    out = {k: after_pl.points[k] - n for k, n in before_pl.points.items()}
    # the action's own points: a quarter's scoring that the end of the turn leads to is not
    # the action's (the screens show that scoring when it comes)
    for i, parts in enumerate(then.scorings):
        earlier = v.scorings[i][seat] if i < len(v.scorings) else {}
        for k, n in parts[seat].items():
            out[k] -= n - earlier.get(k, 0)
    out = {k: d for k, d in out.items() if d}
    if len(after_pl.hand) != len(before_pl.hand):
        out["cards"] = len(after_pl.hand) - len(before_pl.hand)
    return out


class SowingPlan(NamedTuple):
    """Where a source tray's markers go (components §4: R1, R19), for the screen to word."""

    markers: int  # how many markers the tray holds
    target: int  # the tray that gets the last marker
    time: int  # the time marker's place afterwards
    round_ends: bool  # the round ends after this turn
    spaces_left: int  # spaces from the time marker to its start space now
    tile: int  # the Trajan tile beside the target tray, -1 none
    can_complete: bool  # the markers can be sown so that the target completes that tile
    action_possible: bool  # the target tray's action has an option, one way or another
    #: Whether the action has an option if the tile is not completed, and if it is (its
    #: arch moved, its special effect taken or not); None: that cannot happen.
    without_tile: bool | None = None
    with_tile: bool | None = None


def _landings(hand: list[int], count: int, colour: int = 0):
    """Every choice of ``count`` markers out of ``hand`` (counts per colour), as counts."""
    if colour == len(hand) - 1:
        if count <= hand[colour]:
            yield [0] * colour + [count]
        return
    for k in range(min(count, hand[colour]) + 1):
        for rest in _landings(hand, count - k, colour + 1):
            rest = rest[:]
            rest[colour] = k
            yield rest


def sowing_plan(v: GameState, seat: int, tray: int) -> SowingPlan:
    """What taking the markers of ``tray`` would do (from what ``seat`` may know)."""
    pl = v.players[seat]
    hand = pl.trays[tray]
    n = sum(hand)
    cycle = D.TIME_CYCLE[v.options.players]
    trays = D.NUM_TRAYS
    target = (tray + n) % trays
    landing = sum(1 for k in range(n) if (tray + 1 + k) % trays == target)
    tile = pl.slots[target]
    start = [0] * D.NUM_COLOURS if target == tray else pl.trays[target]
    # what the target tray can hold once sown: any ``landing`` of the markers fall into it
    # (each marker's colour is the player's choice, EN l.187-189)
    ends = [
        [a + b for a, b in zip(start, got, strict=True)] for got in _landings(list(hand), landing)
    ]
    completing = [e for e in ends if tile >= 0 and tile_matches(tile, e)]
    without = with_ = None
    if len(completing) < len(ends):
        without = bool(action_options(v, seat, target))  # the sowing changes no option
    if completing:  # the tile's arch and special effect can open (or close) the action
        done = accomplished(v, seat, target, completing[0])
        with_ = any(action_options(w, seat, target) for w in done)
    return SowingPlan(
        n,
        target,
        (v.time + n) % cycle,
        v.time + n >= cycle,
        cycle - v.time,
        tile,
        bool(n) and bool(completing),
        bool(without) or bool(with_),
        without,
        with_,
    )


def tray_plans(v: GameState, seat: int) -> list[tuple[int, SowingPlan]]:
    """Each tray ``seat`` could take the markers of on its turn, with what that would do
    (from what the view holds: another player's circle is public, but for its trays while
    the markers are placed, R36: then none)."""
    if any(c < 0 for tray in v.players[seat].trays for c in tray):
        return []
    return [(tray, sowing_plan(v, seat, tray)) for tray in source_trays(v, seat)]


def sow_keeps_tile(v: GameState, seat: int, task, colour: int) -> tuple[bool, bool]:
    """In the middle of a sowing (``task``: the next tray, the markers in hand, the target),
    whether the target's Trajan tile can still be accomplished now, and after a marker of
    ``colour`` goes into the next tray (the rules' own check, on ``seat``'s circle)."""
    return keeps_tile(v.players[seat], task, colour)


def ends_turn(v: GameState, action) -> bool:
    """Whether ``action`` ends the deciding seat's turn (from the view: its end of turn is
    played, EN l.167-171), so that the screen can wait for a key before it is final."""
    then = after(v, action)
    if then is None:
        return False
    ended = sum(t.kind == "end_turn" for t in then.tasks)
    return ended < sum(t.kind == "end_turn" for t in v.tasks)
