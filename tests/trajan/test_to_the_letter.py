"""Trajan to the letter (issue 40): the rulebook's setup order (the markers first, EN l.107,
then the start player, the bonus tiles and the discard cards, l.113-125), old saves of the
earlier order, and the rulings that read two ways decided, recorded and shown."""

from __future__ import annotations

import json
import random
from pathlib import Path

import pytest

from forum_trajanum.core import timeline as replaying
from forum_trajanum.core.game import GAMES
from forum_trajanum.core.record import RECORD_VERSION, read_record
from forum_trajanum.games.trajan.engine.record import MIGRATIONS
from forum_trajanum.games.trajan.engine.rules import apply, legal_actions, new_game
from forum_trajanum.games.trajan.engine.state import TrajanOptions
from forum_trajanum.games.trajan.engine.view import view

FIXTURES = Path(__file__).parent.parent / "fixtures"


def _other_seed(seed: int, players: int) -> int:
    """A seed whose start player differs from ``seed``'s (the start player is its first draw)."""
    start = random.Random(seed).randrange(players)
    return next(s for s in range(1000) if random.Random(s).randrange(players) != start)


def _unsettled_worlds(seed: int, players: int):
    """Two games that differ only in what is settled after the markers (EN l.113-125): the
    start player (so the senate stack), the bonus tiles drawn, the two face-up cards."""
    one = new_game(seed, TrajanOptions(players=players))
    two = new_game(seed, TrajanOptions(players=players))
    two.seed = _other_seed(seed, players)
    two.bag.reverse()  # other bonus tiles for the seats and the senate
    two.deck.insert(0, two.deck.pop())  # other face-up cards
    two.deck.insert(0, two.deck.pop())
    return one, two


@pytest.mark.parametrize(("seed", "players"), [(3, 2), (5, 3), (8, 4)])
def test_while_the_markers_are_placed_no_seat_sees_the_start_player_bonus_tiles_or_discards(
    seed, players
):
    """EN l.107 (the markers are placed) comes before l.113-125 (the start player, the senate
    stack, a bonus tile each and two beside the senate, the two face-up cards): the seats place
    in seat order, and two games that differ only in those give every placing seat the same
    view, title and choices; once the last seat has placed they are settled and told."""
    one, two = _unsettled_worlds(seed, players)
    placing = []
    while one.decision == "markers":
        seat = one.decider
        assert two.decider == seat
        placing.append(seat)
        for watcher in (seat, -1):
            assert view(one, watcher) == view(two, watcher)
        mine = view(one, seat)
        assert mine.start_player == -1 and mine.senate_bonus == [] and mine.discards == [[], []]
        assert all(pl.bonus == [] for pl in mine.players)
        assert "start player" not in mine.title
        choices = [str(a) for a in legal_actions(one)]
        assert choices == [str(a) for a in legal_actions(two)]
        action = legal_actions(one)[seat % len(choices)]
        apply(one, action)
        apply(two, next(a for a in legal_actions(two) if str(a) == str(action)))
    assert [p for i, p in enumerate(placing) if i == 0 or placing[i - 1] != p] == list(
        range(players)
    )  # seat order, each seat's trays in one go
    # settled now: the worlds differ, and the start player decides first
    assert one.start_player != two.start_player
    assert one.decider == one.start_player and one.decision == "card"
    assert [pl.bonus for pl in one.players] != [pl.bonus for pl in two.players]
    assert one.discards != two.discards and len(one.senate_bonus) == 2


async def test_the_second_seats_marker_screen_is_the_same_whatever_is_settled_after(
    tmp_path, monkeypatch
):
    """EN l.107 before l.113-125 on the rendered screen at 80x24: the second seat's marker
    decision reads the same on every panel whatever start player, bonus tiles and face-up
    cards the game will settle after the markers."""
    from forum_trajanum.core.session import GameSession
    from forum_trajanum.games.trajan.ui.panels import PANEL_KEYS

    from .test_tui_privacy import _panels

    monkeypatch.setenv("FORUM_TRAJANUM_HOME", str(tmp_path / "home"))
    monkeypatch.setattr("forum_trajanum.tui.keys.CHOICE_HOLD", 0.001)
    shown, settled = [], []
    for world in (0, 1):
        session = GameSession.new(
            5, TrajanOptions(players=2), ["Ann", "Bob"], ["", ""], autosave=False, game="trajan"
        )
        if world:
            _one, two = _unsettled_worlds(5, 2)
            session.state = two
        session.play("markers rest")
        assert session.state.decision == "markers" and session.decider == 1
        shown.append(await _panels(session, pages=3))
        session.play("markers rest")  # the last placement: now it is settled
        settled.append((session.state.start_player, [pl.bonus for pl in session.state.players]))
    assert settled[0] != settled[1]  # the worlds do differ in what is settled after
    for panel in PANEL_KEYS:
        assert shown[0][panel] == shown[1][panel], f"the {panel} panel tells the worlds apart"
    board = " ".join(shown[0]["board"].split())
    assert "drawn once every player has placed their markers" in board


