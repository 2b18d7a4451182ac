"""One spec per action kind (``engine/specs.py``) and the cell kinds the engine exports
(``engine/cells.py``): checked complete at import, read by the view, the preview and the app."""

from __future__ import annotations

import ast
import dataclasses
from pathlib import Path

import pytest

import forum_trajanum.games.forum_trajanum.engine
from forum_trajanum.games.forum_trajanum import engine
from forum_trajanum.games.forum_trajanum.engine import actions as A
from forum_trajanum.games.forum_trajanum.engine import new_game, view
from forum_trajanum.games.forum_trajanum.engine.cells import (
    CellKind,
    built_cell,
    parse_cell,
    tile_cell,
)
from forum_trajanum.games.forum_trajanum.engine.preview import Preview
from forum_trajanum.games.forum_trajanum.engine.specs import (
    SAYABLE,
    SPECS,
    ActionSpec,
    _registry,
    spec_of,
)

from .helpers import legal_texts, play_first_until, play_first_while


def test_every_action_class_has_exactly_one_spec_with_every_field():
    assert list(SPECS) == list(A.ACTION_KINDS)
    for kind, spec in SPECS.items():
        assert spec.kind == kind and A.ACTION_KINDS[kind] is spec.action
        for name in ("log", "preview", "words", "cells", "forum"):
            assert callable(getattr(spec, name)), (kind, name)
        assert isinstance(spec.reveals, bool) and spec.says <= SAYABLE


def test_a_kind_without_its_spec_or_with_two_is_refused():
    with pytest.raises(TypeError, match=r"misses the action kinds \['end'\]"):
        _registry(*(spec for spec in SPECS.values() if spec.kind != "end"))
    with pytest.raises(TypeError, match="'end' has two specs"):
        _registry(*SPECS.values(), SPECS["end"])


def test_a_spec_must_name_every_function_and_only_preview_parts():
    end = SPECS["end"]
    with pytest.raises(TypeError, match="words is not a function"):
        dataclasses.replace(end, words="End the turn")
    with pytest.raises(TypeError, match="unknown parts"):
        dataclasses.replace(end, says=frozenset(("envoys_maybe",)))
    with pytest.raises(TypeError, match="reveals and draft"):
        dataclasses.replace(end, reveals=1)
    with pytest.raises(TypeError):
        ActionSpec(action=A.EndTurn, log=end.log, reveals=True, preview=end.preview)  # no words
    assert set(Preview.model_fields) >= SAYABLE


def test_another_games_action_of_the_same_word_has_no_forum_trajanum_spec():
    from forum_trajanum.games.trajan.engine.actions import Take

    take = Take.make(0)
    assert take.kind == "take" and spec_of(take) is None
    assert spec_of(A.TakeTile.make("A1", 1, False)) is SPECS["take"]


def test_the_draft_steps_are_the_kinds_whose_log_waits_for_everybody():
    assert {k for k, s in SPECS.items() if s.draft} == {"take", "skip", "keep"}
    assert all(SPECS[k].secret for k in ("take", "skip", "keep", "pick"))


def test_the_engine_imports_nothing_from_the_app():
    found = []
    for path in Path(forum_trajanum.games.forum_trajanum.engine.__file__).parent.glob("*.py"):
        for node in ast.walk(ast.parse(path.read_text())):
            names = []
            if isinstance(node, ast.ImportFrom) and node.module:
                names = [node.module]
            elif isinstance(node, ast.Import):
                names = [alias.name for alias in node.names]
            found += [f"{path.name}: {n}" for n in names if n.startswith("forum_trajanum.tui")]
    assert not found, found


def test_choice_words_and_board_cells_come_from_the_specs():
    state = play_first_while(
        new_game(5, players=2), lambda s: not any(t.startswith("build") for t in legal_texts(s))
    )
    pv = view(state, state.tasks[-1].player)
    me = pv.colonias[pv.viewer]
    builds = [a for a in pv.legal if isinstance(a, A.Build)]
    assert builds
    for action in builds:
        spec = SPECS[action.kind]
        assert spec.words(action, pv, me).startswith("Build ")
        assert spec.cells(action) == tuple(c for c in (action.cell_a, action.cell_b) if c)
        assert spec.forum(action) is None
    assert SPECS["envoy"].forum(A.PlaceEnvoy.make(2, 3)) == (1, 2)
    assert SPECS["envoy"].forum(A.PlaceEnvoy.make(0, 0)) is None


def test_cell_texts_are_written_and_read_by_the_engines_constants():
    assert tile_cell("BLD") == "tile:BLD" and built_cell("L") == "built:L"
    assert parse_cell("tile:BLD") == (CellKind.TILE, "BLD")
    assert parse_cell("built:R") == (CellKind.BUILT, "R")
    for kind in (CellKind.TEMPLE, CellKind.HIDDEN, CellKind.CRANE, CellKind.EMPTY):
        assert parse_cell(kind.value) == (kind, "") and kind == kind.value
    for _ in range(2):  # read again (from what was read before): the same answers
        assert parse_cell("tile:BLD") == (CellKind.TILE, "BLD")
        with pytest.raises(ValueError, match="not a Colonia cell"):
            parse_cell("lake")
    assert engine.CellKind is CellKind and engine.parse_cell is parse_cell


def test_every_cell_of_a_view_is_one_of_the_exported_kinds():
    state = play_first_until(new_game(8, players=3), {"build"})
    seen = set()
    for viewer in (-1, 0, 1, 2):
        for col in view(state, viewer).colonias:
            for text in col.cells:
                kind, detail = parse_cell(text)
                assert (kind in (CellKind.TILE, CellKind.BUILT)) == bool(detail)
                seen.add(kind)
    assert {CellKind.TEMPLE, CellKind.HIDDEN, CellKind.TILE} <= seen
    for col in view(state, 0).colonias:
        assert all(type(text) is str for text in col.cells)  # plain texts, not enum members
