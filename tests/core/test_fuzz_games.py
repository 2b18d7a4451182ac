"""The fuzz of every registered game (``tests/fuzzing.py``): random games with illegal, foreign
and garbage actions thrown at ``apply``, and damaged or hostile saves read as every reader
reads them, through the generic Game interface and the core's records; no game is named. Each
example is one seed; the number of examples comes from the Hypothesis profile
(``tests/conftest.py``, at most 20 here), and ``scripts/fuzz_games.py --cases N`` runs a
bigger fuzz."""

from __future__ import annotations

import contextlib
import dataclasses
import json
import os
import random
import tempfile

import pytest
from hypothesis import given, note, settings
from hypothesis import strategies as st

from forum_trajanum.core import record as core_record
from forum_trajanum.core.game import GAMES
from tests import fuzzing

NAMES = GAMES.names()
SEEDS = st.integers(0, 2**32 - 1)
#: The profile's number of examples, at most 20: each example is a whole game or a save
#: damaged several ways (the big run is ``scripts/fuzz_games.py``, not the suite).
FEW = settings(max_examples=min(settings().max_examples, 20))


def _no_faults(tally: fuzzing.Tally) -> None:
    assert tally.cases > 0
    assert not tally.faults, "\n".join(tally.faults[:10])


@pytest.mark.long
@pytest.mark.parametrize("name", NAMES)
@given(seed=SEEDS)
@FEW
def test_a_random_game_refuses_every_illegal_foreign_or_garbage_action_and_changes_nothing(
    name, seed
):
    note(f"random.Random({seed})")
    tally = fuzzing.fuzz_game(GAMES.get(name), random.Random(seed), throws=0.3)
    _no_faults(tally)
    assert tally.by_kind["game"] == 1 and tally.cases > 10


@pytest.mark.parametrize("name", NAMES)
@given(seed=SEEDS)
@FEW
def test_a_damaged_or_hostile_save_reads_or_says_it_is_damaged_and_never_raises_anything_else(
    name, seed
):
    note(f"random.Random({seed})")
    _no_faults(fuzzing.fuzz_save(GAMES.get(name), random.Random(seed), damages=6))


@contextlib.contextmanager
def _games_folder():
    """A save folder of its own for one example (Hypothesis runs many in one test call)."""
    old = os.environ.get("FORUM_TRAJANUM_HOME")
    with tempfile.TemporaryDirectory() as home:
        os.environ["FORUM_TRAJANUM_HOME"] = home
        try:
            yield home
        finally:
            if old is None:
                os.environ.pop("FORUM_TRAJANUM_HOME", None)
            else:
                os.environ["FORUM_TRAJANUM_HOME"] = old


@pytest.mark.parametrize("name", NAMES)
@given(seed=SEEDS)
@FEW
def test_a_damaged_save_file_is_listed_and_opened_as_the_app_does_raising_nothing_else(name, seed):
    note(f"random.Random({seed})")
    with _games_folder():
        _no_faults(fuzzing.fuzz_files(GAMES.get(name), random.Random(seed), damages=3))


def test_an_action_line_with_a_lone_surrogate_is_damage_after_which_the_game_resumes():
    # issue 26, item 3: one line "\ud800" made the whole save unreadable (the list said
    # healthy); it is a damaged action like any other: the game opens at the one before it
    from forum_trajanum.core.saves import listing, paths, store

    for name in NAMES:
        with _games_folder():
            lines = fuzzing.save_of(GAMES.get(name), random.Random(4)).split(b"\n")
            assert len(lines) > 12 and lines[-1] == b""  # header, actions, final newline
            lines[11] = b'"\\ud800"'  # the 11th action
            path = paths.games_dir() / f"lone{paths.SUFFIX}"
            path.write_bytes(b"\n".join(lines))
            assert listing.info_of(path).readable
            opened = store.open_game("lone")
            try:
                assert opened.record.actions == [json.loads(x) for x in lines[1:11]]
                assert opened.lost == len(lines) - 2 - 10  # the 11th action and after
            finally:
                opened.game.close()
            assert fuzzing.file_fault(b"\n".join(lines)) is None


