"""Privacy by construction over the network (issue 30: "along whole games of both games with
2-4 clients, scan every byte sent to each client for every other seat's hidden information
(hands, face-down draws, private drafts) - none").

Every message each client received is kept as the bytes that came. After the game, the host's
record is replayed, and each message is checked against the state it was sent at:

- every byte of a state message is accounted for: its JSON is exactly the seat's own view
  (``Game.view(state, seat)``), its legal actions, the public log lines, the public counters
  and scores; no other message carries anything of the game but names and options;
- the view's bytes are the same in worlds the seat cannot tell apart from the real one (every
  other seat's hidden cards and tiles and the face-down piles drawn again: ``determinize``),
  so they hold nothing of what is hidden from the seat;
- and, plainly: no other seat's hand (Trajan) nor its river tile, tiles in hand and passed
  tile of the draft (Forum Trajanum) are in them.
"""

from __future__ import annotations

import json
import random

import pytest

from forum_trajanum.core.timeline import Timeline
from forum_trajanum.net.protocol import State
from forum_trajanum.net.views import legal_texts, view_data
from tests.net.helpers import hosting, joined, play_to_the_end

STATE_FIELDS = set(State.model_fields)


def replayed(session):
    """The state after each number of actions, the public log lines (seat, text) by then,
    and who played each action and what it led to by itself (the game's ``played_alone``),
    from the host's record."""
    rules = session.rules
    timeline = Timeline(session.record, rules)
    states, logs, alone = [timeline.state.clone()], [[]], [(-1, "")]
    for step in timeline:
        states.append(step.after.clone())
        logs.append(logs[-1] + list(step.lines))
        alone.append((step.seat, rules.played_alone(step.before, step.action, step.after)))
    assert timeline.good == len(session.record.actions)
    return states, logs, alone


def other_seats_secrets_absent(game: str, state, sent: dict, seat: int) -> None:
    """The plain check: the hidden things of every other seat, as the game names them."""
    for other, player in enumerate(state.players):
        if other == seat:
            continue
        if game == "trajan":
            shown = sent["players"][other]["hand"]
            assert all(card == -1 or card in player.known for card in shown)
            assert len(shown) == len(player.hand)
        elif state.phase != "over":
            colonia = sent["colonias"][other]
            assert colonia["river"] == "" and colonia["passed"] == "" and colonia["female"] == ""
            assert colonia["taken"] == []
    if game == "trajan":
        assert set(sent["deck"]) <= {-1} and sent["seed"] == 0


@pytest.mark.long
@pytest.mark.parametrize(
    ("game", "entries"),
    [
        ("forum-trajanum", ("Ann", "Bob", "Cy", "Di")),
        ("trajan", ("Ann", "Bob", "easy")),
        ("trajan", ("Ann", "Bob", "Cy", "Di")),
    ],
    ids=["forum-trajanum-4-people", "trajan-2-people-1-bot", "trajan-4-people"],
)
async def test_every_byte_sent_to_a_seat_is_its_own_view_and_public_lines_only(game, entries):
    async with hosting(game, *entries, seed=3) as hosted:
        table = hosted.table()
        async with joined(hosted.addresses[1], keep_frames=True) as clients:
            await play_to_the_end(clients, seed=5)
            for client in clients:
                await client.wait_for(lambda c: c.state.over)
            session = table.session
            rules = session.rules
            states, logs, alone = replayed(session)
            names = [session.name(s) for s in range(session.players)]
            checked = 0
            for client in clients:
                seat = client.seat
                rng = random.Random(seat)
                for raw in client.frames:
                    frame = json.loads(raw)
                    if frame["type"] != "state":
                        # names, options, presence, answers: nothing of the game's state
                        assert frame["type"] in ("welcome", "presence", "answer"), frame
                        if frame["type"] == "welcome":
                            assert frame["names"] == names and frame["seat"] == seat
                        assert len(raw) < 1000
                        continue
                    assert set(frame) == STATE_FIELDS
                    state = states[frame["steps"]]
                    view = rules.view(state, seat)
                    assert frame["view"] == view_data(view)
                    assert frame["legal"] == legal_texts(view)
                    lines = logs[frame["steps"]][frame["log_start"] :]
                    assert [(x["seat"], x["text"]) for x in frame["log"]] == lines
                    assert frame["decider"] == rules.current_player(state)
                    assert frame["scorings"] == rules.scorings(state)
                    actor, words = alone[frame["steps"]]
                    assert frame["played_alone"] in ("", words if actor == seat else "")
                    # a world the seat cannot tell from this one gives the same bytes
                    world = rules.determinize(view, rng)
                    assert view_data(rules.view(world, seat)) == frame["view"]
                    other_seats_secrets_absent(game, state, frame["view"], seat)
                    checked += 1
            assert checked > 300 * len(clients) // 2
