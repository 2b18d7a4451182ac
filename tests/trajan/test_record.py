"""A Trajan game saves, reads back and replays through the core (its record names its game),
and its whole log reads in words."""

from __future__ import annotations

import re

from forum_trajanum.core import timeline as replaying
from forum_trajanum.core.errors import RecordError
from forum_trajanum.core.game import GAMES
from forum_trajanum.core.record import read_record
from forum_trajanum.core.timeline import Timeline
from forum_trajanum.games.trajan.engine.game import GAME, TrajanRecord, summary
from forum_trajanum.games.trajan.engine.state import TrajanOptions

from .helpers import random_game


def _played(seed: int, players: int, actions: int | None = None):
    record = TrajanRecord(seed=seed, options=TrajanOptions(players=players))
    for n, (_state, action) in enumerate(random_game(seed, players)):
        if actions is not None and n == actions:
            break
        record.append(action)
    return record


def test_a_record_names_its_game_and_reads_back_as_trajan():
    """A record's file names its game; read back it replays to the same state."""
    record = _played(4, 3, 150)
    text = record.to_json()
    assert '"game":"trajan"' in text.splitlines()[0]
    found = read_record(text, GAMES)
    assert isinstance(found.record, TrajanRecord) and not found.problem
    assert found.record.actions == record.actions
    assert replaying.replay(found.record).model_dump() == replaying.replay(record).model_dump()


def test_a_record_with_an_impossible_action_replays_up_to_it_and_says_where():
    """An action that is not legal at its point (EN l.167-171: the turn's steps in order; l.239:
    only the target tray's action) stops the replay there, and the error gives its number."""
    record = _played(5, 2, 60)
    record.actions[40] = "senate" if record.actions[40] != "senate" else "hire"
    _state, good, problem = replaying.replay_valid(record)
    assert good == 40 and "action 41" in problem
    try:
        replaying.replay(record)
    except RecordError as exc:
        assert "action 41" in str(exc)
    else:  # pragma: no cover
        raise AssertionError("an impossible action replayed")


def test_options_the_game_refuses_give_a_record_error():
    """EN l.97 (components §3): Trajan is played by 2, 3 or 4 players; a record for 5 is
    refused."""
    data = _played(1, 2, 5).model_dump()
    data["options"] = {"players": 5}
    try:
        TrajanRecord.model_validate(data)
    except ValueError as exc:
        assert "2, 3 or 4 players" in str(exc)
    else:  # pragma: no cover
        raise AssertionError("a 5-player game was accepted")


def test_the_whole_log_of_a_game_is_in_words_and_the_summary_follows_the_quarters():
    """The log of a whole game is in words: the round ends reveal demands (EN l.401), four
    quarters end (l.163, l.405) and the final scoring follows (l.524)."""
    record = _played(6, 4)
    timeline = Timeline(record, GAME)
    said = [line for step in timeline for line in step.lines]
    lines = [text for _, text in said]
    assert not timeline.problem and len(lines) >= len(record.actions)
    assert any(re.search(r"the people demand (bread|games|religion)", t) for t in lines)
    finals = [(seat, t) for seat, t in said if t.startswith("final scoring: ")]
    # each seat's 1 VP items, construction sets and bonus tiles, under its own seat
    assert sorted(seat for seat, _ in finals) == sorted(list(range(4)) * 3)
    ends = [t.split(" ends:")[0] for t in lines if " ends: the people's demands" in t]
    assert ends == ["Quarter I", "Quarter II", "Quarter III", "Quarter IV"]
    assert not any(re.search(r"\b\d+:\d+\b|None|\[\]|-1\b", t) for t in lines)
    assert summary(timeline.state) == "finished"
    assert summary(replaying.start(record)) == "setting up"


