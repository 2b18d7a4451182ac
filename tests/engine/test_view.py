"""Player views hold nothing but what the player may know (rules "Setup" 5-6: tiles face down,
the river tile seen only by its owner; "Take 2 Colonia tiles": tiles passed face down, "Once all
players have passed ... they may look at the tile they have been given"; "The other players turn
over their tiles only when it's their turn"; DE "1. Coloniaplättchen nehmen", "2. a)")."""

from __future__ import annotations

import random
from collections import Counter

from hypothesis import given, settings

from forum_trajanum.games.forum_trajanum.data import BUILDING_SPACES, cell_index
from forum_trajanum.games.forum_trajanum.engine import (
    decision_kind,
    legal_actions,
    new_game,
    public_description,
    view,
)
from forum_trajanum.games.forum_trajanum.engine.cells import CellKind, tile_cell
from forum_trajanum.games.forum_trajanum.engine.determinize import determinize
from forum_trajanum.games.forum_trajanum.engine.rules import current_player
from forum_trajanum.games.forum_trajanum.engine.state import tile_kind

from .games import every, games, share
from .helpers import act, drafted_game, play_first_while, refresh, swap_tiles


def hidden_cells(pl):
    return [c for c in BUILDING_SPACES if pl.grid[c] >= 0]


def two_hidden_of_different_kinds(pl):
    cells = hidden_cells(pl)
    first = cells[0]
    second = next(c for c in cells if tile_kind(pl.grid[c]) != tile_kind(pl.grid[first]))
    return first, second


def dump(state, p):
    return view(state, p).model_dump()


def mid_draft(seed=1):
    """3 players; the start player s has drafted (kept one, passed one) two face-down tiles
    (none from a corner, whose face is public); not all have passed."""
    state = drafted_game(seed=seed, players=3)
    s = current_player(state)
    while current_player(state) == s:
        legal = legal_actions(state)
        inner = [a for a in legal if a.kind == "take" and cell_index(a.cell) in BUILDING_SPACES]
        act(state, str((inner or legal)[0]))
    assert decision_kind(state) == "draft" and not state.all_passed
    assert all(c in BUILDING_SPACES for _, c in state.players[s].drafted)
    return state, s


def test_swapping_face_down_tiles_of_another_player_changes_nothing():
    # Rules "Setup" 5: "place one tile each, with the back facing up, on each individual Colonia
    # space" / DE "mit der Rückseite nach oben".
    state, _s = mid_draft()
    for viewer in range(3):
        for owner in range(3):
            if owner == viewer:
                continue
            pl = state.players[owner]
            before = dump(state, viewer)
            a, b = two_hidden_of_different_kinds(pl)
            pl.grid[a], pl.grid[b] = pl.grid[b], pl.grid[a]
            assert dump(state, viewer) == before
            pl.grid[a], pl.grid[b] = pl.grid[b], pl.grid[a]


def test_another_players_river_tile_is_secret():
    # Rules "Setup" 6: "place it with the back facing up ... you may look at the front of this
    # tile" (only its owner) / DE "Ihr dürft euch die Vorderseite dieses Plättchens vorher
    # ansehen".
    state, s = mid_draft(seed=2)
    owner, viewer = (s + 1) % 3, s
    pl = state.players[owner]
    before = dump(state, viewer)
    cell = next(c for c in hidden_cells(pl) if tile_kind(pl.grid[c]) != tile_kind(pl.river))
    pl.river, pl.grid[cell] = pl.grid[cell], pl.river
    assert dump(state, viewer) == before
    assert dump(state, owner)["colonias"][owner]["river"] == tile_kind(pl.river)


def test_kept_tile_is_secret_until_its_owners_turn():
    # Rules "Now the starting player lays his two tiles face up ... The other players turn over
    # their tiles only when it's their turn" / DE "Die anderen Spieler decken ihre Plättchen erst
    # auf, wenn sie an der Reihe sind".
    state, s = mid_draft(seed=3)
    pl = state.players[s]
    for viewer in ((s + 1) % 3, (s + 2) % 3):
        before = dump(state, viewer)
        cell = next(c for c in hidden_cells(pl) if tile_kind(pl.grid[c]) != tile_kind(pl.kept))
        kept, hidden = pl.kept, pl.grid[cell]
        swap_tiles(state, kept, hidden)
        assert dump(state, viewer) == before
        swap_tiles(state, kept, hidden)
        assert dump(state, viewer)["colonias"][s]["kept"] == ""
    assert dump(state, s)["colonias"][s]["kept"] == tile_kind(pl.kept)


