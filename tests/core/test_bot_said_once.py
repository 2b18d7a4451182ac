"""A bot seat's level is said once (QA at 80x24: "Normal bot (normal bot)" in the games list,
the replay and the export): a bot named after its level, as the new-game form names it, is
its name alone; any other name is followed by its level."""

from __future__ import annotations

from pathlib import Path

import pytest

from forum_trajanum.core import export
from forum_trajanum.core.files import name_and_bot
from forum_trajanum.core.replay import Replay
from forum_trajanum.core.saves.listing import GameInfo
from forum_trajanum.games.forum_trajanum.engine.record import read_record
from forum_trajanum.tui.screens import bot_name

GAME = Path(__file__).parent.parent / "fixtures" / "export-game.json"


@pytest.mark.parametrize(
    ("name", "bot", "said"),
    [
        ("Normal bot", "normal", "Normal bot"),
        ("Hard bot 2", "hard", "Hard bot 2"),
        ("Marcus", "normal", "Marcus (normal bot)"),
        ("Hard bot", "easy", "Hard bot (easy bot)"),  # a name that says another level
        ("Normal botany", "normal", "Normal botany (normal bot)"),
        ("Livia", "", "Livia"),
    ],
)
def test_a_seat_is_named_with_its_bot_level_said_once(name, bot, said):
    assert name_and_bot(name, bot) == said


def test_the_names_the_form_gives_bots_are_said_once():
    levels = ["normal", "normal", "hard", "easy"]
    for seat, level in enumerate(levels):
        name = bot_name(level, seat, levels)
        assert name_and_bot(name, level) == name


def test_the_games_list_the_replay_and_the_export_say_a_bot_level_once(tmp_path):
    record = read_record(GAME.read_bytes()).record
    record.names = ["Livia", "Easy bot"]
    record.bots = ["", "easy"]
    info = GameInfo(id="g", path=tmp_path / "g.json", names=record.names, bots=record.bots)
    assert info.seats() == "Livia, Easy bot"
    replay = Replay(record)
    assert replay.seat_label(1) == "Easy bot"
    assert replay.seat_label(0) == "Livia"
    path = tmp_path / "game.json"
    path.write_text(record.to_json(), encoding="utf-8")
    text = export.export(path)
    assert "Players: 1 Livia, 2 Easy bot\n" in text
    assert "(easy bot)" not in text


def test_trajans_export_says_a_bot_level_once(tmp_path):
    from forum_trajanum.core.session import GameSession
    from forum_trajanum.games.trajan.engine.state import TrajanOptions

    session = GameSession.new(
        3, TrajanOptions(players=2), ["Ann", "Normal bot"], ["", "normal"], autosave=False,
        game="trajan",
    )  # fmt: skip
    session.play(session.view_of(session.decider).legal[0])
    path = tmp_path / "trajan.json"
    path.write_text(session.record.to_json(), encoding="utf-8")
    text = export.export(path)
    assert "Players: 1 Ann, 2 Normal bot\n" in text
    assert "(normal bot)" not in text
