"""The replay model: states stepped to forwards and backwards are identical, and turns and
rounds start where the game's sections and players change."""

from __future__ import annotations

import itertools
import random
from pathlib import Path

from forum_trajanum.core import timeline as replaying
from forum_trajanum.games.forum_trajanum.engine.record import read_record
from forum_trajanum.games.forum_trajanum.engine.replay import (
    SNAPSHOT_EVERY,
    GameReplay,
    next_mark,
    previous_mark,
)

GAME = Path(__file__).parent / "fixtures" / "export-game.json"


def _replay() -> GameReplay:
    return GameReplay.of(read_record(GAME.read_bytes()).record)


def test_stepping_backwards_gives_the_states_stepping_forwards_gave():
    replay = _replay()
    assert replay.length > 4 * SNAPSHOT_EVERY
    forwards = [replay.state_at(k).model_dump() for k in range(replay.length + 1)]
    backwards = [replay.state_at(k).model_dump() for k in range(replay.length, -1, -1)]
    assert backwards[::-1] == forwards
    # and both are the states a plain replay of the record reaches
    for k in range(0, replay.length + 1, 7):
        assert forwards[k] == replaying.replay(replay.record, k).model_dump()


def test_jumps_in_any_order_give_the_same_states():
    replay = _replay()
    rng = random.Random(4)
    for k in rng.sample(range(replay.length + 1), 25):
        assert replay.state_at(k).model_dump() == replaying.replay(replay.record, k).model_dump()


def test_a_state_handed_out_can_be_changed_without_changing_the_replay():
    replay = _replay()
    state = replay.state_at(30)
    state.players[0].score += 100
    state.players[0].grid[:] = [-1] * 36
    assert replay.state_at(30).model_dump() == replaying.replay(replay.record, 30).model_dump()
    assert replay.state_at(31).model_dump() == replaying.replay(replay.record, 31).model_dump()


def test_rounds_start_where_the_section_changes():
    replay = _replay()
    starts = replay.round_starts()
    # setup, then per cycle four rounds and the cycle's end, then the end of the record
    assert len(starts) == 1 + 3 * 5 + 1
    assert starts[0] == 0 and starts[-1] == replay.length
    titles = [replay.section_at(k).title() for k in starts[:-1]]
    assert titles[:3] == ["Setup", "Cycle I, round 1", "Cycle I, round 2"]
    assert titles[5] == "Cycle I, end: paying citizens and scoring"
    for k in starts[1:-1]:
        assert replay.steps[k - 1].section != replay.steps[k].section


def test_a_turn_is_one_players_run_of_actions_in_one_section():
    replay = _replay()
    starts = replay.turn_starts()
    assert set(replay.round_starts()) <= set(starts)
    for a, b in itertools.pairwise(starts):
        run = replay.steps[a:b]
        assert len({s.seat for s in run}) == 1 and len({s.section for s in run}) == 1
    assert next_mark(starts, 0) == starts[1]
    assert previous_mark(starts, starts[3]) == starts[2]
    assert previous_mark(starts, starts[3] + 1) == starts[3]
    assert next_mark(starts, replay.length) == replay.length
    assert previous_mark(starts, 0) == 0


def test_the_score_over_the_rounds_ends_with_the_final_scores():
    replay = _replay()
    rows = replay.scores_after()
    final = replay.state_at(replay.length)
    assert rows[-1][1] == tuple(pl.score for pl in final.players)
    assert len(rows) == 16
    for (_, earlier), (_, later) in itertools.pairwise(rows):
        assert all(a <= b for a, b in zip(earlier, later, strict=True))  # scores never fall


def test_an_unfinished_record_shows_public_lines_only():
    record = read_record(GAME.read_bytes()).record
    cut = GameReplay.of(record.model_copy(update={"actions": record.actions[:40]}))
    assert not cut.full and cut.length == 40
    whole = _replay()
    assert whole.full
    secret_steps = [s for s in whole.steps[:40] if s.secret]
    assert secret_steps
    for step in cut.steps:
        assert all(not secret for _, _, secret in cut.lines_of(step))


def test_a_record_that_stops_replaying_keeps_the_steps_before():
    record = read_record(GAME.read_bytes()).record
    broken = record.model_copy(update={"actions": [*record.actions[:20], "end", "end"]})
    replay = GameReplay.of(broken)
    assert replay.length <= 21 and replay.unplayable >= 1
    assert "stops replaying at action" in replay.problem and not replay.full
