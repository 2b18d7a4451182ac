"""The decision model's registries: every task kind is declared once (record, title, phase) and
ruled once (options and handler, or an automatic run); actions are derived from their classes
(architecture.md "Rules library": actions are small immutable values with a text form)."""

from __future__ import annotations

from typing import Literal, NamedTuple

import pytest

from forum_trajanum.games.forum_trajanum.engine import actions as A
from forum_trajanum.games.forum_trajanum.engine import new_game, view
from forum_trajanum.games.forum_trajanum.engine import tasks as T
from forum_trajanum.games.forum_trajanum.engine.tasks import (
    TASK_TYPES,
    TASKS,
    automatic,
    decides,
    record,
)

DECISIONS, AUTOMATIC = TASKS.decisions, TASKS.runs


def test_every_task_kind_has_exactly_one_rule():
    assert set(DECISIONS) | set(AUTOMATIC) == set(TASK_TYPES)
    assert not set(DECISIONS) & set(AUTOMATIC)
    for kind, rule in DECISIONS.items():
        assert rule.record is TASK_TYPES[kind]
        assert rule.record.title  # every decision says in words what is decided
        assert 40 < len(rule.record.explain) < 400  # and has a newcomer's explanation


def test_a_task_kind_cannot_be_declared_or_ruled_twice():
    with pytest.raises(ValueError, match="declared twice"):

        @record("envoy", "place an envoy")
        class Envoy(NamedTuple):
            player: int

    with pytest.raises(ValueError, match="registered twice"):
        decides(T.Envoy, options=lambda s, t: [], handle=lambda s, t, a: None)
    with pytest.raises(ValueError, match="registered twice"):
        automatic(T.Upgrade, lambda s, t: None)
    assert TASK_TYPES["envoy"] is T.Envoy and DECISIONS["envoy"].record is T.Envoy


def test_an_action_kind_cannot_be_defined_twice():
    with pytest.raises(TypeError, match="defined twice"):

        class Another(A.Action):
            kind: Literal["end"] = "end"

    assert A.ACTION_KINDS["end"] is A.EndTurn
    assert set(A.ACTION_KINDS) == {cls.model_fields["kind"].default for cls in A.ACTION_TYPES}


def test_views_carry_typed_task_records_that_round_trip_through_json():
    pv = view(new_game(3, players=2), 0)
    assert pv.task == T.SetupCranes(0) and pv.title == "choose crane colours"
    again = type(pv).model_validate_json(pv.model_dump_json())
    assert again == pv and type(again.task) is T.SetupCranes
    assert all(type(t) is type(u) for t, u in zip(again.tasks, pv.tasks, strict=True))


def test_a_citizen_task_in_a_view_shows_the_citizen_but_not_its_tile_id():
    task = T.Citizen(1, 40, "ship", "PAT", 1)
    assert task.public() == T.Citizen(1, -1, "ship", "PAT", 1)


def test_the_decision_kinds_the_app_compares_with_are_exactly_the_ones_the_rules_register():
    # issue 15: the app and the bots use the engine's Decision constants, never their own
    # strings; a decision kind added to the rules must be added to the contract too
    from forum_trajanum.games.forum_trajanum.engine import rules  # noqa: F401 - registers every decision
    from forum_trajanum.games.forum_trajanum.engine.tasks import (
        TASKS,
        Decision,
        Phase,
        decision_phase,
    )

    assert {d.value for d in Decision} == set(TASKS.decisions) | {"over"}
    assert decision_phase(Decision.SETUP_CRANES) == Phase.SETUP
    assert decision_phase(Decision.HANDICAP) == Phase.SETUP
    assert decision_phase(Decision.DRAFT) == Phase.DRAFT
    assert decision_phase(Decision.PAY) == Phase.SCORING
    # the follow-up decisions keep the phase of the turn they interrupt
    assert decision_phase(Decision.STEP) == Phase.TURN == decision_phase(Decision.BUILD)


def test_no_module_of_the_app_spells_an_action_text_or_a_decision_kind_itself():
    import re
    from pathlib import Path

    import forum_trajanum.tui

    # (a key called "end" in a Binding is a key, not an action)
    spelled = re.compile(
        r"""(decision\s*(==|!=|in)\s*\(?\s*["'])"""
        r"""|(?<!Binding\()["']end["'](?!\s*:)|["'](cranes |use res)"""
    )
    found = [
        f"{path.name}:{n}"
        for path in Path(forum_trajanum.tui.__file__).parent.glob("*.py")
        for n, line in enumerate(path.read_text().splitlines(), start=1)
        if spelled.search(line)
    ]
    assert not found, found