def test_tiles_in_hand_during_the_draft_are_secret():
    # Rules "After taking the first tile from your Colonia, you may have a look at the front"
    # (you, not the others).
    state = drafted_game(seed=4, players=3)
    s = current_player(state)
    first = next(a for a in legal_actions(state) if a.kind == "take" and a.cell[0] in "BCDE")
    act(state, str(first))
    pl = state.players[s]
    held = pl.taken[0][0]
    viewer = (s + 1) % 3
    before = dump(state, viewer)
    # where it came from is secret too until everybody has passed (components.md "Seating and
    # order": the draft reveals no more than the simultaneous physical draft)
    assert before["colonias"][s]["taken_cells"] == ()
    assert before["colonias"][s]["cells"][cell_index(first.cell)] != CellKind.EMPTY
    cell = next(c for c in hidden_cells(pl) if tile_kind(pl.grid[c]) != tile_kind(held))
    swap_tiles(state, held, pl.grid[cell])
    assert dump(state, viewer) == before
    assert dump(state, s)["colonias"][s]["taken"] == (tile_kind(pl.taken[0][0]),)


def test_received_tile_is_secret_until_all_have_passed():
    # Rules "Once all players have passed a tile to their right neighbor, they may look at the
    # tile they have been given" / DE "Sobald alle ihr Plättchen ... weitergegeben haben".
    state, s = mid_draft(seed=5)
    receiver = (s - 1) % 3
    passer = state.players[s]
    rec = state.players[receiver]
    assert rec.received == passer.passed >= 0
    for viewer in range(3):
        if viewer == s:
            continue  # the passer knows what it passed
        before = dump(state, viewer)
        cell = next(
            c for c in hidden_cells(passer) if tile_kind(passer.grid[c]) != tile_kind(rec.received)
        )
        passed, hidden = rec.received, passer.grid[cell]
        swap_tiles(state, passed, hidden)
        assert dump(state, viewer) == before
        swap_tiles(state, passed, hidden)
    assert dump(state, receiver)["colonias"][receiver]["received"] == ""
    assert dump(state, s)["colonias"][s]["passed"] == tile_kind(passer.passed)
    # once everybody has passed, the receiver sees its tile (the others still do not)
    state = play_first_while(state, lambda st: decision_kind(st) == "draft")
    assert state.all_passed
    assert dump(state, receiver)["colonias"][receiver]["received"] == tile_kind(rec.received)
    if receiver != current_player(state):
        other = (receiver + 1) % 3
        assert dump(state, other)["colonias"][receiver]["received"] == ""


def test_the_seed_and_the_street_piles_are_secret():
    # Rules "Setup" 2: face-down draw piles.
    state, s = mid_draft(seed=6)
    before = dump(state, s)
    state.seed += 12345
    pile = state.piles[0]
    pile[0], pile[-1] = pile[-1], pile[0]
    state.piles[1], state.piles[2] = state.piles[2], state.piles[1]
    refresh(state)
    assert dump(state, s) == before
    assert all(str(state.seed) not in str(v) for v in before.values())


def test_owner_sees_its_river_and_the_multiset_of_its_hidden_tiles():
    # components.md "Players know the multiset of their own still-hidden tiles"; rules "Setup" 6.
    state, _s = mid_draft(seed=7)
    for p, pl in enumerate(state.players):
        mine = view(state, p).colonias[p]
        assert mine.river == tile_kind(pl.river)
        assert mine.unseen == dict(Counter(tile_kind(pl.grid[c]) for c in hidden_cells(pl)))
        for q in range(3):
            if q != p:
                assert view(state, q).colonias[p].river == ""
                # the others know the multiset of p's unseen tiles (river included), no more
                theirs = view(state, q).colonias[p].unseen
                assert sum(theirs.values()) >= sum(mine.unseen.values()) + 1


def test_legal_actions_only_in_the_deciders_view():
    # Rules "Game Play": only the player whose turn it is decides; others see no options.
    state, _s = mid_draft(seed=8)
    d = current_player(state)
    assert view(state, d).legal == tuple(legal_actions(state))  # the engine's own actions
    assert all(view(state, q).legal == () for q in range(3) if q != d)


def test_face_up_corner_tiles_and_buildings_are_public():
    # Rules "Setup" 5: "there is now 1 face-up tile in each corner".
    state, s = mid_draft(seed=9)
    other = (s + 1) % 3
    pl = state.players[other]
    cells = view(state, s).colonias[other].cells
    assert cells[0] == tile_cell(tile_kind(pl.grid[0]))
    assert cells[8] == CellKind.TEMPLE
    assert cells[7] == CellKind.HIDDEN


