"""Export of a game record: the golden log of a known game, its JSON twin, and what an
unfinished game's export may show (only what an onlooker may know)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from forum_trajanum.commands import export as command
from forum_trajanum.core import export
from forum_trajanum.core import timeline as replaying
from forum_trajanum.games.forum_trajanum.engine import (
    GameRecord,
    apply,
    legal_actions,
    parse,
    ranking,
)
from forum_trajanum.games.forum_trajanum.engine.record import read_record
from forum_trajanum.games.forum_trajanum.engine.state import TRAJAN_CARDS_KEY
from forum_trajanum.games.forum_trajanum.ui.export import CATEGORY_TITLES

FIXTURES = Path(__file__).parent / "fixtures"
GAME = FIXTURES / "export-game.json"  # made by fixtures/make_export_game.py
#: The golden log of GAME. When the wording changes on purpose, regenerate it with
#:     .venv/bin/forum-trajanum export tests/fixtures/export-game.json \
#:         > tests/fixtures/export-game.txt
#: and read the diff before committing it.
GOLDEN = FIXTURES / "export-game.txt"


def _record() -> GameRecord:
    return read_record(GAME.read_bytes()).record


def _write(tmp_path: Path, record: GameRecord, name: str = "game.json") -> Path:
    path = tmp_path / name
    path.write_text(record.to_json(), encoding="utf-8")
    return path


def test_the_export_of_a_known_game_matches_its_golden_log():
    assert export.export(GAME) == GOLDEN.read_text(encoding="utf-8")


def test_the_json_export_holds_the_same_game():
    data = json.loads(export.export(GAME, "json"))
    state = replaying.replay(_record())
    assert data["finished"] and data["everything_shown"]
    assert [c["title"] for c in data["cycles"]] == ["Setup", "Cycle I", "Cycle II", "Cycle III"]
    for cycle in data["cycles"][1:]:
        parts = [(s["part"], s["round"]) for s in cycle["sections"]]
        assert parts == [("round", 1), ("round", 2), ("round", 3), ("round", 4), ("scoring", 0)]
    scorings = [
        e["scoring"]
        for c in data["cycles"]
        for s in c["sections"]
        for e in s["entries"]
        if "scoring" in e
    ]
    # the export names each category as it always has: the Trajan cards' points "trajan"
    named = {k: CATEGORY_TITLES.get(k, k) for k in state.scorings[0][0]}
    assert named[TRAJAN_CARDS_KEY] == "trajan" and TRAJAN_CARDS_KEY not in scorings[0][0]
    assert [[{k: row[named[k]] for k in named} for row in cyc] for cyc in scorings] == [
        [dict(d) for d in cyc] for cyc in state.scorings
    ]
    assert [row["score"] for row in scorings[-1]] == [pl.score for pl in state.players]
    places = [[s["seat"] - 1 for s in place["seats"]] for place in data["ranking"]]
    assert places == ranking(state)
    numbers = [
        e["n"] for c in data["cycles"] for s in c["sections"] for e in s["entries"] if "n" in e
    ]
    assert numbers == sorted(numbers) and numbers[-1] == len(_record().actions)


def test_a_finished_game_shows_what_each_player_kept_and_passed_but_public_does_not():
    text = export.export(GAME)
    assert " ~ Livia: kept " in text and "and passed" in text
    public = export.export(GAME, public=True)
    assert " ~ " not in public and "kept 1" not in public
    assert "seed 5" in text and "seed" not in public
    assert "Only what an onlooker may know is shown." in public


def _worlds_before_a_secret_choice() -> tuple[GameRecord, list[str]]:
    """The fixture game cut just before the first player keeps one of two drafted tiles,
    and the texts of the keep actions (two that an onlooker cannot tell apart)."""
    record = _record()
    state = replaying.start(record)
    for number, text in enumerate(record.actions):
        keeps = [str(a) for a in legal_actions(state) if a.kind == "keep"]
        if len(keeps) == 2:
            cut = record.model_copy(update={"actions": record.actions[:number]})
            return cut, keeps
        apply(state, parse(text))
    raise AssertionError("the fixture game has no draft with two tiles")


def test_an_unfinished_game_exports_only_what_an_onlooker_may_know(tmp_path):
    # Two worlds that differ only in which tile the player kept: an onlooker cannot tell
    # them apart, so neither can the export of the unfinished game.
    cut, keeps = _worlds_before_a_secret_choice()
    texts = []
    for i, keep in enumerate(keeps):
        world = cut.model_copy(update={"actions": [*cut.actions, keep]})
        path = _write(tmp_path, world, f"world{i}.json")
        texts.append((export.export(path), export.export(path, "json")))
    assert texts[0] == texts[1]
    assert "Not finished" in texts[0][0] and " ~ " not in texts[0][0]
    assert '"action"' not in texts[0][1]  # the action texts would say which tile was kept
    assert "seed" not in texts[0][0] and '"seed": null' in texts[0][1]  # it decides every tile


def test_a_file_that_is_no_record_gets_a_clear_message(tmp_path, capsys):
    bad = tmp_path / "notes.json"
    bad.write_text("hello", encoding="utf-8")
    assert command.main([str(bad)]) == 1
    assert "not valid JSON" in capsys.readouterr().err
    assert command.main([str(tmp_path / "missing.json")]) == 1
    assert "there is no file missing.json" in capsys.readouterr().err


@pytest.mark.parametrize("fmt", ["text", "json"])
def test_the_export_command_prints_the_log(fmt, capsys):
    assert command.main([str(GAME), "--format", fmt]) == 0
    out = capsys.readouterr().out
    assert out == export.export(GAME, fmt)


def test_each_cycle_table_of_the_text_log_adds_up_to_the_score_as_the_points_tab_does():
    # QA: the table left out the VP of the cycle's rounds, so its "total" did not lead to the
    # score (Marcus: 2 VP, then "total 9" and "score 15"); the game's Points tab has a Play
    # column and its Cycle adds up
    lines = export.export(GAME).splitlines()
    heads = [i for i, line in enumerate(lines) if line.startswith("Scoring of cycle")]
    assert len(heads) == 3
    before: dict[str, int] = {}
    played = 0
    for head in heads:
        columns = lines[head + 1].split()
        assert columns[0] == "play" and columns[-2:] == ["cycle", "score"]
        for line in lines[head + 2 : head + 4]:
            name, *numbers = line.split()
            parts, cycle, score = numbers[:-2], numbers[-2], numbers[-1]
            assert sum(int(n) for n in parts) == int(cycle), line
            assert before.get(name, 0) + int(cycle) == int(score), line
            before[name] = int(score)
            played += int(parts[0])
    assert played  # the known game has VP scored during play: the column is tested
