"""The order of the citizen payments at a cycle's end (rules "End of the cycle"; issue 36:
the top of the list loses no Trajan task nor citizen another choice keeps), computed cheaply
(issue 37.5): it is the order its definition gives, every payment's Colonia asked in full."""

from __future__ import annotations

import random

import pytest

from forum_trajanum.games.forum_trajanum.engine.cards import TRAJAN, after_paying
from forum_trajanum.games.forum_trajanum.engine.rules import apply, is_over, legal_actions
from forum_trajanum.games.forum_trajanum.engine.scoring import trajan_card_of_cycle
from forum_trajanum.games.forum_trajanum.engine.setup import new_game


def defined_order(state, legal: list) -> list:
    """The payments as made (most rows first, each size's combinations in order), then
    sorted by the Trajan tasks of the scoring kept (most first, counted up to those met
    before paying: a payment meeting a task more often by making rows active again is a
    purchase, not the default), the active citizens turned inactive (fewest first), the coins
    paid (fewest first) and the citizens made active again (most first), each payment asked
    in full."""
    pl = state.players[state.tasks[-1].player]
    card = trajan_card_of_cycle(state, state.cycle)
    collection = TRAJAN[card].collection if card else None
    active = {
        r + 1: (pl.citizens[r][0] >= 0) + (pl.citizens[r][1] >= 0)
        for r in range(6)
        if pl.citizens[r][0] >= 0 and pl.row_active[r]
    }

    met = collection(pl) if collection else 0

    def key(a) -> tuple[int, int, int, int]:
        kept = collection(after_paying(pl, a.rows)) if collection else 0
        lost = sum(n for r, n in active.items() if r not in a.rows)
        gained = sum(
            (pl.citizens[r - 1][0] >= 0) + (pl.citizens[r - 1][1] >= 0)
            for r in a.rows
            if not pl.row_active[r - 1]
        )
        return -min(kept, met), lost, len(a.rows), -gained

    made = sorted(legal, key=lambda a: (-len(a.rows), a.rows))
    return sorted(made, key=key)


@pytest.mark.parametrize("players", [2, 4])
def test_the_citizen_payments_come_in_the_order_their_definition_gives(players):
    rng = random.Random(players)
    checked = 0
    for seed in range(8):
        state = new_game(seed, players=players)
        while not is_over(state):
            legal = legal_actions(state)
            if state.tasks[-1].kind == "pay" and len(legal) > 1:
                assert legal == defined_order(state, legal)
                checked += 1
            apply(state, rng.choice(legal))
    assert checked > 20