def test_export_prints_a_trajan_game_in_words_secrets_only_when_finished(tmp_path):
    """The export prints the log in words; the secret lines and the seed only once the game is
    finished (components §6)."""
    from forum_trajanum.core.export import export

    finished = tmp_path / "done.json"
    finished.write_text(_played(7, 3).to_json())
    text = export(finished)
    assert text.startswith("Trajan — game log") and "=== Quarter IV, round 4 ===" in text
    assert "=== Final ranking ===" in text and "Ties are broken by: higher in the senate" in text
    assert " ~ " in text and "seed 7" in text  # the secret lines (cards drawn) are marked
    public = export(finished, public=True)
    assert " ~ " not in public and "seed" not in public
    going = tmp_path / "going.json"
    going.write_text(_played(7, 3, 100).to_json())
    text = export(going)
    assert "Not finished" in text and " ~ " not in text and "seed" not in text
    import json

    data = json.loads(export(finished, "json"))
    assert data["game"] == "trajan" and len(data["ranking"]) >= 1


def test_the_export_heads_each_scoring_table_with_the_quarter_it_scores(tmp_path):
    """QA: the export headed its tables "Points after scoring 1" (the core's count) where
    the game says quarters (EN l.163, l.405: four quarters, the final scoring after the last,
    l.524). Each table is named after its quarter, in the game's words."""
    from forum_trajanum.core.export import export

    finished = tmp_path / "done.json"
    finished.write_text(_played(7, 3).to_json())
    text = export(finished)
    heads = [line for line in text.splitlines() if line.startswith("Points after")]
    assert heads == [
        "Points after the scoring of Quarter I (whole game so far):",
        "Points after the scoring of Quarter II (whole game so far):",
        "Points after the scoring of Quarter III (whole game so far):",
        "Points after the scoring of Quarter IV and the final scoring (whole game so far):",
    ]


def test_a_trajan_game_is_saved_listed_and_read_back_from_the_save_folder(tmp_path, monkeypatch):
    """A Trajan game is saved, listed with its place in the game (EN l.163: quarters and rounds)
    and read back."""
    from forum_trajanum.core import saves

    monkeypatch.setenv("FORUM_TRAJANUM_HOME", str(tmp_path))
    record = _played(8, 2, 90)
    record.names = ["Livia", "Cato"]
    state = replaying.replay(record)
    opened = saves.create_game(record, state)
    opened.close()
    (info,) = saves.list_games(finished=None)
    assert info.names == ["Livia", "Cato"]
    assert re.fullmatch(r"quarter I{1,3}V?, round [1-4]", info.where)
    again, replayed = saves.read_game(info.id)
    assert again.game == "trajan" and replayed.model_dump() == state.model_dump()
    reopened = saves.open_game(info.id)
    assert reopened.record.actions == record.actions
    reopened.game.close()


def test_the_log_puts_an_before_a_vowel_for_every_colour_building_and_forum_tile():
    """The article fits each colour word ("put an orange marker", "a blue marker"); the
    buildings and forum tiles (extra-...) take theirs the same way; a whole game's log has
    no "a" before a vowel."""
    from forum_trajanum.games.trajan import data as D
    from forum_trajanum.games.trajan.engine.actions import FORUM_KEY_WORDS, parse
    from forum_trajanum.games.trajan.engine.rules import apply
    from forum_trajanum.games.trajan.engine.view import SPECS, a_or_an

    from .helpers import after_setup, turn_of

    s = turn_of(after_setup(2), 0)
    apply(s, parse("take forum"))
    assert s.decision == "sow"
    for code, colour in zip(D.COLOUR_CODES, D.COLOURS, strict=True):
        text = SPECS["sow"].log(s, parse(f"sow {code}"), 0)
        article = "an" if colour[0] in "aeiou" else "a"
        assert text.startswith(f"put {article} {colour} marker into the "), text
    assert SPECS["sow"].log(s, parse("sow O"), 0).startswith("put an orange marker")
    for word in D.COLOURS + D.BUILDING_TYPES + FORUM_KEY_WORDS:
        assert a_or_an(word) == ("an " if word[0].lower() in "aeiou" else "a ") + word
    assert a_or_an("extra-forum") == "an extra-forum" and a_or_an("Door") == "a Door"
    timeline = Timeline(_played(6, 2), GAME)
    lines = [text for step in timeline for _, text in step.lines]
    assert not [t for t in lines if re.search(r"\ba [aeiouAEIOU]", t)]