def test_a_save_of_the_earlier_setup_order_replays_to_the_same_game():
    """A version-3 save (made before issue 40, its markers placed from the start player on,
    seat 3 first) replays, once Trajan's migration has moved the placements into seat order,
    to exactly the position the earlier release reached (tests/fixtures/README.md)."""
    text = (FIXTURES / "v3-trajan-save.json").read_bytes()
    expected = json.loads((FIXTURES / "v3-trajan-save.expected.json").read_text())
    assert json.loads(text.splitlines()[0])["record_version"] == 3 < RECORD_VERSION
    found = read_record(text, GAMES)
    assert not found.problem and found.lost == 0
    actions = found.record.actions
    assert len(actions) == expected["actions"]
    assert actions != [json.loads(line) for line in text.splitlines()[1:]]  # moved
    state = replaying.replay(found.record)
    assert state.start_player == expected["start_player"] == 2
    assert (state.quarter, state.round, state.time) == (
        expected["quarter"],
        expected["round"],
        expected["time"],
    )
    assert [p.score for p in state.players] == expected["scores"]
    assert [p.trays for p in state.players] == expected["trays"]
    assert [sorted(p.hand) for p in state.players] == expected["hands"]
    assert [p.slots for p in state.players] == expected["slots"]
    assert [p.bonus for p in state.players] == expected["bonus"]
    assert state.tasks[-1].player == expected["decider"]
    assert sorted(str(a) for a in legal_actions(state)) == expected["legal"]
    # written again, it is a file of the current version that reads as it is
    again = read_record(found.record.to_json(), GAMES)
    assert again.record.actions == actions


def _v3(seed: int, actions: list[str], players: int = 3) -> dict:
    return {"seed": seed, "options": {"players": players}, "actions": actions}


def test_a_save_left_while_the_markers_were_placed_keeps_what_seat_order_can_take():
    """An old save made during the placements: seat 3 (the start player of seed 10) had placed
    and seat 1 was placing; in seat order seat 1 places first, so its placements so far are
    kept and seat 3's are placed again (it replays; nothing is placed for the wrong seat)."""
    step = MIGRATIONS[3]
    assert random.Random(10).randrange(3) == 2
    old = ["markers BB", "markers rest", "markers GG"]
    assert step(_v3(10, old))["actions"] == ["markers GG"]
    # seat 1 started (seed 0): nothing moves
    assert random.Random(0).randrange(3) == 1
    assert step(_v3(0, old))["actions"] == old
    # a complete setup moves block by block, the rest kept as it was
    done = ["markers rest", "markers BB", "markers rest", "markers OO", "markers rest", "x"]
    assert step(_v3(10, done))["actions"] == [
        "markers BB",
        "markers rest",
        "markers OO",
        "markers rest",
        "markers rest",
        "x",
    ]
    # an unknown action in the setup is left where it is (the replay says where it stops)
    assert step(_v3(10, ["fly to the moon"]))["actions"] == ["fly to the moon"]


# ── words (point 6) ────────────────────────────────────────────────────────────────────


def test_the_grey_construction_bonus_tile_says_rounded_up_as_it_scores():
    """EN l.560-564: the grey construction bonus tile gives "1/2 VP only (rounded up)" per
    worker on a site: its words say "rounded up", on every screen that words a tile, and 3
    workers do score 2 VP."""
    from forum_trajanum.games.trajan import data as D
    from forum_trajanum.games.trajan.engine import words as W
    from forum_trajanum.games.trajan.engine.scoring import bonus_items

    from .helpers import after_setup

    tile = next(i for i, t in enumerate(D.BONUS_TILES) if t.kind == "construction")
    assert "1 VP per 2 workers on sites, rounded up" in W.bonus_tile(tile, yellow=False)
    assert "1 VP per 2 workers on sites, rounded up" in W.bonus_scores(tile, yellow=False)
    assert "rounded up" not in W.bonus_tile(tile, yellow=True)
    s = after_setup(2)
    pl = s.players[0]
    pl.bonus, pl.yellow, pl.sites = [tile], [False], [0, 5, 9]
    assert [item.vp for item in bonus_items(s, 0)] == [2]


