"""A seat's view travels as JSON and is rebuilt the same on the other side (issue 30: "the
join client ... shows exactly the host's state")."""

from __future__ import annotations

import json
import random

import pytest

from forum_trajanum.core.game import GAMES
from forum_trajanum.net.views import legal_texts, rebuilt_view, view_data


@pytest.mark.parametrize("game", GAMES.names())
def test_every_seats_view_rebuilt_from_its_json_equals_the_hosts_along_a_whole_game(game):
    rules = GAMES.get(game)
    options = rules.options(players=3)
    state = rules.new_game(11, options)
    rng = random.Random(4)
    checked = 0
    while not rules.is_over(state):
        for seat in (-1, 0, 1, 2):
            view = rules.view(state, seat)
            text = json.dumps(view_data(view))
            again = rebuilt_view(rules, options, json.loads(text), legal_texts(view))
            assert again == view
            assert legal_texts(again) == legal_texts(view)
            checked += 1
        rules.apply(state, rng.choice(rules.legal_actions(state)))
    assert checked > 400  # a whole game


def test_a_task_record_read_back_from_its_json_equals_the_one_written():
    # the core's task records (a view's ``tasks``) travel too: tuples and enums come back
    rules = GAMES.get("trajan")
    state = rules.new_game(3, rules.options(players=2))
    rng = random.Random(1)
    seen = set()
    while not rules.is_over(state) and len(seen) < 8:
        data = json.loads(state.model_dump_json())
        assert type(state).model_validate(data).tasks == state.tasks
        seen.update(task.kind for task in state.tasks)
        rules.apply(state, rng.choice(rules.legal_actions(state)))
    assert len(seen) >= 8
