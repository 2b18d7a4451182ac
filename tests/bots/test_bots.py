"""Bots see only their views, answer legally, finish games and are deterministic."""

from __future__ import annotations

import ast
import importlib
import inspect

import pytest

from forum_trajanum.core.match import play_game
from forum_trajanum.games.forum_trajanum.bots import LEVELS
from forum_trajanum.games.forum_trajanum.bots.factory import make_bot
from forum_trajanum.games.forum_trajanum.engine import CellKind, GameState, PlayerView, parse_cell
from forum_trajanum.games.forum_trajanum.engine.state import PlayerState

BOT_MODULES = (
    "forum_trajanum.games.forum_trajanum.bots.easy",
    "forum_trajanum.games.forum_trajanum.bots.normal",
    "forum_trajanum.games.forum_trajanum.bots.hard",
    "forum_trajanum.games.forum_trajanum.bots.evaluation",
    "forum_trajanum.games.forum_trajanum.bots.factory",
    "forum_trajanum.games.forum_trajanum.bots.thrift",
)
#: Small budgets keep the tests quick; the search itself is the same: every search still
#: samples worlds from the view, plays each candidate in them to the end of the round and
#: ranks them. A frozen clock keeps the deadline from ever striking, so runs are
#: deterministic under load.
SMALL = {"hard": {"iterations": 2, "candidates": 2, "min_worlds": 1, "clock": lambda: 0.0}}

#: the game these bots play (core.match names no default game)
FT = "forum-trajanum"


def bot(level: str, seed: int):
    """A bot with a test-sized budget."""
    return make_bot(level, seed, **SMALL.get(level, {}))


def test_unknown_level_is_a_clear_value_error():
    with pytest.raises(ValueError, match=r"unknown bot level 'godlike'.*normal, hard, expert"):
        make_bot("godlike", 1)


@pytest.mark.parametrize("level", LEVELS)
def test_make_bot_levels(level):
    made = bot(level, 3)
    assert made.level == level


@pytest.mark.parametrize("module", BOT_MODULES)
def test_bot_modules_never_import_the_full_state(module):
    """No bot module can reach a GameState except through determinize(view)."""
    tree = ast.parse(inspect.getsource(importlib.import_module(module)))
    for node in ast.walk(tree):
        if isinstance(node, ast.ImportFrom):
            names = {alias.name for alias in node.names}
            assert "GameState" not in names, f"{module} imports GameState"
            assert "PlayerState" not in names, f"{module} imports PlayerState"
            assert "new_game" not in names, f"{module} imports new_game"
            assert "view" not in names, f"{module} imports view() (it would need a state)"
        if isinstance(node, ast.Name):
            assert node.id not in ("GameState", "new_game"), f"{module} uses {node.id}"


def _objects_in(value, depth=0):
    """Every object reachable from a view's fields (models, containers, scalars)."""
    yield value
    if depth > 6:
        return
    if isinstance(value, PlayerView) or hasattr(type(value), "model_fields"):
        for name in type(value).model_fields:
            yield from _objects_in(getattr(value, name), depth + 1)
    elif isinstance(value, dict):
        for k, v in value.items():
            yield from _objects_in(k, depth + 1)
            yield from _objects_in(v, depth + 1)
    elif isinstance(value, (list, tuple, set, frozenset)):
        for v in value:
            yield from _objects_in(v, depth + 1)


def _assert_no_secrets(view: PlayerView) -> None:
    for obj in _objects_in(view):
        assert not isinstance(obj, (GameState, PlayerState)), "a view holds full state"
    assert not hasattr(view, "seed") and "seed" not in type(view).model_fields
    for col in view.colonias:
        if col.seat == view.viewer:
            continue
        assert col.river == "", "another player's river is visible"
        assert col.taken == () and col.passed == ""
        for cell, content in enumerate(col.cells):
            if parse_cell(content)[0] is CellKind.TILE:
                assert cell in (0, 5, 30, 35), "a face-down tile of another player is visible"


