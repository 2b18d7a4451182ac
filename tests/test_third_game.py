"""A third game is its package plus one line (issue 29): Tiny, a game that exists only in the
tests (``tests/tinygame/``, registered by ``tests/testonly.py``), is played, saved, reopened
and simulated by the program's core with nothing of the program naming it. Its rules are in
``tests/tinygame/__init__.py``; the contract every game passes runs for it too
(``tests/core/test_game_contract.py``), and so does its golden playthrough
(``tests/core/test_playthroughs.py``), and the app shows it through its UI contract
(``tests/tui/test_tiny_game.py``)."""

from __future__ import annotations

import json

import pytest

from forum_trajanum.core import saves
from forum_trajanum.core.game import GameRegistry
from forum_trajanum.core.session import GameSession
from forum_trajanum.core.simulate import run
from forum_trajanum.games import GAMES
from tests import testonly
from tests.tinygame.engine.state import HIDDEN

pytestmark = pytest.mark.usefixtures("test_only_games")


@pytest.fixture(autouse=True)
def save_home(tmp_path, monkeypatch):
    """Every test saves into its own temporary folder."""
    monkeypatch.setenv("FORUM_TRAJANUM_HOME", str(tmp_path / "home"))


def test_a_test_only_game_is_registered_for_a_test_and_taken_out_after():
    assert "tiny" in GAMES and GAMES.get("tiny").title == "Tiny"
    registry = GameRegistry()
    with testonly.registered(registry) as names:
        assert names == ["tiny"] and registry.names() == ["tiny"]
        assert registry.get("tiny") is GAMES.get("tiny")
    assert registry.names() == [] and "tiny" not in registry


def test_the_registry_refuses_to_take_out_a_game_it_does_not_have():
    registry = GameRegistry()
    with pytest.raises(LookupError, match="no game called 'chess'"):
        registry.unregister("chess")
    registry.register("tiny", "Tiny", "tests.tinygame.engine.game:GAME")
    registry.unregister("tiny")
    registry.register("tiny", "Tiny", "tests.tinygame.engine.game:GAME")  # again: no clash
    assert registry.names() == ["tiny"]


def _session(players: int = 3, seed: int = 7) -> GameSession:
    game = GAMES.get("tiny")
    return GameSession.new(
        seed, game.options(players=players), ["Ann", "Bob", "Cy"][:players], [""] * players,
        autosave=False, game="tiny",
    )  # fmt: skip


def test_each_seat_sees_its_own_hand_and_no_other_nor_the_deck():
    """Tiny's rules: hands are private, the deck face down."""
    s = _session()
    hands = [seat.hand for seat in s.state.seats]
    for viewer in range(3):
        seen = s.view_of(viewer)
        assert seen.seats[viewer].hand == hands[viewer]
        for other in set(range(3)) - {viewer}:
            assert seen.seats[other].hand == [HIDDEN] * len(hands[other])
        assert set(seen.deck) == {HIDDEN} and seen.seed == 0
    onlooker = s.public_view()
    assert all(set(seat.hand) == {HIDDEN} for seat in onlooker.seats)
    assert onlooker.legal == [] and s.view_of(s.decider).legal


def test_a_card_played_face_down_is_hidden_from_the_others_until_everyone_has_played():
    """Tiny's rules: the cards are turned up when every seat has played."""
    s = _session()
    first = s.decider
    card = s.state.seats[first].hand[0]
    s.play(f"play {card}")
    assert s.view_of(first).table[first] == card
    assert all(s.view_of(o).table[first] == HIDDEN for o in range(3) if o != first)
    assert s.public_view().table[first] == HIDDEN
    assert s.log[-1].text == "played a card face down" and str(card) not in s.log[-1].text
    while s.state.history == []:
        s.play(s.rules.legal_actions(s.state)[-1])  # keep, then the lowest card
    played = s.state.history[0][1:]
    assert [s.public_view().history[0][1 + seat] for seat in range(3)] == played
    assert [e.text for e in s.log if e.text.startswith("turned up")] == [
        f"turned up the {c}" for c in played
    ]


def test_a_card_played_can_be_taken_back_but_not_once_a_card_is_drawn():
    """Undo goes back across a step of one's own turn, never across a card seen (the draw)."""
    s = _session()
    seat = s.decider
    hand = list(s.state.seats[seat].hand)
    s.play(f"play {hand[1]}")
    assert s.decider == seat and s.can_undo()
    assert s.undo() and s.state.seats[seat].hand == hand and s.record.actions == []
    s.play(f"play {hand[1]}")
    s.play("draw")
    assert not s.can_undo() and len(s.state.seats[seat].hand) == len(hand)
    assert s.rules.reveals_information(s.state, s.rules.parse("draw"))
    assert not s.rules.reveals_information(s.state, s.rules.parse(f"play {hand[0]}"))


def test_a_saved_tiny_game_is_listed_with_its_summary_and_reopens_where_it_stood():
    game = GAMES.get("tiny")
    s = GameSession.new(3, game.options(players=2), ["Ann", "Bob"], ["", "easy"], game="tiny")
    for _ in range(5):
        s.play(s.rules.legal_actions(s.state)[0])
    s.wait_saved()
    s.close()
    [info] = saves.list_games()
    assert info.game == "tiny" and info.game_title() == "Tiny"
    assert info.stage() == "round 2 of 3" and info.scores == game.scores(s.state)
    again, _ = GameSession.open(info.id)
    try:
        assert again.record.actions == s.record.actions
        assert again.state.model_dump() == s.state.model_dump()
        assert [e.text for e in again.log] == [e.text for e in s.log]
    finally:
        again.close()


def test_simulate_plays_tiny_games_between_its_bots_and_keeps_their_records(tmp_path):
    summary = run(
        ["easy", "normal"], games=4, seed=1, jobs=1,
        records=tmp_path / "records", game="tiny",
    )  # fmt: skip
    assert summary["game"] == "tiny" and summary["games"] == 4
    assert [c for c, _ in summary["categories"]] == ["prizes", "hand"]
    records = sorted((tmp_path / "records").glob("*.json"))
    assert len(records) == 4
    header = json.loads(records[0].read_text(encoding="utf-8").splitlines()[0])
    assert header["game"] == "tiny" and header["meta"]["stage"] == "finished"


def test_the_command_line_simulates_a_test_only_game(capsys, tmp_path):
    from forum_trajanum.cli import main

    out = tmp_path / "summary.json"
    code = main(["simulate", "--game", "tiny", "--players", "easy,easy,normal",
                 "--games", "3", "--jobs", "1", "--json", str(out)])  # fmt: skip
    assert code == 0, capsys.readouterr().err
    summary = json.loads(out.read_text(encoding="utf-8"))
    assert summary["game"] == "tiny" and summary["games"] == 3
    assert "Tiny: 3 games" in capsys.readouterr().out