class LogLinesArePublic:
    """The log line of every 4th action, from the state before it, is the same in a world
    sampled for the next player (who cannot tell the two apart)."""

    def __init__(self, state):
        self.before = state.clone()
        self.checked = 0

    def __call__(self, step):
        if self.before is not None:
            onlooker = (step.actor + 1) % len(step.state.players)
            line = public_description(self.before, step.action, step.actor)
            world = determinize(view(self.before, onlooker), random.Random(self.checked))
            assert public_description(world, step.action, step.actor) == line
            self.checked += 1
        self.before = step.state.clone() if (step.number + 1) % 4 == 0 else None


@settings(max_examples=share(0.4))
@given(games(3, checks=[LogLinesArePublic]))
def test_log_lines_hold_only_public_information(game):
    # Architecture "a log of what every player did (public information only)": the log line of
    # an action is the same in every world an onlooker cannot tell apart from the real one.
    assert game.checks[0].checked >= 30  # a 3-player game is some 200 actions or more


def onlookers_view_holds_nobodys_secrets(step):
    state = step.state
    public = view(state, -1)
    assert all(not c.river and not c.taken and not c.passed for c in public.colonias)
    assert public.legal == ()
    for seat in range(len(state.players)):  # a world sampled for any seat looks the same
        assert view(determinize(view(state, seat), random.Random(seat)), -1) == public


@settings(max_examples=share(0.4))
@given(games(4, checks=[every(10, onlookers_view_holds_nobodys_secrets)]))
def test_an_onlookers_view_holds_nobodys_secrets(game):
    """Architecture "a player's screen ... never contain what that player may not know": the
    onlooker's view (player -1, shown while bots play) equals itself in every world that
    differs only in hidden information, for every seat's secrets at once (checked every 10th
    action, inside the strategy)."""


def test_once_the_game_is_over_the_tiles_never_drafted_lie_face_up_for_everybody():
    # Rules "End of the game": after the third scoring nothing is left to play, so nothing is
    # secret any more; the final boards show every tile still lying in a Colonia, so that
    # players see what they never drafted (a face-down tile before the end: the tests above).
    state = play_first_while(new_game(4, players=2), lambda s: s.tasks)
    assert state.phase == "over"
    left = {(pl.seat, c): tile_kind(pl.grid[c]) for pl in state.players for c in hidden_cells(pl)}
    assert left  # first legal actions leave tiles in the grids
    for viewer in (-1, 0, 1):
        shown = view(state, viewer)
        for (seat, cell), kind in left.items():
            assert shown.colonias[seat].cells[cell] == tile_cell(kind)
        assert all(CellKind.HIDDEN not in c.cells for c in shown.colonias)
        world = determinize(shown, random.Random(1))  # a sampled world keeps them where seen
        assert {
            (seat, cell): tile_kind(world.players[seat].grid[cell]) for seat, cell in left
        } == left


def test_a_cycles_scoring_is_logged_per_seat_with_each_category_and_the_total():
    # Rules "End of the cycle - Scoring Phase": cranes, Colonia, Forum (eagles, largest area)
    # and the Trajan card score for every player; the log says each seat's figures (QA: the
    # cycle scorings never appeared in the log).
    from forum_trajanum.games.forum_trajanum.engine import (
        apply,
        is_over,
        legal_actions,
        new_game,
        public_lines,
    )
    from forum_trajanum.games.forum_trajanum.engine.scoring import (
        PLAY_CATEGORIES,
        SCORING_CATEGORIES,
    )
    from forum_trajanum.games.forum_trajanum.engine.words import PLAY_WORDS, SCORING_WORDS

    assert tuple(SCORING_WORDS) == SCORING_CATEGORIES and tuple(PLAY_WORDS) == PLAY_CATEGORIES
    state, found = new_game(4, players=3), 0
    while not is_over(state):
        before = state.clone()
        action = legal_actions(state)[0]
        after = apply(state, action)
        lines = [text for _, text in public_lines(before, action, after)]
        scoring = [(seat, t) for seat, t in public_lines(before, action, after) if "scoring:" in t]
        if len(after.scorings) == len(before.scorings):
            assert not scoring, lines
            continue
        found += 1
        assert [seat for seat, _ in scoring] == [0, 1, 2]
        for seat, text in scoring:
            record = after.scorings[-1][seat]
            phase = sum(record[k] for k in SCORING_CATEGORIES)
            numeral = ("I", "II", "III")[len(after.scorings) - 1]
            assert text.startswith(f"cycle {numeral} scoring: cranes {record['cranes']}, ")
            assert f"= {phase} VP" in text
            assert text.endswith(f"; {after.players[seat].score} VP in all")
    assert found == 3
