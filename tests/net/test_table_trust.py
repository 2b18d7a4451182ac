"""A seat learns nothing of another seat's hidden choices from the host's answers (issue 35,
point 2): a resend of a past decision is recognised for the seat that decided it only; to any
other seat, a right and a wrong guess at that hidden choice get the same answer."""

from __future__ import annotations

import pytest

from forum_trajanum.core.timeline import Timeline
from tests.net.helpers import hosting, joined, play_to_the_end

#: The hidden choices: Forum Trajanum's draft keep (the tile kept is the seat's own until it
#: builds), Trajan's marker placement at setup (each seat's own arrangement).
HIDDEN = {"forum-trajanum": "keep ", "trajan": "markers "}


def hidden_steps(session, prefix: str) -> list[tuple[int, int, str, str]]:
    """Every past step whose action starts with ``prefix``: (step, seat that decided it, the
    action played, another action that seat could have played there)."""
    rules = session.rules
    found = []
    for number, step in enumerate(Timeline(session.record, rules)):
        played = str(step.action)
        if not played.startswith(prefix):
            continue
        legal = [str(a) for a in rules.view(step.before, step.seat).legal]
        other = next(text for text in legal if text != played)
        found.append((number, step.seat, played, other))
    return found


@pytest.mark.parametrize("game", ["forum-trajanum", "trajan"])
async def test_a_guess_at_another_seats_hidden_past_choice_gets_the_same_answer_right_or_wrong(
    game,
):
    prefix = HIDDEN[game]
    async with hosting(game, "Ann", "Bob", seed=11) as hosted:
        table = hosted.table()

        def two_hidden_choices(_clients) -> bool:
            actions = table.session.record.actions
            return sum(a.startswith(prefix) for a in actions) >= 2

        async with joined(hosted.addresses[1]) as clients:
            await play_to_the_end(clients, seed=4, until=two_hidden_choices)
            undos = table.hosted.undos
            steps = hidden_steps(table.session, prefix)
            assert len(steps) >= 2
            for step, decider, played, other in steps:
                decision = f"{step}.{undos}"
                guesser = clients[1 - decider]
                right = await guesser.act(played, decision=decision)
                wrong = await guesser.act(other, decision=decision)
                assert (right.applied, right.words) == (wrong.applied, wrong.words)
                assert not right.applied
                # the seat that chose it is still told its resend was played (once)
                before = len(table.session.record.actions)
                resent = await clients[decider].act(played, decision=decision)
                assert resent.applied
                assert len(table.session.record.actions) == before
