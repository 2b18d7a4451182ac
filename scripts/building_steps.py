"""What Forum Trajanum's bots do with their building steps, from a directory of game records.
``python scripts/building_steps.py DIR`` (DIR from ``forum-trajanum simulate ... --records DIR``)

Each record is replayed; for every level, per game: the final score, the building steps (one
a turn, 12 in a game), those that ended without a build, and those begun with no builder and
no worker at all in the supply (rules "Building step": a gray building needs a builder, a
coloured structure a worker of its colour or another worker and an assistant). Printed for
all games of the level and for its lowest fifth by score (its worst games), with the paired
margin of each game when two directories are given (``DIR_BEFORE DIR_AFTER``: the same
deals, seats and seeds, e.g. one simulate command run on two branches)."""

from __future__ import annotations

import statistics
import sys
from collections import defaultdict
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))


def games_of(folder: Path) -> dict[str, dict[str, tuple[int, int, int, int]]]:
    """Per record (file name): per level, (score, building steps, steps without a build,
    steps begun with no builder and no worker)."""
    from forum_trajanum.core.timeline import replay
    from forum_trajanum.games.forum_trajanum.engine import (
        apply,
        current_player,
        decision_kind,
        parse,
    )
    from forum_trajanum.games.forum_trajanum.engine.actions import Build
    from forum_trajanum.games.forum_trajanum.engine.record import GameRecord
    from forum_trajanum.games.forum_trajanum.engine.tasks import Decision

    found = {}
    for path in sorted(folder.glob("*.json")):
        record = GameRecord.from_json(path.read_bytes())
        state = replay(record, upto=0)
        turns: dict[tuple[int, int, int], list[bool]] = {}  # turn: [empty supply, built]
        for text in record.actions:
            seat, kind = current_player(state), decision_kind(state)
            turn = (state.cycle, state.round, seat)
            action = parse(text)
            if kind == Decision.BUILD:
                pl = state.players[seat]
                turns.setdefault(turn, [pl.builders + sum(pl.workers) == 0, False])
                turns[turn][1] |= isinstance(action, Build)
            apply(state, action, seat)
        found[path.name] = {
            level: (
                state.players[seat].score,
                sum(1 for (_c, _r, s) in turns if s == seat),
                sum(1 for (_c, _r, s), (_e, built) in turns.items() if s == seat and not built),
                sum(1 for (_c, _r, s), (empty, _b) in turns.items() if s == seat and empty),
            )
            for seat, level in enumerate(record.bots)
        }
    return found


def report(found: dict[str, dict[str, tuple[int, int, int, int]]]) -> None:
    per: dict[str, list[tuple[int, int, int, int]]] = defaultdict(list)
    for game in found.values():
        for level, row in game.items():
            per[level].append(row)
    for level, rows in sorted(per.items()):
        for name, part in (("all", rows), ("lowest fifth", sorted(rows)[: max(1, len(rows) // 5)])):
            score, steps, unbuilt, empty = (statistics.mean(r[i] for r in part) for i in range(4))
            print(
                f"{level:7} {name:12} {len(part):3} games: {score:5.1f} points, {steps:4.1f} "
                f"building steps, {unbuilt:4.2f} without a build, {empty:4.2f} with no builder "
                "and no worker"
            )


def paired(before: dict, after: dict) -> None:
    """Each common game's margin (first level's score less the other's), after less before."""
    common = sorted(set(before) & set(after))
    if len(common) < 2:
        return
    first = next(iter(before[common[0]]))

    def margin(game: dict) -> int:
        return game[first][0] - max(v[0] for k, v in game.items() if k != first)

    diffs = [margin(after[name]) - margin(before[name]) for name in common]
    error = statistics.stdev(diffs) / len(diffs) ** 0.5
    print(
        f"{first}'s margin, after less before, over {len(common)} common games: "
        f"{statistics.mean(diffs):+.2f} points (standard error {error:.2f})"
    )


def main(argv: list[str]) -> None:
    folders = [Path(a) for a in argv]
    if not 1 <= len(folders) <= 2:
        raise SystemExit(__doc__)
    found = [games_of(folder) for folder in folders]
    for folder, games in zip(folders, found, strict=True):
        print(f"{folder} ({len(games)} games)")
        report(games)
    if len(found) == 2:
        paired(*found)


if __name__ == "__main__":
    main(sys.argv[1:])