def test_the_help_says_a_demand_wild_card_meets_a_demand():
    """EN l.622: "Demand wild card: This wild card is a substitute for any tile needed to meet
    the people's demands" (R24): the help's rules and its legend of demands say so."""
    from forum_trajanum.games.trajan import data as D
    from forum_trajanum.games.trajan.ui.help import legend, rules_text

    rules = " ".join(rules_text().plain.split())
    assert "meets every demand with a matching forum tile, a demand wild card or a kept" in rules
    from rich.console import Console

    console = Console(width=200, record=True)
    console.print(legend())
    shown = " ".join(console.export_text().split())
    for word in D.DEMANDS:
        assert f"met by a forum {word} tile, a demand wild card or a kept Trajan tile" in shown


# ── rulings that read two ways (points 4 and 5) ───────────────────────────────────────


def test_r38_a_senate_tile_in_a_province_stays_at_a_quarters_end():
    """R38 (EN l.481 "All senate tiles, no matter if they were used or not", l.604 "All face-up
    senate tiles are removed from the game at the end of a quarter year", l.487): the senate
    tiles on the players' mats leave; one lying in a province stays for a leader to take."""
    from forum_trajanum.games.trajan import data as D
    from forum_trajanum.games.trajan.engine.rules import FLOW
    from forum_trajanum.games.trajan.engine.tasks import QuarterCloseTask

    from .helpers import after_setup

    s = after_setup(4)
    senate = [t for t in D.FORUM_PILE if D.FORUM_TILES[t].kind == "senate"]
    on_mat, in_province = senate[0], senate[1]
    both = (on_mat, in_province)  # taken from wherever the deal put them
    s.forum_pile = [t for t in s.forum_pile if t not in both]
    s.forum = [-1 if t in both else t for t in s.forum]
    s.provinces = [-1 if t in both else t for t in s.provinces]
    s.players[0].tiles.append(on_mat)
    s.provinces[3] = in_province
    s.tasks = [QuarterCloseTask(0)]
    s.__pydantic_private__["_legal"] = None
    FLOW.run_automatic(s)
    assert on_mat not in s.players[0].tiles and on_mat in s.gone_tiles
    assert s.provinces[3] == in_province and in_province not in s.gone_tiles


def test_r39_each_player_takes_their_three_starting_trajan_tiles_in_a_row():
    """R39 (EN l.129 "all players select 3 Trajan tiles, in player order"): one player's three
    tiles, then the next player's, in turn order from the start player."""
    s = new_game(6, TrajanOptions(players=3))
    while s.decision != "start":
        apply(s, legal_actions(s)[0])
    takers = []
    while s.decision == "start":
        takers.append(s.decider)
        apply(s, legal_actions(s)[0])
    order = [(s.start_player + i) % 3 for i in range(3)]
    assert takers == [p for p in order for _ in range(3)]


def test_every_ruling_is_in_the_data_module_with_its_line_and_in_the_help_list():
    """Issue 40: each ruling of Trajan is in the data module with the rulebook lines it reads,
    and the help's rulings list (``?``, tab 4) shows exactly those, with their lines: a ruling
    in one place and not the other fails here."""
    import re

    from forum_trajanum.games.trajan import data as D
    from forum_trajanum.games.trajan.ui.help import PAGES

    for ruling in D.RULINGS:
        assert re.fullmatch(r"(EN|PL) l\.\d+(-\d+)?(, l\.\d+(-\d+)?)*", ruling.source), ruling
    shown = dict(PAGES.rulings)
    assert list(shown) == [r.code for r in D.RULINGS]
    for ruling in D.RULINGS:
        assert shown[ruling.code] == f"{ruling.text} ({ruling.source})"
    # the rulings issue 40 asked to be recorded are there
    texts = " ".join(r.text for r in D.RULINGS)
    assert "a senate tile lying in a province stays" in texts
    assert "three starting Trajan tiles in a row" in texts
    assert "only then are the start player drawn" in texts


def test_the_help_says_a_forum_tile_meeting_a_demand_is_spent():
    # EN l.413-419: "each player has to spend one matching forum tile for each revealed demand
    # tile ... All forum tiles used ... will be removed from the game"; a first-timer read "they
    # meet the people's demands and count at the end" as keeping them (QA at 80x24, issue 36)
    from forum_trajanum.games.trajan.ui.help import RULES_PARAGRAPHS as RULES

    forum = next(line for line in RULES if line.startswith("Forum:"))
    assert "spent to meet" in forum and "removed from the game" in forum
