"""What a tester met playing a whole Trajan game at 80x24 against a hard bot: the Forum
action's "Take the extra action: Seaport" read as doing a Seaport action now, the hint named
entries below the visible list, the trays' plan lines said "round ends" where the round's end
ends the game, and "Meanwhile:" showed only the round's end when the bot's move was hidden."""

from __future__ import annotations

from forum_trajanum.games.trajan import data as D
from forum_trajanum.games.trajan.engine.actions import FORUM_KEYS, TILE_KEY
from forum_trajanum.games.trajan.engine.rules import apply
from forum_trajanum.games.trajan.engine.view import SPECS, public_lines, view
from forum_trajanum.games.trajan.ui.glossary import GLOSSARY

from .helpers import random_game

SEEDS = range(1, 9)


def _forum_extra_offers():
    """(view of the chooser, a Forum action taking an extra action tile) in random games."""
    for seed in SEEDS:
        for state, action in random_game(seed, 2):
            if action.kind == "forum" and FORUM_KEYS[action.key][0] in ("extra", "wild_extra"):
                yield view(state, state.tasks[-1].player), action, state


def test_the_forum_entry_for_an_extra_action_tile_says_it_is_a_tile_to_repeat_that_action_later():
    # EN l.634-638: after performing an action a player may repeat it by discarding an extra
    # action tile showing that action; the tile is kept until then. "Take the extra action:
    # Seaport" read as doing a Seaport action now.
    seen = 0
    for v, action, _ in _forum_extra_offers():
        kind, value = FORUM_KEYS[action.key]
        words = SPECS["forum"].words(v, action)
        if kind == "extra":
            act = D.ACTIONS[value]
            assert words == (
                f"Take an extra action tile ({act}): later, play it to repeat a {act} action"
            )
        else:
            assert words == "Take the extra action wild card (stands for any extra action tile)"
        assert "Take the extra action:" not in words
        seen += 1
    assert seen >= 3


def test_the_coach_explains_the_extra_action_tile_when_the_forum_action_offers_one():
    # EN l.634-640: what the tile does, in the words the coach and the legend (g) show
    word = "extra action tile"
    meaning = GLOSSARY.words[word]
    assert "once more" in meaning and "One per turn" in meaning and "[+2]" in meaning
    for v, _, state in _forum_extra_offers():
        assert word in [note.word for note in GLOSSARY.notes_shown(v, set())]
        other = view(state, 1 - v.viewer)  # not their decision: only a tile they own says it
        tiles = other.players[other.viewer].tiles
        owns = any(FORUM_KEYS[TILE_KEY[t]][0] in ("extra", "wild_extra") for t in tiles)
        assert (word in [n.word for n in GLOSSARY.notes_shown(other, set())]) == owns


def test_the_log_says_a_spent_extra_action_tile_repeated_the_action():
    # EN l.634: discarding the tile repeats the action just performed
    found = 0
    for seed in SEEDS:
        for state, action in random_game(seed, 2):
            if action.kind != "extra":
                continue
            act = D.ACTIONS[state.tasks[-1].action]
            before = state.clone()
            after = state.clone()
            apply(after, action)
            lines = [text for _, text in public_lines(before, action, after)]
            what = "the extra action wild card" if action.wild else "an extra action tile"
            assert f"spent {what} to repeat {act}" in lines[0], lines
            found += 1
    assert found >= 1
