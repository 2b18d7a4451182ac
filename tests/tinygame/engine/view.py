"""What each seat may know, the bots' determinized worlds, previews, and the log in player
words.

Hidden: the deck's order, the other seats' hands, the cards played face down this round by
the other seats (until everyone has played), and the seed that decides them all."""

from __future__ import annotations

import random

from forum_trajanum.core.actions import LogSpec, check_complete
from forum_trajanum.core.actions import reveals as core_reveals
from forum_trajanum.core.visibility import derive_view
from tests.tinygame import data as D
from tests.tinygame.engine.actions import ACTION_SET
from tests.tinygame.engine.rules import FLOW
from tests.tinygame.engine.state import HIDDEN, NONE, TinyState


def view(state: TinyState, seat: int) -> TinyState:
    """Everything ``seat`` may know (-1: an onlooker, public information only)."""
    v = derive_view(state, seat, {})  # from the state's declarations (engine/state.py)
    mine = bool(state.tasks) and state.tasks[-1].player == seat
    v.__pydantic_private__["_legal"] = FLOW.legal_actions(state) if mine else None
    return v


def seen_cards(v: TinyState) -> set[int]:
    """Every card the viewer of ``v`` knows where it is."""
    seen = {v.prize, *v.table, *(c for r in v.history for c in r)}
    for s in v.seats:
        seen.update(s.hand)
    return seen - {NONE, HIDDEN}


def determinize(v: TinyState, rng: random.Random) -> TinyState:
    """A full state the viewer cannot tell from the real one: every hidden card drawn at
    random from the cards the viewer has not seen."""
    world = v.clone()
    world.viewer = -9
    unseen = [c for c in D.CARDS if c not in seen_cards(v)]
    rng.shuffle(unseen)
    for s in world.seats:
        s.hand = sorted(unseen.pop() if c == HIDDEN else c for c in s.hand)
    world.table = [unseen.pop() if c == HIDDEN else c for c in world.table]
    world.deck = [unseen.pop() for _ in world.deck]
    assert not unseen, "a card is neither seen nor hidden"
    world.__pydantic_private__["_legal"] = None
    return world


def preview(v: TinyState, action) -> dict[str, int]:
    """What ``action`` changes of the deciding seat's hand, from the view alone."""
    return {"cards": {"play": -1, "draw": 1}.get(action.kind, 0)}


# --- the log --------------------------------------------------------------------------------


def _secret_card(before: TinyState, action, after: TinyState, seat: int):
    if action.kind == "play":
        return [(seat, f"played the {action.card} face down")]
    drawn = [c for c in after.seats[seat].hand if c not in before.seats[seat].hand]
    return [(seat, f"drew the {c}") for c in drawn]


#: Per action kind: its public words, whether it reveals something (undo stops there), and
#: what its player alone knew.
SPECS: dict[str, LogSpec] = check_complete(
    ACTION_SET,
    {
        "play": LogSpec(lambda s, a, p: "played a card face down", False, _secret_card),
        "draw": LogSpec(lambda s, a, p: "drew a card", True, _secret_card),
        # the turn ends: the next seat decides (or the cards are turned up)
        "keep": LogSpec(lambda s, a, p: "kept their hand", True),
    },
    "log",
)


def _round_lines(state: TinyState) -> list[tuple[int, str]]:
    prize = state.prize
    return [(-1, f"round {state.round}: the prize is the {prize} ({D.prize_points(prize)} VP)")]


def public_lines(before: TinyState, action, after: TinyState) -> list[tuple[int, str]]:
    """The log lines every seat may read about ``action`` and what it led to."""
    seat = before.tasks[-1].player
    lines = _round_lines(before) if before.actions_taken == 0 else []
    lines.append((seat, SPECS[action.kind].log(before, action, seat)))
    for number in range(len(before.history), len(after.history)):
        _, *cards = after.history[number]
        winner = max(range(len(cards)), key=cards.__getitem__)
        lines += [(p, f"turned up the {c}") for p, c in enumerate(cards)]
        lines.append((winner, f"won the prize with the {cards[winner]}"))
    if after.round != before.round and after.tasks:
        lines += _round_lines(after)
    if not after.tasks:
        for p, s in enumerate(after.seats):
            if s.points["hand"]:
                lines.append((p, f"lost {-s.points['hand']} VP for the cards left in hand"))
    return lines


def secret_lines(before: TinyState, action, after: TinyState, seat: int):
    spec = SPECS[action.kind]
    return spec.secret(before, action, after, seat) if spec.secret else []


def reveals_information(state: TinyState, action) -> bool:
    return core_reveals(ACTION_SET, SPECS, state, action)


def played_alone(before: TinyState, action, after: TinyState) -> str:
    """Nothing in Tiny is played by itself."""
    return ""
