"""Every entry of every decision list has a key (issue 27, item 2: a build step listed about
50 entries and those past Z had none; Trajan's help named only 1-9). Along random games of
both games, each decision's list has at most 35 entries on each level (1-9, A-Z), every
legal action is on exactly one level (the top, or one group's, whose entry has a key), and
the engine's first action, the one that spends nothing, is the top entry."""

from __future__ import annotations

from collections import Counter

from hypothesis import given, settings
from hypothesis import strategies as st

from forum_trajanum.games.forum_trajanum.ui.entries import list_groups
from forum_trajanum.games.forum_trajanum.ui.help import KEYS as FORUM_KEYS
from forum_trajanum.games.trajan.engine import rules as trajan_rules
from forum_trajanum.games.trajan.engine.state import TrajanOptions
from forum_trajanum.games.trajan.engine.view import view as trajan_view
from forum_trajanum.games.trajan.ui.choices import list_entries
from forum_trajanum.games.trajan.ui.help import KEYS as TRAJAN_KEYS
from forum_trajanum.tui.grouping import BACK_ID, GROUP_ID, fit_groups
from forum_trajanum.tui.keys import ENTRY_KEYS
from tests.engine.games import Step, games, share

LIMIT = len(ENTRY_KEYS)


def _levels_fit(legal: list, groups: dict[str, list]) -> None:
    grouped = Counter(a for members in groups.values() for a in members)
    assert all(n == 1 for n in grouped.values())  # no action in two groups
    loose = [a for a in legal if a not in grouped]
    assert len(loose) + len(groups) <= LIMIT, (len(loose), len(groups))
    assert all(len(members) + 1 <= LIMIT for members in groups.values())  # and "back"
    assert set(loose) | set(grouped) == set(legal)
    assert legal[0] in loose  # the top entry stays on top


def _forum_lists_fit(_state):
    def check(step: Step) -> None:
        _levels_fit(step.legal, list_groups(step.legal))

    return check


@settings(max_examples=share(0.5), deadline=None)
@given(games(checks=[_forum_lists_fit]))
def test_forum_trajanum_lists_have_a_key_for_every_entry_along_random_games(game):
    assert game.record.actions


@settings(max_examples=share(0.5), deadline=None)
@given(seed=st.integers(0, 2**32), players=st.sampled_from((2, 3, 4)), data=st.data())
def test_trajan_lists_have_a_key_for_every_entry_along_random_games(seed, players, data):
    state = trajan_rules.new_game(seed, TrajanOptions(players=players))
    while not trajan_rules.is_over(state):
        legal = trajan_rules.legal_actions(state)
        if len(legal) > 1:
            v = trajan_view(state, state.tasks[-1].player)
            top = list_entries(v, legal, None)
            # the engine's top entry on top, but a pass: last, as in every list (issue 36.6)
            first = -1 if legal[0].kind == "pass" else 0
            assert len(top) <= LIMIT and top[first][0] == str(legal[0])
            reached = [i for i, _ in top if not i.startswith(GROUP_ID)]
            for entry, _ in top:
                if entry.startswith(GROUP_ID):
                    inside = list_entries(v, legal, entry.removeprefix(GROUP_ID))
                    assert len(inside) <= LIMIT and inside[-1][0] == BACK_ID
                    reached += [i for i, _ in inside[:-1]]
            # every choice once; a tray's marker pair under each of its two colours
            by_colour = any(i.startswith(GROUP_ID + "colour:") for i, _ in top)
            twice = {
                str(a)
                for a in legal
                if by_colour and a.kind == "markers" and a.pair >= 0 and a.pair % 7
            }  # two colours: pair = c1 * 6 + c2, and c1 == c2 exactly when 7 divides it
            assert sorted(set(reached)) == sorted(str(a) for a in legal)
            assert all(reached.count(i) == (2 if i in twice else 1) for i in reached)
        index = data.draw(st.integers(0, len(legal) - 1)) if len(legal) > 1 else 0
        trajan_rules.apply(state, legal[index])


def test_a_list_of_two_hundred_goes_into_groups_by_kind_and_parts():
    # the grouping's own test: 1 top entry, 150 of one kind (in parts of at most 34) and 49
    # of another, none left without a key
    legal = ["end", *(f"a{n}" for n in range(150)), *(f"b{n}" for n in range(49))]
    groups = fit_groups(legal, {}, lambda a: a[0] if a != "end" else "")
    _levels_fit(legal, groups)
    assert {name.split("#")[0] for name in groups} == {"a", "b"}


def test_the_help_of_both_games_names_the_letter_keys():
    for keys in (FORUM_KEYS, TRAJAN_KEYS):
        assert any("Shift+A-Z" in key and "1-9" in key for key, _ in keys)