@pytest.mark.parametrize("name", NAMES)
def test_every_hostile_text_and_every_other_games_action_is_refused_from_the_first_decision(
    name,
):
    game = GAMES.get(name)
    state = game.new_game(1, game.options(players=fuzzing.player_counts(name)[0]))
    tally = fuzzing.Tally()
    for text in fuzzing.HOSTILE_TEXTS:
        tally.case("text", fuzzing.parsed_and_refused(game, state, text))
    for action in fuzzing.foreign_actions(game):
        tally.case("foreign", fuzzing.refused(game, state, action))
        assert game.reveals_information(state, action) is True, str(action)
    for thing in fuzzing.NOT_ACTIONS:
        tally.case("not an action", fuzzing.refused(game, state, thing))
    _no_faults(tally)
    assert tally.by_kind["foreign"] > 20  # every other game's actions, of many kinds


def test_a_save_with_a_lone_surrogate_in_every_name_and_title_reads_and_saves_again():
    for name in NAMES:
        game = GAMES.get(name)
        good = fuzzing.save_of(game, random.Random(3))
        header, rest = good.split(b"\n", 1)
        data = json.loads(header)
        data["names"] = [f"Ann\ud800{n}\udfff" for n in range(len(data["names"]))]
        data["meta"] = {**data.get("meta", {}), "title": "T\ud800", "stage": "\udc00"}
        damaged = json.dumps(data).encode() + b"\n" + rest  # escaped: valid JSON, UTF-8
        assert fuzzing.read_fault(damaged) is None
        record = core_record.read_record(damaged, GAMES).record
        assert record.names == [f"Ann{n}" for n in range(len(data["names"]))]
        record.to_json().encode("utf-8")  # the next save can be written


# ── the fuzz finds what it looks for ──────────────────────────────────────────────────────


def test_the_fuzz_counts_a_fault_for_any_other_exception_an_accepted_action_or_a_change():
    game = GAMES.get(NAMES[0])
    state = game.new_game(1, game.options(players=fuzzing.player_counts(game.name)[0]))
    legal = game.legal_actions(state)

    def crashing(state, action, player=None):
        raise KeyError(action)

    def careless(state, action, player=None):
        state.actions_taken += 1  # changes what the seats see? at least the state
        return game.apply(state, action, player)

    assert "raised KeyError" in fuzzing.refused(dataclasses.replace(game, apply=crashing), state, 5)
    assert "was accepted" in fuzzing.refused(game, state.clone(), legal[0])
    views = dataclasses.replace(game, view=lambda s, seat: s.actions_taken)
    assert "changed the game" in fuzzing.refused(
        dataclasses.replace(views, apply=careless), state.clone(), "garbage"
    )
    assert fuzzing.refused(game, state, "garbage") is None


def test_the_fuzz_counts_a_fault_when_reading_a_save_raises_anything_but_the_record_error(
    monkeypatch,
):
    game = GAMES.get(NAMES[0])
    good = fuzzing.save_of(game, random.Random(1))
    assert fuzzing.read_fault(good) is None

    def crashing(data, games):
        raise UnicodeEncodeError("utf-8", "\ud800", 0, 1, "surrogates not allowed")

    monkeypatch.setattr(fuzzing, "read_record", crashing)
    assert "read_record raised UnicodeEncodeError" in fuzzing.read_fault(good)


def test_the_fuzz_script_prints_its_cases_and_faults_by_game_and_in_a_last_line(capsys):
    from scripts.fuzz_games import main

    home = os.environ.get("FORUM_TRAJANUM_HOME")
    assert main(["--cases", "40", "--seed", "5"]) == 0
    assert os.environ.get("FORUM_TRAJANUM_HOME") == home  # the run's own folder is gone
    lines = capsys.readouterr().out.splitlines()
    assert [line.split(":")[0] for line in lines[: len(NAMES)]] == NAMES
    cases = int(lines[-1].split()[1])
    assert cases >= 40 and lines[-1] == f"fuzz: {cases} cases, 0 faults"
