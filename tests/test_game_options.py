"""Each game's own options, offered by the New game form and ``forum-trajanum new`` from the
game's options model (core/options.py; issue 29: "the form and new --help offer each game's
own options from its contract"): nothing of the shell names an option of any game."""

from __future__ import annotations

import pytest
from pydantic import BaseModel, Field

from forum_trajanum import cli
from forum_trajanum.core.game import GAMES
from forum_trajanum.core.options import CHOICE, SEATS, TICK, offer, offered
from forum_trajanum.tui.seats import SeatError, settings_from_seats

from .test_cli import _started_with


class Options(BaseModel):
    players: int = 2
    colour: str = Field(
        "red",
        title="Colour",
        description="the colour",
        json_schema_extra=offer("--colour", CHOICE, choices={"red": "red", "Blue": "blue"}),
    )
    fast: bool = Field(False, title="Fast", json_schema_extra=offer("--fast", TICK))
    lucky: tuple[int, ...] = Field((), json_schema_extra=offer("--lucky", SEATS, hint="luck"))
    hidden: bool = False


def test_only_the_fields_a_model_offers_are_options_with_their_titles_and_defaults():
    found = offered(Options)
    assert [o.name for o in found] == ["colour", "fast", "lucky"]
    colour, fast, lucky = found
    assert (colour.title, colour.description, colour.default) == ("Colour", "the colour", "red")
    assert colour.choice("BLUE") == "Blue" and colour.choice("green") == "green"
    assert (fast.kind, fast.key, fast.default) == (TICK, "fast", False)
    assert (lucky.kind, lucky.hint, lucky.title) == (SEATS, "luck", "lucky")


def test_an_offer_that_cannot_be_shown_is_refused_when_the_model_is_written():
    with pytest.raises(ValueError, match="kind"):
        offer("--x", "slider")
    with pytest.raises(ValueError, match="flag"):
        offer("x", TICK)
    with pytest.raises(ValueError, match="choices"):
        offer("--x", CHOICE)


def test_new_help_lists_every_option_of_every_game_under_its_games_title(capsys):
    with pytest.raises(SystemExit):
        cli.main(["new", "--help"])
    said = " ".join(capsys.readouterr().out.split())
    for name in GAMES.names():
        options = offered(GAMES.get(name).options)
        if options:
            assert f"{GAMES.title(name)}'s options (--game {name})" in said
        for option in options:
            assert option.flag in said
            assert " ".join(option.description.split()) in said


def test_a_new_game_gets_every_option_its_game_offers_given_or_by_default(monkeypatch):
    for name in GAMES.names():
        settings = _started_with(monkeypatch, ["--game", name, "--seats", "Ann,Bob"])
        expected = {o.name: o.default for o in offered(GAMES.get(name).options)}
        assert settings.options == expected
        assert GAMES.get(name).options(players=2, **settings.options)  # the game takes them


def test_random_forum_boards_can_be_asked_for_on_the_command_line_too(monkeypatch):
    settings = _started_with(monkeypatch, ["--seats", "Ann,Bob", "--random-forum"])
    assert settings.options["random_forum"] is True


def _given(option) -> list[str]:
    """The option on a command line, with a value it takes."""
    value = {CHOICE: [option.choices[-1][0]] if option.choices else [], SEATS: ["Ann"]}
    return [option.flag, *value.get(option.kind, [])]


def test_an_option_of_another_game_is_refused_in_words(capsys):
    for name in GAMES.names():
        own = {o.flag for o in offered(GAMES.get(name).options)}
        others = [o for n in GAMES.names() for o in offered(GAMES.get(n).options)]
        for option in [o for o in others if o.flag not in own]:
            argv = ["new", "--game", name, "--seats", "Ann,Bob", *_given(option)]
            assert cli.main(argv) == 2
            err = capsys.readouterr().err
            assert f"{GAMES.title(name)} has no option {option.flag}" in err
            assert "Traceback" not in err


def test_a_choice_no_game_knows_is_refused_from_code_too():
    with pytest.raises(SeatError, match="--side C: choose one of A, B"):
        settings_from_seats("Ann,Bob", {"side": "C"}, game="forum-trajanum")
