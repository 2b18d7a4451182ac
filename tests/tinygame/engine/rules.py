"""Tiny's rules: setup, the two decisions, the rounds' reveals and the end. Every random draw
happens in :func:`new_game`, from the seed."""

from __future__ import annotations

import random
from typing import NamedTuple

from forum_trajanum.core.flow import Flow
from tests.tinygame import data as D
from tests.tinygame.engine.actions import DRAW, KEEP, Draw, Play
from tests.tinygame.engine.state import NONE, Seat, TinyOptions, TinyState
from tests.tinygame.engine.tasks import TASKS, DrawTask, PlayTask, RevealTask, RoundTask

#: What ranks seats level on points.
TIE_BREAKS: tuple[str, ...] = ("rounds won",)


class RankKey(NamedTuple):
    """What ranks a seat: points, then rounds won."""

    score: int
    won: int


def new_game(seed: int, options: TinyOptions | None = None) -> TinyState:
    """A new game: the deck shuffled, the hands dealt and the start player drawn from
    ``seed``; the first round's prize is turned up."""
    options = options if options is not None else TinyOptions()
    if isinstance(options, dict):
        options = TinyOptions(**options)
    n = options.players
    rng = random.Random(seed)
    deck = list(D.CARDS)
    rng.shuffle(deck)
    start = rng.randrange(n)
    seats = [Seat(hand=sorted(deck.pop() for _ in range(D.HAND))) for _ in range(n)]
    state = TinyState(seed=seed, options=options, deck=deck, seats=seats, start_player=start)
    state.tasks.append(RoundTask(start))
    FLOW.run_automatic(state)
    return state


def spare_cards(state: TinyState) -> int:
    """Cards of the deck a seat may draw: those not needed for the prizes still to come."""
    return len(state.deck) - (D.ROUNDS - state.round)


def rank_key(state: TinyState, seat: int) -> RankKey:
    s = state.seats[seat]
    return RankKey(s.score, s.won)


def where(state: TinyState) -> str:
    return f"round {state.round}" if state.round else "setup"


# --- the decisions ------------------------------------------------------------------------


def _play_options(state: TinyState, task: PlayTask) -> list:
    return [Play.make(card) for card in state.seats[task.player].hand]


def _play(state: TinyState, task: PlayTask, action) -> None:
    state.seats[task.player].hand.remove(action.card)
    state.table[task.player] = action.card
    state.tasks.append(DrawTask(task.player))


def _draw_options(state: TinyState, task: DrawTask) -> list:
    return [DRAW, KEEP] if spare_cards(state) > 0 else [KEEP]


def _draw(state: TinyState, task: DrawTask, action) -> None:
    if isinstance(action, Draw):
        hand = state.seats[task.player].hand
        hand.append(state.deck.pop())
        hand.sort()


TASKS.decides(PlayTask, options=_play_options, handle=_play)
TASKS.decides(DrawTask, options=_draw_options, handle=_draw)


# --- the automatic steps -------------------------------------------------------------------


def _round(state: TinyState, task: RoundTask) -> None:
    n = state.options.players
    state.round += 1
    state.prize = state.deck.pop()
    state.table = [NONE] * n
    state.tasks.append(RevealTask(task.player))
    for i in reversed(range(n)):
        state.tasks.append(PlayTask((task.player + i) % n))


def _reveal(state: TinyState, task: RevealTask) -> None:
    n = state.options.players
    winner = max(range(n), key=lambda seat: state.table[seat])
    points = D.prize_points(state.prize)
    gained = [dict.fromkeys(s.points, 0) for s in state.seats]
    state.seats[winner].gain("prizes", points)
    state.seats[winner].won += 1
    gained[winner]["prizes"] = points
    state.history.append([state.prize, *state.table])
    state.prize, state.table = NONE, [NONE] * n
    if state.round < D.ROUNDS:
        state.tasks.append(RoundTask((task.player + 1) % n))
    else:
        for seat, s in enumerate(state.seats):
            s.gain("hand", -D.LEFT_IN_HAND * len(s.hand))
            gained[seat]["hand"] = -D.LEFT_IN_HAND * len(s.hand)
    state.scorings.append(gained)


TASKS.automatic(RoundTask, _round)
TASKS.automatic(RevealTask, _reveal)

FLOW = Flow(TASKS, where)
legal_actions = FLOW.legal_actions
is_over = FLOW.is_over
current_player = FLOW.current_player
decision_kind = FLOW.decision_kind
apply = FLOW.apply