def _assert_only_own_views(bots, result) -> None:
    """Every spied bot decided, and only ever from its own view without secrets."""
    assert len(result.scores) == len(bots)
    for seat, b in enumerate(bots):
        assert b.seen, "every bot decides at least once"
        for seen in b.seen:
            assert seen.viewer == seat and seen.decider == seat
            _assert_no_secrets(seen)
    assert sum(len(t) for t in result.think) == result.actions


def _checked_determinize(monkeypatch) -> list[int]:
    """Let the search bots' determinize check what it is fed; returns the viewers it saw."""
    import forum_trajanum.games.forum_trajanum.bots.hard as hard_module
    import forum_trajanum.games.forum_trajanum.bots.normal as normal_module
    from forum_trajanum.games.forum_trajanum.engine.determinize import determinize

    calls = []

    def checked(view, rng):
        assert type(view) is PlayerView
        assert view.legal, "sampled at a decision of the bot's own"
        calls.append(view.viewer)
        return determinize(view, rng)

    monkeypatch.setattr(normal_module, "determinize", checked)
    monkeypatch.setattr(hard_module, "determinize", checked)
    return calls


# The Hard bot takes seconds a game even with the small budget, so its games are the ones in
# test_bots_see_only_their_views_and_are_deterministic_for_a_seed, not repeated here.
@pytest.mark.parametrize(
    ("levels", "seed"),
    [
        (("easy", "easy"), 1),
        (("easy", "normal", "easy"), 2),
        (("normal", "easy", "easy", "easy"), 3),
    ],
)
def test_bots_get_only_views_and_finish_games(levels, seed, spy):
    bots = [spy(bot(level, seed + i)) for i, level in enumerate(levels)]
    _assert_only_own_views(bots, play_game(bots, seed, game=FT))


@pytest.mark.parametrize("level", ["easy", "normal", pytest.param("hard", marks=pytest.mark.long)])
def test_bots_see_only_their_views_and_are_deterministic_for_a_seed(level, spy, monkeypatch):
    """Against an Easy bot, a bot of each level finishes the game deciding from its own views
    only; a search bot samples worlds only from them (determinize is its only way to a full
    state, and it is fed the bot's own view); the same seeds give the same answers. One test,
    so that the Hard bot plays two games rather than four."""
    calls = _checked_determinize(monkeypatch)
    first = [spy(bot(level, 11)), spy(bot("easy", 12))]
    _assert_only_own_views(first, play_game(first, 5, game=FT))
    if level != "easy":
        assert calls and set(calls) == {0}
    again = [spy(bot(level, 11)), spy(bot("easy", 12))]
    play_game(again, 5, game=FT)
    assert first[0].answers == again[0].answers


def test_normal_beats_easy_in_a_short_series():
    wins = 0.0
    for g in range(2):
        seating = ["normal", "easy"] if g % 2 == 0 else ["easy", "normal"]
        bots = [bot(level, 100 + g + i) for i, level in enumerate(seating)]
        result = play_game(bots, 200 + g, game=FT)
        wins += result.win_share(seating.index("normal"))
    assert wins == 2


def test_a_view_does_not_change_when_others_hidden_tiles_are_shuffled():
    """What a bot gets cannot depend on (so cannot reveal) other players' face-down tiles."""
    import random

    from forum_trajanum.games.forum_trajanum.engine import apply, current_player, new_game, view

    rng = random.Random(4)
    state = new_game(8, players=3)
    bots = [bot("easy", s) for s in range(3)]
    checked = 0
    for step in range(150):
        seat = current_player(state)
        if step % 10 == 0:
            other = state.players[(seat + 1) % 3]
            cells = [c for c in range(36) if other.grid[c] >= 0 and c not in (0, 5, 30, 35)]
            if len(cells) >= 2:
                shuffled = state.clone()
                tiles = [other.grid[c] for c in cells] + [other.river]
                rng.shuffle(tiles)
                target = shuffled.players[other.seat]
                for c, t in zip(cells, tiles, strict=False):
                    target.grid[c] = t
                target.river = tiles[-1]
                assert view(shuffled, seat) == view(state, seat)
                checked += 1
        apply(state, bots[seat].choose(view(state, seat)), seat)
    assert checked >= 5
