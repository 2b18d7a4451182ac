"""Random play: at least 200 full games for each of 2, 3 and 4 players.

Every action is chosen uniformly among the legal actions. At every step the state is checked:
no negative resources, every player's 34 Colonia tiles accounted for, scores never fall, a
non-terminal state always has a legal action, the acting player's view round-trips through
JSON; every game ends after 12 rounds and 3 scorings and its record replays to the same state.
"""

from __future__ import annotations

import random

import pytest

from forum_trajanum.data import CYCLES, ROUNDS_PER_CYCLE
from forum_trajanum.engine import (
    GameRecord,
    PlayerView,
    apply,
    current_player,
    is_over,
    legal_actions,
    new_game,
    parse,
    view,
)
from forum_trajanum.engine.checks import check_invariants

GAMES_PER_COUNT = 200
CHUNKS = 4  # the games of one player count run as 4 tests, so pytest -n spreads them


def play_random_game(seed: int, players: int) -> tuple[GameRecord, int, int]:
    """Play one checked random game; returns its record, rounds and scorings seen."""
    rng = random.Random(seed)
    options = {"players": players, "side": "AB"[seed % 2], "introductory": seed % 5 == 0}
    if seed % 7 == 0:
        options["handicap"] = (seed % players,)
    state = new_game(seed, **options)
    record = GameRecord(seed=seed, options=state.options)
    scores = [0] * players
    rounds_seen = set()
    while not is_over(state):
        legal = legal_actions(state)
        assert legal, "a non-terminal state has no legal action"
        action = rng.choice(legal)
        assert parse(str(action)) == action
        actor = current_player(state)
        apply(state, action)
        record.append(action)
        problems = check_invariants(state)
        assert not problems, f"seed {seed}: {problems}"
        now = [pl.score for pl in state.players]
        assert all(b >= a for a, b in zip(scores, now, strict=True)), "a score fell"
        scores = now
        if state.round:
            rounds_seen.add((state.cycle, state.round))
        seen = view(state, actor)
        assert PlayerView.model_validate_json(seen.model_dump_json()) == seen
    restored = GameRecord.from_json(record.to_json()).replay()
    assert restored.model_dump() == state.model_dump()
    return record, len(rounds_seen), len(state.scorings)


@pytest.mark.parametrize("chunk", range(CHUNKS))
@pytest.mark.parametrize("players", [2, 3, 4])
def test_random_games_finish_cleanly(players: int, chunk: int) -> None:
    """Rules "End of the game": every game ends after 12 rounds (3 cycles) and 3 scorings."""
    for seed in range(chunk, GAMES_PER_COUNT, CHUNKS):
        _, rounds, scorings = play_random_game(seed * 10 + players, players)
        assert rounds == CYCLES * ROUNDS_PER_CYCLE
        assert scorings == CYCLES


def test_same_seed_and_actions_give_the_same_state() -> None:
    """Reproducibility: the same seed and the same actions give the same state."""
    record, _, _ = play_random_game(4242, 3)
    assert record.replay().model_dump() == record.replay().model_dump()
    other = GameRecord(seed=4243, options=record.options)
    assert other.start().model_dump() != record.start().model_dump()
